package io.jazmin.spark.metrics;

/** Files the folder summary ruled out when the scan was planned, so no task opened them (a driver metric). */
public final class FilesSkippedMetric extends SumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "filesSkipped";

    /** Made by Spark. */
    public FilesSkippedMetric() {
        super(NAME, "JAZMIN files skipped by the folder summary");
    }
}
