package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Rows read one at a time from a file, each a map holding every column in column order (absent
 * values are {@code null}). Reading is streaming: memory does not grow with the file.
 * {@link #next()} throws {@link io.jazmin.error.InvalidRowException} for a value that does not fit its
 * column, {@link InputSyntaxException} for malformed input and {@link io.jazmin.error.JazminIoException}
 * when reading fails.
 */
public interface RowSource extends Iterator<Map<String, Object>>, AutoCloseable {

    /** The columns of the rows, from the schema given or inferred from the data. */
    List<Column> columns();

    /** Closes the underlying file. */
    @Override
    void close();
}
