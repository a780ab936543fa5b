package io.jazmin.cli;

import io.jazmin.schema.Column;
import java.util.List;

/** Rows read for {@code convert}: from a .jzm table or from a JSON, JSON Lines or CSV file. */
interface RowInput extends AutoCloseable {

    List<Column> columns();

    boolean hasNext();

    /** The next row's values in column order. */
    List<Object> next();

    @Override
    void close();
}
