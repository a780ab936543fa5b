package io.jazmin.spark.metrics;

import org.apache.spark.sql.connector.metric.CustomSumMetric;

/**
 * A JAZMIN metric summed over tasks, named and described once by its subclass. Spark makes each
 * subclass by its no-argument constructor, so the name and description are fixed per class.
 */
abstract class SumMetric extends CustomSumMetric {
    private final String name;
    private final String description;

    SumMetric(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }
}
