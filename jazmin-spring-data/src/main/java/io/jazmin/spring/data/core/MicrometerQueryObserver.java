package io.jazmin.spring.data.core;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;

/**
 * Reports each operation as a Micrometer observation named {@code jazmin.operation}, with the
 * low-cardinality keys {@code jazmin.operation} and {@code jazmin.file}. Needs micrometer-observation.
 */
public final class MicrometerQueryObserver implements QueryObserver {
    /** The observation name (timers appear as {@code jazmin.operation}). */
    public static final String NAME = "jazmin.operation";

    private final ObservationRegistry registry;

    public MicrometerQueryObserver(ObservationRegistry registry) {
        this.registry = registry;
    }

    @Override
    public <R> R observe(String operation, String file, Supplier<R> work) {
        return Observation.createNotStarted(NAME, registry)
                .lowCardinalityKeyValue("jazmin.operation", operation)
                .lowCardinalityKeyValue("jazmin.file", file)
                .observe(work);
    }
}
