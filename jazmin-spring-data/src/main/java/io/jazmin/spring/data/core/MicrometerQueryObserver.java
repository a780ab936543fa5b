package io.jazmin.spring.data.core;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Reports each operation as a Micrometer observation named {@code jazmin.operation}, with the
 * low-cardinality keys {@code jazmin.operation} and {@code jazmin.file}. A read returning a lazy
 * stream is observed from its opening until the stream is closed, so the time spent reading and
 * decoding rows counts. Needs micrometer-observation.
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
        return observation(operation, file).observe(work);
    }

    @Override
    public <R> Stream<R> observeStream(String operation, String file, Supplier<Stream<R>> open) {
        Observation observation = observation(operation, file).start();
        Stream<R> stream;
        try (Observation.Scope scope = observation.openScope()) {
            stream = open.get();
        } catch (RuntimeException | Error e) {
            observation.error(e);
            observation.stop();
            throw e;
        }
        return stream.onClose(observation::stop);
    }

    private Observation observation(String operation, String file) {
        return Observation.createNotStarted(NAME, registry)
                .lowCardinalityKeyValue("jazmin.operation", operation)
                .lowCardinalityKeyValue("jazmin.file", file);
    }
}
