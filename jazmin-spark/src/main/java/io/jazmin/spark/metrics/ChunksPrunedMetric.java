package io.jazmin.spark.metrics;

/** Chunks the pushed filter ruled out by statistics or indexes, so they were never decoded. */
public final class ChunksPrunedMetric extends SumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "chunksPruned";

    /** Made by Spark. */
    public ChunksPrunedMetric() {
        super(NAME, "JAZMIN chunks skipped by the pushed filter");
    }
}
