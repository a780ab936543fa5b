package io.jazmin.cli;

import java.io.PrintWriter;

/**
 * Reports on stderr every 100,000 rows read (and written, when a sort writes them after reading),
 * and the phases after the last row, so long conversions show they are alive; short ones (fewer
 * than 100,000 rows) stay silent.
 */
final class Progress {
    static final long EVERY = 100_000;

    private final PrintWriter err;
    private final long started = System.nanoTime();
    private long rows;
    private long written;

    Progress(PrintWriter err) {
        this.err = err;
    }

    void row() {
        rows++;
        if (rows % EVERY == 0) {
            print(String.format("%,d rows", rows));
        }
    }

    /** A row written after all were read (a sorted conversion). */
    void written() {
        written++;
        if (written % EVERY == 0) {
            print(String.format("%,d of %,d rows written", written, rows));
        }
    }

    /** A phase of a long conversion begins. */
    void phase(String what) {
        if (rows >= EVERY) {
            print(what + "...");
        }
    }

    /** The conversion is complete. */
    void done() {
        if (rows >= EVERY) {
            print(String.format("done: %,d rows in %.1f s", rows, (System.nanoTime() - started) / 1e9));
        }
    }

    long rows() {
        return rows;
    }

    private void print(String line) {
        err.println(line);
        err.flush();
    }
}
