package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * One task's value of a custom metric.
 *
 * @param name  the metric's name, as in {@link ChunksTotalMetric#NAME}
 * @param value its value in this task
 */
public record TaskMetric(String name, long value) implements CustomTaskMetric {
}
