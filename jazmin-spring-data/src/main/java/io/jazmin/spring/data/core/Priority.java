package io.jazmin.spring.data.core;

/**
 * What a configured file trades: how many open readers are kept between operations. An open reader
 * holds the file's header, catalog and the statistics and index pages it has read; opening one
 * costs a few reads (and, for a password file, a key derivation).
 */
public enum Priority {
    /** No reader is kept: every operation opens the file and closes it when done. */
    MEMORY(0, false),
    /** A few idle readers are kept for reuse. */
    BALANCED(2, false),
    /** An idle reader per thread that may query at once is kept, and one is opened at startup. */
    SPEED(2 * Runtime.getRuntime().availableProcessors(), true);

    private final int idleReaders;
    private final boolean openEagerly;

    Priority(int idleReaders, boolean openEagerly) {
        this.idleReaders = idleReaders;
        this.openEagerly = openEagerly;
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
