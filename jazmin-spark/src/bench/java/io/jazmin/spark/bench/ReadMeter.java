package io.jazmin.spark.bench;

import io.jazmin.ReadCache;
import io.jazmin.spark.MiniHdfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * Times one Spark action, after clearing the caches a rerun could hit (JAZMIN's process-wide
 * decoded-chunk cache, {@link ReadCache#clear()}, and Spark's cached data), and counts what it read,
 * three ways: the bytes read from {@code hdfs://} in the whole process (Hadoop's statistics for the
 * scheme: the driver's reads and the tasks'), Spark's {@code inputMetrics.bytesRead} summed over
 * the action's tasks (what Spark's UI shows; Hadoop file-system statistics of the tasks' threads),
 * and the process's {@code rchar} from {@code /proc/self/io} (bytes returned by read system calls,
 * whatever the reader: in local mode the executors are this process, so it covers both formats
 * alike, page cache hits included; with HDFS in this JVM it also counts the data node's reads and
 * the sockets', so it is reported for local files only).
 */
final class ReadMeter extends SparkListener {
    /** One timed action: its answer, wall time, and bytes read (−1 when not measurable here). */
    record Timed(Object result, long nanos, long sparkBytesRead, long rchar, long hdfsBytesRead) {
    }

    private static final Path PROC_IO = Path.of("/proc/self/io");
    private final SparkSession spark;
    private final AtomicLong sparkBytes = new AtomicLong();

    private ReadMeter(SparkSession spark) {
        this.spark = spark;
    }

    static ReadMeter attach(SparkSession spark) {
        ReadMeter meter = new ReadMeter(spark);
        spark.sparkContext().addSparkListener(meter);
        return meter;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskMetrics metrics = end.taskMetrics();
        if (metrics != null) {
            sparkBytes.addAndGet(metrics.inputMetrics().bytesRead());
        }
    }

    /**
     * Clears the caches, then runs {@code action} alone on the session; the listener's events are
     * drained before counting.
     */
    Timed measure(Callable<Object> action) throws Exception {
        ReadCache.clear();
        spark.catalog().clearCache();
        drain();
        sparkBytes.set(0);
        long hdfsBefore = MiniHdfs.bytesRead();
        long rcharBefore = rchar();
        long start = System.nanoTime();
        Object result = action.call();
        long nanos = System.nanoTime() - start;
        long rcharAfter = rchar();
        long hdfsAfter = MiniHdfs.bytesRead();
        drain();
        return new Timed(result, nanos, sparkBytes.get(), rcharBefore < 0 ? -1 : rcharAfter - rcharBefore,
                hdfsAfter - hdfsBefore);
    }

    /** Task-end events arrive on the listener bus's thread, after the action has returned. */
    private void drain() throws Exception {
        spark.sparkContext().listenerBus().waitUntilEmpty();
    }

    private static long rchar() {
        try {
            for (String line : Files.readAllLines(PROC_IO)) {
                if (line.startsWith("rchar:")) {
                    return Long.parseLong(line.substring("rchar:".length()).trim());
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
