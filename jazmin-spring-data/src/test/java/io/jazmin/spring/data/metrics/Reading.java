package io.jazmin.spring.data.metrics;

import io.jazmin.mapping.annotation.JazminId;

/** The entity the observation and meter tests store, in the file {@code readings}. */
public record Reading(@JazminId long id, String sensor, double value) {
}
