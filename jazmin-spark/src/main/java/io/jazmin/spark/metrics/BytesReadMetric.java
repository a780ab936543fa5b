package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomSumMetric;

/**
 * Bytes of JAZMIN sections (directories, statistics, index pages, chunk parts) the scan's tasks
 * read from its files, summed over tasks. The same bytes also reach Spark's
 * {@code inputMetrics.bytesRead}.
 */
public final class BytesReadMetric extends CustomSumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "bytesRead";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "JAZMIN bytes read";
    }
}
