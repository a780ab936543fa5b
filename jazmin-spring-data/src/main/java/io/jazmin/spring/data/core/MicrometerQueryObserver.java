package io.jazmin.spring.data.core;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Reports each operation as a Micrometer observation named {@code jazmin.operation}, with the
 * low-cardinality keys {@code jazmin.operation}, {@code jazmin.file} and {@code jazmin.outcome}
 * ({@code success} or {@code error}; a failure is also recorded as the observation's error). A read
 * returning a lazy stream is observed from its opening until the stream is closed, so the time spent
 * reading and decoding rows counts. Needs micrometer-observation.
 */
public final class MicrometerQueryObserver implements QueryObserver {
    /** The observation name (timers appear as {@code jazmin.operation}). */
    public static final String NAME = "jazmin.operation";
    private static final String OUTCOME = "jazmin.outcome";

    private final ObservationRegistry registry;

    public MicrometerQueryObserver(ObservationRegistry registry) {
        this.registry = registry;
    }

    /** The value of {@code jazmin.outcome} for an operation that returned. */
    public static final String SUCCESS = "success";
    /** The value of {@code jazmin.outcome} for an operation that threw. */
    public static final String ERROR = "error";

    @Override
    public <R> R observe(String operation, String file, Supplier<R> work) {
        Observation observation = observation(operation, file).start();
        try (Observation.Scope scope = observation.openScope()) {
            R result = work.get();
            observation.lowCardinalityKeyValue(OUTCOME, SUCCESS);
            return result;
        } catch (RuntimeException | Error e) {
            failed(observation, e);
            throw e;
        } finally {
            observation.stop();
        }
    }

    @Override
    public <R> Stream<R> observeStream(String operation, String file, Supplier<Stream<R>> open) {
        Observation observation = observation(operation, file).start();
        Stream<R> stream;
        try (Observation.Scope scope = observation.openScope()) {
            stream = open.get();
        } catch (RuntimeException | Error e) {
            failed(observation, e);
            observation.stop();
            throw e;
        }
        return stream.onClose(() -> {
            observation.lowCardinalityKeyValue(OUTCOME, SUCCESS);
            observation.stop();
        });
    }

    private static void failed(Observation observation, Throwable e) {
        observation.lowCardinalityKeyValue(OUTCOME, ERROR);
        observation.error(e);
    }

    private Observation observation(String operation, String file) {
        return Observation.createNotStarted(NAME, registry)
                .lowCardinalityKeyValue("jazmin.operation", operation)
                .lowCardinalityKeyValue("jazmin.file", file);
    }
}
