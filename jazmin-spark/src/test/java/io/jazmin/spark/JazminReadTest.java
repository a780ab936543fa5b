package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a folder of three files (three chunks each) through {@code format("jazmin")}. */
class JazminReadTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Dataset<Row> df;

    @BeforeAll
    static void setUp() throws Exception {
        SampleFiles.write(dir, 3, WriteOptions.defaults());
        Files.writeString(dir.resolve("_SUCCESS"), "");
        Files.writeString(dir.resolve("notes.txt"), "not a jazmin file");
        spark = SharedSpark.get();
        df = spark.read().format("jazmin").load(dir.toString());
    }

    /** Filters over every type and edge case of {@link SampleFiles} (also used by the count pushdown tests). */
    static final String[] FILTERS = {
        "id > 200", "id <= 10 OR id >= 290", "id IN (1, 2, 450, 9999)", "id <> 3 AND id < 6",
        "name = 'n1'", "name > 'n5'", "name < 'n2'", "name >= '\uD83D\uDE00'", "name >= '\uE000'", "name < '\uE000x5'",
        "name LIKE 'n1%'", "name LIKE '%9'", "name LIKE '%\uD83D\uDE00%'", "name IN ('n1', '\uE000x11', NULL)", "name IN (NULL)", "id IN (NULL, 3)", "NOT (name IN ('n1', NULL))",
        "name IS NULL", "score < 10.0", "score <= 0.0", "score = 0.0", "score = -0.0", "score > 100.0",
        "score = double('NaN')", "score IN (0.0, 1.0, double('NaN'))", "score <> 1.0", "score IS NULL",
        "price = '10.5'", "price > '5'", "price IS NOT NULL AND id < 50",
        "at > timestamp'2023-11-14 22:13:25.0005'", "at >= timestamp'2023-11-14 22:13:25.0015'",
        "at < timestamp'2023-11-14 22:13:25.0015'", "at <= timestamp'2023-11-14 22:13:30.0015'",
        "at = timestamp'2023-11-14 22:13:25.002'", "at = timestamp'2023-11-14 22:13:25.0021'",
        "flag = true", "flag = false OR flag IS NULL", "flag <=> NULL", "NOT (id > 100)", "NOT (name = 'n1')",
        "tags IS NULL", "addr.zip > 800", "addr IS NULL OR id = 1", "meta = '{\"g\":4}'", "id = 1 AND data IS NOT NULL",
    };

    /** What jazmin-core itself returns for the filter and columns (none: all), file after file. */
    private static List<Object> core(Filter filter, String... columns) {
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            try (JazminReader r = JazminReader.open(dir.resolve("part-" + f + ".jzm"))) {
                out.addAll(SparkRows.ofCore(r.table().find(filter, RowQuery.all().withSelect(List.of(columns)))));
            }
        }
        return out;
    }


    @Test
    void readsEveryRowAndTypeAsCoreDoes() {
        assertThat(df.schema().simpleString()).isEqualTo("struct<id:bigint,name:string,score:double,price:string,"
                + "at:timestamp,flag:boolean,data:binary,meta:string,tags:array<string>,addr:struct<city:string,zip:bigint>>");
        assertThat(df.schema().apply("id").nullable()).isFalse();
        // Tasks read the files in Spark's split order (largest first), so compare in id order.
        List<Object> rows = SparkRows.byId(SparkRows.ofSpark(df.collectAsList()));
        assertThat(rows).hasSize(900).isEqualTo(SparkRows.byId(core(null)));
        // One row by hand, so the oracle's normalisation cannot hide a wrong mapping.
        Row r = df.where("id = 5").collectAsList().get(0);
        assertThat(r.getString(1)).isEqualTo("\uD83D\uDE00" + 5);
        assertThat(r.getString(3)).isEqualTo("5.25");
        assertThat(r.get(4)).isEqualTo(java.time.Instant.ofEpochMilli(SampleFiles.EPOCH_MS + 5_002));
        assertThat(r.getStruct(9).getLong(1)).isEqualTo(5L);
    }

    @Test
    void pushedFilterPrunesChunksAndIsShownInThePlan() {
        Dataset<Row> q = df.where("id >= 850").select("id", "name");
        List<Object> rows = SparkRows.ofSpark(q.collectAsList());
        assertThat(rows).hasSize(50).isEqualTo(core(Filter.gte("id", 850L), "id", "name"));
        SparkPlan plan = q.queryExecution().executedPlan();
        assertThat(SparkRows.metric(plan, ChunksTotalMetric.NAME)).isEqualTo(9);
        assertThat(SparkRows.metric(plan, ChunksPrunedMetric.NAME)).isEqualTo(8);
        assertThat(SparkRows.scan(plan).scan().description()).contains("files=3").contains("{\"id\":{\"gte\":850}}");
        assertThat(SparkRows.scan(plan).scan().readSchema().fieldNames()).containsExactly("id", "name");
    }

    @Test
    void withoutAFilterNothingIsPruned() {
        Dataset<Row> q = df.select("flag");
        assertThat(q.collectAsList()).hasSize(900);
        SparkPlan plan = q.queryExecution().executedPlan();
        assertThat(SparkRows.metric(plan, ChunksPrunedMetric.NAME)).isZero();
        assertThat(SparkRows.scan(plan).scan().readSchema().fieldNames()).containsExactly("flag");
    }

    /**
     * Pushdown never changes the answer, whether its filter only prunes or is exact (then Spark drops
     * its own check): every filter gives what Spark gives over the same rows held in memory. One file (ids 0 to 299) holds every edge case and keeps the test to one task per filter.
     */
    @Test
    void pushdownNeverChangesTheAnswer() {
        Dataset<Row> file = spark.read().format("jazmin").load(dir.resolve("part-0.jzm").toString());
        Dataset<Row> local = spark.createDataFrame(file.collectAsList(), file.schema());
        // One job per side: the filters' scans in one union, each row tagged with its filter's number.
        List<List<Object>> pushed = byFilter(file, FILTERS);
        List<List<Object>> oracle = byFilter(local, FILTERS);
        for (int i = 0; i < FILTERS.length; i++) {
            assertThat(pushed.get(i)).as(FILTERS[i]).isEqualTo(oracle.get(i));
        }
        assertThat(oracle.get(0)).hasSize(99); // id > 200: the oracle itself is not empty
    }

    private static List<List<Object>> byFilter(Dataset<Row> source, String[] filters) {
        Dataset<Row> all = null;
        for (int i = 0; i < filters.length; i++) {
            Dataset<Row> one = source.where(filters[i]).select(functions.lit(i).as("q"), functions.col("*"));
            all = all == null ? one : all.unionAll(one);
        }
        List<List<Object>> out = new ArrayList<>();
        for (int i = 0; i < filters.length; i++) {
            out.add(new ArrayList<>());
        }
        for (Object row : SparkRows.ofSpark(all.collectAsList())) {
            List<?> cells = (List<?>) row;
            out.get((Integer) cells.get(0)).add(cells.subList(1, cells.size()));
        }
        return out;
    }

    @Test
    void limitIsPushedToEachTask() {
        Dataset<Row> q = df.limit(7);
        assertThat(q.collectAsList()).hasSize(7);
        assertThat(SparkRows.scan(q.queryExecution().executedPlan()).scan().description()).contains("limit=7");
    }

    @Test
    void countWithoutColumnsReadsNoValues() {
        assertThat(df.count()).isEqualTo(900);
        assertThat(df.where("id < 150").count()).isEqualTo(150);
    }

    @Test
    void readsOneFileAndAListOfFilesBySqlToo() {
        assertThat(spark.read().format("jazmin").load(dir.resolve("part-1.jzm").toString()).count()).isEqualTo(300);
        assertThat(spark.read().format("jazmin").load(dir.resolve("part-0.jzm").toString(),
                dir.resolve("part-2.jzm").toString()).where("id >= 600").count()).isEqualTo(300);
        df.createOrReplaceTempView("people");
        assertThat(spark.sql("SELECT count(*) FROM people WHERE flag AND id < 30").first().getLong(0)).isEqualTo(9);
    }
}
