package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes rows of fixed columns to a text format. {@link #close()} completes the output (closing
 * brackets) and closes the target. Write failures surface as {@link io.jazmin.error.JazminIoException}.
 */
public interface RowSink extends AutoCloseable {

    /** The columns every row has, in order. */
    List<Column> columns();

    /** Writes one row: the values in column order, of the Java types of the columns. */
    void write(List<?> values);

    /** Writes one row given by column name; absent columns are {@code null}. */
    default void writeRow(Map<String, ?> row) {
        List<Object> values = new ArrayList<>(columns().size());
        for (Column c : columns()) {
            values.add(row.get(c.name()));
        }
        write(values);
    }

    /** Completes the output and closes the target. */
    @Override
    void close();
}
