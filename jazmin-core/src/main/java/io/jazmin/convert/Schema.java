package io.jazmin.convert;

import io.jazmin.schema.Column;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The contents of a schema file: the columns and the indexes they declare.
 *
 * @param columns the columns in order
 * @param indexes for each indexed column (in column order), its index kinds, e.g. {@code ["sorted", "trigram"]}
 */
public record Schema(List<Column> columns, Map<String, List<String>> indexes) {

    public Schema {
        columns = List.copyOf(columns);
        indexes = Collections.unmodifiableMap(new LinkedHashMap<>(indexes));
    }

    /** A schema of these columns without indexes. */
    public static Schema of(List<Column> columns) {
        return new Schema(columns, Map.of());
    }
}
