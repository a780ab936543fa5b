package io.jazmin;

import java.util.Objects;

/**
 * How much of a read or write may run on other threads: a {@link Priority}, and optionally an
 * explicit limit that overrides it.
 *
 * @param priority  the trade between memory and speed
 * @param maxDegree the most chunks decoded (reads) or encoded (writes) at once on worker threads;
 *                  0 follows the priority, 1 keeps all work on the calling thread
 */
public record Parallelism(Priority priority, int maxDegree) {
    private static final Parallelism DEFAULT = new Parallelism(Priority.BALANCED, 0);

    public Parallelism {
        Objects.requireNonNull(priority, "priority");
        if (maxDegree < 0) {
            throw new JazminValidationException("maxDegreeOfParallelism must be 0 (from the priority) or more, got "
                    + maxDegree);
        }
    }

    /** Balanced, with no explicit limit. */
    public static Parallelism defaults() {
        return DEFAULT;
    }

    public Parallelism withPriority(Priority value) {
        return new Parallelism(value, maxDegree);
    }

    public Parallelism withMaxDegree(int value) {
        return new Parallelism(priority, value);
    }

    /**
     * How many chunks a scan decodes ahead of the caller on worker threads, for chunks of
     * {@code columnsPerChunk} decoded columns (0: none).
     */
    public int readAheadChunks(int columnsPerChunk) {
        if (maxDegree > 0) {
            return maxDegree == 1 ? 0 : maxDegree;
        }
        return priority.readAheadChunks(columnsPerChunk, Runtime.getRuntime().availableProcessors());
    }

    /** How many chunks a writer encodes and compresses at once on worker threads (0: none). */
    public int writeAheadChunks() {
        if (maxDegree > 0) {
            return maxDegree == 1 ? 0 : maxDegree;
        }
        return priority.writeThreads(Runtime.getRuntime().availableProcessors());
    }
}
