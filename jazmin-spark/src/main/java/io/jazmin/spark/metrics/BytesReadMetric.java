package io.jazmin.spark.metrics;

/**
 * Bytes of JAZMIN sections (directories, statistics, index pages, chunk parts) the scan's tasks
 * read from its files, summed over tasks. The same bytes also reach Spark's
 * {@code inputMetrics.bytesRead}.
 */
public final class BytesReadMetric extends SumMetric {
    /** The metric's name in the plan. */
    public static final String NAME = "bytesRead";

    /** Made by Spark. */
    public BytesReadMetric() {
        super(NAME, "JAZMIN bytes read");
    }
}
