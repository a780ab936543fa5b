package io.jazmin.spring.data.core;

/**
 * What a configured file trades: how many open readers are kept between operations, and the
 * engine's {@link io.jazmin.options.Priority} (chunks decoded ahead on worker threads by scans, chunks
 * encoded in parallel by writes). An open reader holds the file's header, catalog and the
 * statistics and index pages it has read; opening one costs a few reads (and, for a password file,
 * a key derivation).
 */
public enum Priority {
    /** No reader is kept: every operation opens the file and closes it when done; no worker threads. */
    MEMORY(0, false, io.jazmin.options.Priority.MEMORY),
    /** A few idle readers are kept for reuse; scans read up to 4 chunks ahead. */
    BALANCED(2, false, io.jazmin.options.Priority.BALANCED),
    /**
     * An idle reader per thread that may query at once is kept, one is opened at startup, and scans
     * read up to 8 chunks ahead.
     */
    SPEED(2 * Runtime.getRuntime().availableProcessors(), true, io.jazmin.options.Priority.SPEED);

    private final int idleReaders;
    private final boolean openEagerly;
    private final io.jazmin.options.Priority engine;

    Priority(int idleReaders, boolean openEagerly, io.jazmin.options.Priority engine) {
        this.idleReaders = idleReaders;
        this.openEagerly = openEagerly;
        this.engine = engine;
    }

    /** The engine's priority for this file's readers and writers. */
    public io.jazmin.options.Priority engine() {
        return engine;
    }

    /** The most idle readers kept open for reuse. */
    public int idleReaders() {
        return idleReaders;
    }

    /** Whether a reader is opened when the file is registered rather than on first use. */
    public boolean openEagerly() {
        return openEagerly;
    }
}
