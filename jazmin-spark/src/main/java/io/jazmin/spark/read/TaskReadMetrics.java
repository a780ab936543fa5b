package io.jazmin.spark.read;

import io.jazmin.Explain;
import io.jazmin.spark.metrics.BytesReadMetric;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import io.jazmin.spark.metrics.TaskMetric;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What one task's reads did: chunks planned and pruned, and bytes read, for the scan's custom
 * metrics and for Spark's {@code inputMetrics.bytesRead}.
 */
final class TaskReadMetrics {
    /*
     * Spark sets a DSv2 task's inputMetrics.bytesRead from Hadoop's per-thread file-system
     * statistics (DataSourceRDD), overwriting what a source adds to it directly. Hadoop's streams
     * count what they read; local files are read by core with java.nio, so their bytes are added to
     * the local file system's statistics, on the task's thread.
     */
    private static final FileSystem.Statistics LOCAL_FILES = FileSystem.getStatistics("file", RawLocalFileSystem.class);
    private long chunks;
    private long chunksPruned;
    private long bytesRead;

    /** Counts a range's chunks and those its filter ruled out. */
    void plan(Explain plan) {
        chunks += plan.chunks();
        chunksPruned += plan.chunksSkipped();
    }

    /** Counts bytes read, from a local file or through a Hadoop stream; call on the task's thread. */
    void read(long bytes, boolean local) {
        bytesRead += bytes;
        if (local) {
            LOCAL_FILES.incrementBytesRead(bytes);
        }
    }

    CustomTaskMetric[] values() {
        return new CustomTaskMetric[] {new TaskMetric(ChunksTotalMetric.NAME, chunks),
            new TaskMetric(ChunksPrunedMetric.NAME, chunksPruned), new TaskMetric(BytesReadMetric.NAME, bytesRead)};
    }
}
