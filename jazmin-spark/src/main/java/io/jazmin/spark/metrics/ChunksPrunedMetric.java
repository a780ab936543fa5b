package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomSumMetric;

/** Chunks the pushed filter ruled out by statistics or indexes, so they were never decoded. */
public final class ChunksPrunedMetric extends CustomSumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "chunksPruned";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JAZMIN chunks skipped by the pushed filter";
    }
}
