package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomSumMetric;

/** Files the folder summary ruled out when the scan was planned, so no task opened them (a driver metric). */
public final class FilesSkippedMetric extends CustomSumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "filesSkipped";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JAZMIN files skipped by the folder summary";
    }
}
