package io.jazmin.mapping;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.IndexKind;
import java.util.List;
import java.util.Objects;

/**
 * The table schema derived from a class: columns in member order, the declared sort order,
 * the indexes asked for and the id column.
 *
 * @param type     the mapped class
 * @param columns  one column per mapped member; the Java type is in {@code attributes.javaType}
 * @param sortedBy sort columns from {@code @JazminSortedBy}, or empty
 * @param indexes  indexes from {@code @JazminId} and {@code @JazminIndex}
 * @param idColumn the {@code @JazminId} column, or {@code null}
 */
public record TypeSchema(Class<?> type, List<Column> columns, List<String> sortedBy, List<Index> indexes,
                         String idColumn) {

    /**
     * An index asked for on a column.
     *
     * @param column the column name
     * @param kind   the index kind
     */
    public record Index(String column, IndexKind kind) {
    }

    public TypeSchema {
        Objects.requireNonNull(type, "type");
        columns = List.copyOf(columns);
        sortedBy = List.copyOf(sortedBy);
        indexes = List.copyOf(indexes);
    }

    /** The column named {@code name}. */
    public Column column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new JazminValidationException("no column '" + name + "' in " + type.getName()));
    }

    /** {@code options} with this schema's sort order and indexes, for whichever of the two they do not set. */
    public WriteOptions applyTo(WriteOptions options) {
        WriteOptions out = options.sortedBy().isEmpty() && !sortedBy.isEmpty() ? options.withSortedBy(sortedBy) : options;
        if (options.indexes().isEmpty()) {
            for (Index index : indexes) {
                out = out.withIndex(index.column(), index.kind());
            }
        }
        return out;
    }
}
