package io.jazmin.cli;

import java.io.PrintWriter;

/** Reports on stderr every 100,000 rows, so long conversions show they are alive; short ones stay silent. */
final class Progress {
    static final long EVERY = 100_000;

    private final PrintWriter err;
    private long rows;

    Progress(PrintWriter err) {
        this.err = err;
    }

    void row() {
        rows++;
        if (rows % EVERY == 0) {
            err.printf("%,d rows%n", rows);
            err.flush();
        }
    }

    long rows() {
        return rows;
    }
}
