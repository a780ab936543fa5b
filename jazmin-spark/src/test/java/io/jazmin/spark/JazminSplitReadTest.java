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
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One file split across tasks by byte ranges (design note §3, §6 "Splits"): a small
 * {@code spark.sql.files.maxPartitionBytes} cuts it, and each chunk is read by exactly one task,
 * after an append and with deletes too.
 */
class JazminSplitReadTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Path file;
    static int chunks;

    @BeforeAll
    static void setUp() throws Exception {
        spark = SharedSpark.get();
        SampleFiles.write(dir, 1, WriteOptions.defaults()); // 300 rows, 3 chunks
        file = dir.resolve("part-0.jzm");
        for (int k = 0; k < 3; k++) {
            long from = 1000 + k * 250L;
            JazminFile.append(file, LongStream.range(from, from + 250).mapToObj(SampleFiles::row).iterator(),
                    WriteOptions.defaults().withChunkRows(SampleFiles.CHUNK_ROWS));
        }
        JazminFile.delete(file, Filter.in("id", 5L, 150L, 151L, 1000L, 1499L, 1749L), WriteOptions.defaults());
        try (JazminReader r = JazminReader.open(file)) {
            chunks = r.table().chunkCount();
        }
    }

    /** Runs {@code body} with splits of about a sixth of the file, and no open cost. */
    private static <T> T withSmallSplits(Supplier<T> body) throws Exception {
        spark.conf().set("spark.sql.files.maxPartitionBytes", Long.toString(Files.size(file) / 6));
        spark.conf().set("spark.sql.files.openCostInBytes", "1");
        try {
            return body.get();
        } finally {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
            spark.conf().unset("spark.sql.files.openCostInBytes");
        }
    }

    private static List<Object> core(Filter filter, String... columns) {
        try (JazminReader r = JazminReader.open(file)) {
            return SparkRows.ofCore(r.table().find(filter, RowQuery.all().withSelect(List.of(columns))));
        }
    }


    @Test
    void aSplitFileReadBySeveralTasksGivesEachRowOnce() throws Exception {
        assertThat(chunks).isEqualTo(3 + 3 * 3);
        Dataset<Row> df = spark.read().format("jazmin").load(dir.toString());
        List<Object> rows = withSmallSplits(() -> {
            List<Row> collected = df.collectAsList();
            SparkPlan plan = df.queryExecution().executedPlan();
            assertThat(SparkRows.scan(plan).inputRDD().getNumPartitions()).isGreaterThan(1);
            assertThat(SparkRows.metric(plan, ChunksTotalMetric.NAME)).as("each chunk planned by one task").isEqualTo(chunks);
            return SparkRows.ofSpark(collected);
        });
        List<Object> expected = core(null);
        assertThat(expected).hasSize(300 + 750 - 6);
        assertThat(rows).hasSize(expected.size()).doesNotHaveDuplicates();
        assertThat(SparkRows.byId(rows)).isEqualTo(SparkRows.byId(expected));
    }

    @Test
    void filtersCountsAndLimitsWorkOnSplitsToo() throws Exception {
        Dataset<Row> df = spark.read().format("jazmin").load(dir.toString());
        withSmallSplits(() -> {
            Dataset<Row> q = df.where("id >= 1200 AND id < 1300").select("id", "name");
            assertThat(SparkRows.byId(SparkRows.ofSpark(q.collectAsList())))
                    .isEqualTo(SparkRows.byId(core(Filter.gte("id", 1200L).and(Filter.lt("id", 1300L)), "id", "name")));
            SparkPlan plan = q.queryExecution().executedPlan();
            assertThat(SparkRows.metric(plan, ChunksTotalMetric.NAME)).isEqualTo(chunks);
            assertThat(SparkRows.metric(plan, ChunksPrunedMetric.NAME)).isEqualTo(chunks - 2);
            assertThat(df.count()).isEqualTo(1044);
            assertThat(df.where("id < 300").count()).isEqualTo(297);
            assertThat(df.limit(5).collectAsList()).hasSize(5);
            return null;
        });
    }
}
