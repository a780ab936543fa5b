package io.jazmin.spring.data.core;

import java.util.function.Supplier;

/**
 * Watches each template operation (for metrics and traces). Operations returning a stream are
 * observed until the stream is created, not while it is consumed.
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
}
