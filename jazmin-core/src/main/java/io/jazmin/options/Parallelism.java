package io.jazmin.options;

import java.util.Objects;
import java.util.concurrent.Executor;
import io.jazmin.error.JazminValidationException;

/**
 * How much of a read or write may run on other threads: a {@link Priority}, optionally an
 * explicit limit that overrides it, and the threads that do the work.
 *
 * @param priority  the trade between memory and speed
 * @param maxDegree the most chunks decoded (reads) or encoded (writes) at once on worker threads;
 *                  0 follows the priority, 1 keeps all work on the calling thread
 * @param executor  runs the chunk work (read-ahead decoding, parallel chunk encoding), or
 *                  {@code null} for the library's shared daemon threads (one per processor, at
 *                  most 16); a task it refuses or has not started when needed runs on the caller's
 *                  thread, so a small or busy executor slows work down but never stalls it
 */
public record Parallelism(Priority priority, int maxDegree, Executor executor) {
    private static final Parallelism DEFAULT = new Parallelism(Priority.BALANCED, 0);

    public Parallelism {
        Objects.requireNonNull(priority, "priority");
        if (maxDegree < 0) {
            throw new JazminValidationException("maxDegreeOfParallelism must be 0 (from the priority) or more, got "
                    + maxDegree);
        }
    }

    /** On the library's shared worker threads. */
    public Parallelism(Priority priority, int maxDegree) {
        this(priority, maxDegree, null);
    }

    /** Balanced, with no explicit limit, on the shared worker threads. */
    public static Parallelism defaults() {
        return DEFAULT;
    }

    public Parallelism withPriority(Priority value) {
        return new Parallelism(value, maxDegree, executor);
    }

    public Parallelism withMaxDegree(int value) {
        return new Parallelism(priority, value, executor);
    }

    /** Chunk work on {@code value} ({@code null}: the shared worker threads). */
    public Parallelism withExecutor(Executor value) {
        return new Parallelism(priority, maxDegree, value);
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

    /**
     * How many chunks a writer hands to worker threads before it waits for the oldest (0: none):
     * twice {@link #writeAheadChunks()} when the priority chose it and the shared workers run them,
     * since those run one chunk per processor whatever they are given, and a chunk waiting in their
     * queue keeps a worker busy while the caller still fills the next one (with no chunk waiting,
     * each worker sat idle for more than half of a write on two processors). An explicit limit,
     * or the caller's executor, is given no more chunks than {@link #writeAheadChunks()}: it may
     * run all it is given at once.
     */
    public int writeChunksInFlight() {
        int atOnce = writeAheadChunks();
        return maxDegree == 0 && executor == null ? 2 * atOnce : atOnce;
    }
}
