package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columnar reads (option {@code columnar}, on by default): scans of flat columns give Spark column
 * batches, one per chunk with matches, and the same rows, pushdown, pruning and splits as row reads;
 * scans of lists or objects, pushed counts and {@code columnar=false} read rows.
 */
class ColumnarReadTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Path file;
    static final String FLAT = "id, name, score, price, at, flag, data, meta";

    @BeforeAll
    static void setUp() throws Exception {
        spark = SharedSpark.get();
        SampleFiles.write(dir, 1, WriteOptions.defaults()); // 300 rows, 3 chunks
        file = dir.resolve("part-0.jzm");
        JazminFile.append(file, LongStream.range(1000, 1250).mapToObj(SampleFiles::row).iterator(),
                WriteOptions.defaults().withChunkRows(SampleFiles.CHUNK_ROWS));
        JazminFile.delete(file, Filter.in("id", 5L, 150L, 151L, 1000L, 1249L), WriteOptions.defaults());
    }

    private static Dataset<Row> read(boolean columnar) {
        return spark.read().format("jazmin").option("columnar", Boolean.toString(columnar)).load(dir.toString());
    }

    private static BatchScanExec scan(Dataset<Row> df) {
        return SparkRows.scan(df.queryExecution().executedPlan());
    }

    /** The query's rows and its scan's chunk metrics, read with splits of about a fifth of the file. */
    private static Result run(Dataset<Row> df) throws Exception {
        spark.conf().set("spark.sql.files.maxPartitionBytes", Long.toString(Files.size(file) / 5));
        spark.conf().set("spark.sql.files.openCostInBytes", "1");
        try {
            List<Object> rows = SparkRows.ofSpark(df.collectAsList());
            SparkPlan plan = df.queryExecution().executedPlan();
            return new Result(SparkRows.byId(rows), rows.size(), SparkRows.scan(plan).inputRDD().getNumPartitions(),
                    SparkRows.metric(plan, ChunksTotalMetric.NAME), SparkRows.metric(plan, ChunksPrunedMetric.NAME),
                    SparkRows.scan(plan).supportsColumnar());
        } finally {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
            spark.conf().unset("spark.sql.files.openCostInBytes");
        }
    }

    private record Result(List<Object> rows, int count, int partitions, long chunks, long pruned, boolean columnar) {
    }

    private static List<Object> core(Filter filter, String columns) {
        try (JazminReader r = JazminReader.open(file)) {
            return SparkRows.byId(SparkRows.ofCore(r.table().find(filter, RowQuery.all().withSelect(List.of(columns.split(", "))))));
        }
    }

    @Test
    void flatColumnsAreScannedAsBatchesNestedOnesCountsAndTheOptionOffAsRows() {
        Dataset<Row> flat = read(true).selectExpr(FLAT.split(", "));
        assertThat(scan(flat).supportsColumnar()).isTrue();
        assertThat(flat.queryExecution().executedPlan().toString()).contains("ColumnarToRow").contains("BatchScan");
        assertThat(scan(read(true).select("id", "tags")).supportsColumnar()).as("a list column").isFalse();
        assertThat(scan(read(true).select("addr")).supportsColumnar()).as("an object column").isFalse();
        assertThat(scan(read(false).selectExpr(FLAT.split(", "))).supportsColumnar()).as("columnar=false").isFalse();
        Dataset<Row> count = read(true).groupBy().count();
        assertThat(count.first().getLong(0)).isEqualTo(300 + 250 - 5);
        assertThat(scan(count).supportsColumnar()).as("pushed counts").isFalse();
    }

    @Test
    void batchesGiveTheRowsPruningAndSplitsOfRowReads() throws Exception {
        List<Function<Dataset<Row>, Dataset<Row>>> queries = List.of(
                df -> df.selectExpr(FLAT.split(", ")),
                df -> df.where("id >= 1100 AND id < 1200").select("id", "name", "at"),
                df -> df.where("name IS NULL OR flag").select("id", "score", "flag", "data"),
                df -> df.where("at > timestamp_millis(1700000100000)").select("id", "price", "meta"));
        for (Function<Dataset<Row>, Dataset<Row>> q : queries) {
            Result batches = run(q.apply(read(true)));
            Result rows = run(q.apply(read(false)));
            assertThat(batches.columnar()).isTrue();
            assertThat(rows.columnar()).isFalse();
            assertThat(batches.rows()).isEqualTo(rows.rows());
            assertThat(batches.count()).as("no row twice").isEqualTo(rows.count()).isEqualTo(batches.rows().size());
            assertThat(batches.partitions()).as("splits").isGreaterThan(1).isEqualTo(rows.partitions());
            assertThat(batches.chunks()).as("chunks planned").isEqualTo(rows.chunks()).isEqualTo(3 + 3);
            assertThat(batches.pruned()).as("chunks pruned").isEqualTo(rows.pruned());
        }
        assertThat(run(read(true).selectExpr(FLAT.split(", "))).rows()).isEqualTo(core(null, FLAT)).hasSize(545);
        Result range = run(read(true).where("id >= 1100 AND id < 1200").select("id", "name", "at"));
        assertThat(range.rows()).isEqualTo(core(Filter.gte("id", 1100L).and(Filter.lt("id", 1200L)), "id, name, at"));
        assertThat(range.pruned()).as("chunks outside the range skipped").isEqualTo(6 - 1);
    }

    @Test
    void aLimitStopsTheBatchesAndAUserDecimalSchemaFillsDecimalVectors() {
        assertThat(read(true).select("id", "name").limit(7).collectAsList()).hasSize(7);
        Dataset<Row> decimals = spark.read().format("jazmin").schema("id BIGINT, price DECIMAL(12,2)").load(dir.toString());
        assertThat(scan(decimals).supportsColumnar()).isTrue();
        List<Object> fromBatches = SparkRows.byId(SparkRows.ofSpark(decimals.collectAsList()));
        List<Object> fromRows = SparkRows.byId(SparkRows.ofSpark(spark.read().format("jazmin").option("columnar", "false")
                .schema("id BIGINT, price DECIMAL(12,2)").load(dir.toString()).collectAsList()));
        assertThat(fromBatches).hasSize(545).isEqualTo(fromRows);
        assertThat(fromBatches.get(2)).isEqualTo(List.of(2L, "2.50"));
    }
}
