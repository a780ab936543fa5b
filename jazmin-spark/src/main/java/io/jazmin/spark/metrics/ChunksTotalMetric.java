package io.jazmin.spark.metrics;

/** Chunks of the files a scan opened, summed over tasks (shown in the SQL UI and the plan's metrics). */
public final class ChunksTotalMetric extends SumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "chunksTotal";

    /** Made by Spark. */
    public ChunksTotalMetric() {
        super(NAME, "JAZMIN chunks in the files read");
    }
}
