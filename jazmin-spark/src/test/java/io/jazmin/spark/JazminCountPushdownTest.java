package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.options.WriteOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code COUNT(*)} and {@code COUNT(col)} pushed into the scan when every predicate is exact, and
 * answered by jazmin-core's count per input partition; refused otherwise. Every count is checked
 * against Spark's count over the same rows held in memory.
 */
class JazminCountPushdownTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Dataset<Row> oneFile;
    static Dataset<Row> threeFiles;

    @BeforeAll
    static void setUp() {
        SampleFiles.write(dir, 3, WriteOptions.defaults());
        spark = SharedSpark.get();
        oneFile = spark.read().format("jazmin").load(dir.resolve("part-0.jzm").toString());
        threeFiles = spark.read().format("jazmin").load(dir.toString());
    }

    private static Dataset<Row> inMemory(Dataset<Row> df) {
        return spark.createDataFrame(df.collectAsList(), df.schema());
    }

    /**
     * The scan's description of {@code query}'s plan (no job runs), or "" when Spark answers without
     * reading the source at all (a filter its optimizer folds to false, such as {@code name IN (NULL)}).
     */
    private static String scan(Dataset<Row> query) {
        BatchScanExec scan = SparkRows.scan(query.queryExecution().executedPlan());
        return scan == null ? "" : scan.scan().description();
    }

    /** COUNT(*), COUNT(name), COUNT(score) of each filter, in one job: row i holds filter i's counts. */
    private static List<List<Long>> counts(Dataset<Row> source, String[] filters) {
        Dataset<Row> all = null;
        for (int i = 0; i < filters.length; i++) {
            Dataset<Row> one = countsOf(source.where(filters[i])).select(functions.lit(i).as("q"), functions.col("*"));
            all = all == null ? one : all.unionAll(one);
        }
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < filters.length; i++) {
            out.add(null);
        }
        for (Row r : all.collectAsList()) {
            out.set(r.getInt(0), List.of(r.getLong(1), r.getLong(2), r.getLong(3)));
        }
        return out;
    }

    private static Dataset<Row> countsOf(Dataset<Row> df) {
        Column[] counts = {functions.count(functions.lit(1)), functions.count("name"), functions.count("score")};
        return df.agg(counts[0], counts[1], counts[2]);
    }

    /** Spark's own COUNT(*), COUNT(name), COUNT(score) of each filter over {@code rows}, in one aggregate. */
    private static List<List<Long>> oracle(Dataset<Row> rows, String[] filters) {
        List<Column> cols = new ArrayList<>();
        for (String f : filters) {
            Column keep = functions.expr(f);
            cols.add(functions.count(functions.when(keep, functions.lit(1))));
            cols.add(functions.count(functions.when(keep, functions.col("name"))));
            cols.add(functions.count(functions.when(keep, functions.col("score"))));
        }
        Row r = rows.agg(cols.get(0), cols.subList(1, cols.size()).toArray(new Column[0])).first();
        List<List<Long>> out = new ArrayList<>();
        for (int i = 0; i < filters.length; i++) {
            out.add(List.of(r.getLong(3 * i), r.getLong(3 * i + 1), r.getLong(3 * i + 2)));
        }
        return out;
    }

    /**
     * Every filter whose counts are pushed (the scan of one file is one partition, so no shuffle)
     * counts what Spark counts; the others are refused and left to Spark (JazminReadTest checks their rows).
     */
    @Test
    void countsEqualSparksOwnOverEveryFilter() {
        String[] all = JazminReadTest.FILTERS;
        List<List<Long>> expected = oracle(inMemory(oneFile), all);
        List<Integer> pushedAt = new ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            if (scan(countsOf(oneFile.where(all[i]))).contains("counts=")) {
                pushedAt.add(i);
            }
        }
        List<List<Long>> got = counts(oneFile, pushedAt.stream().map(i -> all[i]).toArray(String[]::new));
        for (int k = 0; k < pushedAt.size(); k++) {
            assertThat(got.get(k)).as(all[pushedAt.get(k)]).isEqualTo(expected.get(pushedAt.get(k)));
        }
        assertThat(pushedAt).as("filters with pushed counts").hasSizeGreaterThanOrEqualTo(20);
        assertThat(expected.get(0).get(0)).isEqualTo(99); // id > 200: the oracle itself counts rows
    }

    @Test
    void exactFiltersPushTheCountsAndThePlanShowsThem() {
        Dataset<Row> q = countsOf(threeFiles.where("name LIKE 'n1%' AND id > 100 AND flag = true"));
        assertThat(scan(q)).contains("counts=[COUNT(*), COUNT(name), COUNT(score)]")
                .contains("{\"name\":{\"startsWith\":\"n1\"}}");
        SparkPlan plan = q.queryExecution().executedPlan();
        assertThat(plan.toString()).doesNotContainPattern("(^|- )Filter ");
        assertThat(SparkRows.scan(plan).scan().readSchema().fieldNames()).containsExactly("count_0", "count_1", "count_2");
        Row r = q.collectAsList().get(0);
        List<Long> expected = counts(inMemory(threeFiles), new String[] {"name LIKE 'n1%' AND id > 100 AND flag = true"}).get(0);
        assertThat(List.of(r.getLong(0), r.getLong(1), r.getLong(2))).isEqualTo(expected);
        assertThat(SparkRows.metric(q.queryExecution().executedPlan(), ChunksPrunedMetric.NAME)).isEqualTo(8); // only ids 100–199 hold n1… above 100
        // Without a filter, and through SQL, a bare count is pushed too.
        assertThat(scan(threeFiles.groupBy().count())).contains("counts=[COUNT(*)]").contains("filter=none");
        assertThat(threeFiles.count()).isEqualTo(900);
    }

    @Test
    void aSinglePartitionScanIsCountedCompletelySeveralAreSummedBySpark() {
        Dataset<Row> q = oneFile.where("id < 150").groupBy().count();
        assertThat(scan(q)).contains("counts=[COUNT(*)]");
        // Complete pushdown: no aggregate left for Spark, the scan's one row is the answer.
        assertThat(q.queryExecution().executedPlan().toString()).doesNotContain("HashAggregate");
        assertThat(q.first().getLong(0)).isEqualTo(150);
        // Several partitions: Spark sums one row per partition.
        Dataset<Row> several = threeFiles.where("id < 750").groupBy().count();
        assertThat(several.queryExecution().executedPlan().toString()).contains("HashAggregate");
        assertThat(several.first().getLong(0)).isEqualTo(750);
        String[] some = {"name LIKE 'n1%'", "at >= timestamp'2023-11-14 22:13:25.0015' AND flag = true"};
        assertThat(counts(threeFiles, some)).isEqualTo(oracle(inMemory(threeFiles), some));
    }

    @Test
    void countsAreNotPushedWhenSparkMustStillFilterOrTheAggregateIsNotAPlainCount() {
        // Float tests only prune, expressions and nested fields are not translated: Spark filters, then counts.
        for (String f : new String[] {"score < 10.0", "length(name) > 3", "addr.zip > 800", "id > 5 AND score < 10.0"}) {
            assertThat(scan(threeFiles.where(f).groupBy().count())).as(f).doesNotContain("counts=");
        }
        assertThat(scan(threeFiles.agg(functions.countDistinct("flag")))).doesNotContain("counts=");
        assertThat(scan(threeFiles.groupBy("flag").count())).doesNotContain("counts=");
        assertThat(scan(threeFiles.agg(functions.count("addr.zip")))).doesNotContain("counts=");
        assertThat(scan(threeFiles.agg(functions.max("id")))).doesNotContain("counts=");
        assertThat(threeFiles.where("id > 5 AND score < 10.0").count())
                .isEqualTo(inMemory(threeFiles).where("id > 5 AND score < 10.0").count());
    }
}
