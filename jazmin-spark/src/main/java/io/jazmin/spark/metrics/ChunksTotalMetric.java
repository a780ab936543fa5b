package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomSumMetric;

/** Chunks of the files a scan opened, summed over tasks (shown in the SQL UI and the plan's metrics). */
public final class ChunksTotalMetric extends CustomSumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "chunksTotal";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JAZMIN chunks in the files read";
    }
}
