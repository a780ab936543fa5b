package io.jazmin.spring.data.core;

import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Watches each template operation (for metrics and traces). Reads that return a lazy stream go
 * through {@link #observeStream}, so an observer can time them until the stream is closed: rows
 * are decoded while the stream is consumed, not when it is created.
 */
@FunctionalInterface
public interface QueryObserver {
    /** Observes nothing. */
    QueryObserver NONE = new QueryObserver() {
        @Override
        public <R> R observe(String operation, String file, Supplier<R> work) {
            return work.get();
        }
    };

    /**
     * Runs {@code work}, observing it.
     *
     * @param operation what is done: {@code find}, {@code count}, {@code exists}, {@code save}, ...
     * @param file      the configured file's name
     */
    <R> R observe(String operation, String file, Supplier<R> work);

    /**
     * Opens the lazy stream of a read, observing it; by default only its creation is observed (as
     * {@link #observe}). Overrides should observe until the returned stream is closed.
     */
    default <R> Stream<R> observeStream(String operation, String file, Supplier<Stream<R>> open) {
        return observe(operation, file, open);
    }
}
