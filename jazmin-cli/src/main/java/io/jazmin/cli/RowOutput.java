package io.jazmin.cli;

import java.util.List;

/**
 * Where {@code convert} writes rows. The target file only appears (or is replaced) on
 * {@link #finish()}; closing an unfinished output leaves the target as it was.
 */
interface RowOutput extends AutoCloseable {

    /** Writes one row given in column order. */
    void write(List<Object> values);

    /** Completes the output and moves it into place. */
    void finish();

    /** Discards the output unless it was finished. */
    @Override
    void close();
}
