package io.jazmin.spring.data.core;

import io.jazmin.options.Priority;

/**
 * How many open readers a configured file keeps between operations for its {@link Priority}. An
 * open reader holds the file's header, catalog and the statistics and index pages it has read;
 * opening one costs a few reads (and, for a password file, a key derivation).
 */
final class ReaderPool {
    private ReaderPool() {
    }

    /**
     * The most idle readers kept for reuse: none for {@code MEMORY} (every operation opens the file
     * and closes it), a few for {@code BALANCED}, one per thread that may query at once for {@code SPEED}.
     */
    static int idleReaders(Priority priority) {
        return switch (priority) {
            case MEMORY -> 0;
            case BALANCED -> 2;
            case SPEED -> 2 * Runtime.getRuntime().availableProcessors();
        };
    }

    /** Whether a reader is opened when the file is registered rather than on first use ({@code SPEED}). */
    static boolean openEagerly(Priority priority) {
        return priority == Priority.SPEED;
    }
}
