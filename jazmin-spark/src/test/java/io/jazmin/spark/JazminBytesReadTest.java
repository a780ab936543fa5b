package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.options.WriteOptions;
import io.jazmin.spark.metrics.BytesReadMetric;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scans report the bytes they read, in the scan's {@code bytesRead} metric and in Spark's
 * {@code inputMetrics.bytesRead} (what the UI shows as input), measured here by byte counts alone.
 */
class JazminBytesReadTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Dataset<Row> df;
    static final InputBytes INPUT = new InputBytes();

    /** Sums {@code inputMetrics.bytesRead} over the tasks that end. */
    static final class InputBytes extends SparkListener {
        final AtomicLong bytes = new AtomicLong();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (end.taskMetrics() != null) {
                bytes.addAndGet(end.taskMetrics().inputMetrics().bytesRead());
            }
        }
    }

    /** One action's bytes: the scan's metric and Spark's input metrics. */
    record Read(long metric, long input) {
    }

    @BeforeAll
    static void setUp() {
        SampleFiles.write(dir, 3, WriteOptions.defaults());
        spark = SharedSpark.get();
        spark.sparkContext().addSparkListener(INPUT);
        df = spark.read().format("jazmin").load(dir.toString());
    }

    @AfterAll
    static void tearDown() {
        spark.sparkContext().removeSparkListener(INPUT);
    }

    private static Read read(Dataset<Row> q) throws Exception {
        // Task-end events reach listeners on the bus's thread, after the action returns.
        spark.sparkContext().listenerBus().waitUntilEmpty();
        INPUT.bytes.set(0);
        q.collectAsList();
        spark.sparkContext().listenerBus().waitUntilEmpty();
        return new Read(SparkRows.metric(q.queryExecution().executedPlan(), BytesReadMetric.NAME), INPUT.bytes.get());
    }

    @Test
    void aScanReportsItsBytesAndAPrunedScanFewer() throws Exception {
        Read full = read(df.select("id", "name"));
        Read pruned = read(df.where("id >= 850").select("id", "name"));
        assertThat(full.metric()).isPositive();
        assertThat(pruned.metric()).isPositive().isLessThan(full.metric());
        assertThat(full.input()).isEqualTo(full.metric());
        assertThat(pruned.input()).isEqualTo(pruned.metric());
    }

    @Test
    void limitedAndCountedScansReportTheirBytesToo() throws Exception {
        Read limited = read(df.limit(3));
        assertThat(limited.metric()).isPositive();
        assertThat(limited.input()).isEqualTo(limited.metric());
        Read counted = read(df.where("name LIKE 'n1%'").groupBy().count());
        assertThat(counted.metric()).isPositive();
        assertThat(counted.input()).isEqualTo(counted.metric());
    }
}
