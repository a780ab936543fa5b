package io.jazmin.schema;

import java.util.List;
import java.util.Objects;

/**
 * A column definition: name, type, whether nulls are allowed, and optional description and
 * attributes (a JSON object text). Nested types carry an {@code item} (list) or {@code fields}
 * (object).
 *
 * @param name        unique, non-empty column name
 * @param type        the column type
 * @param nullable    whether cells may be null ({@code required} on disk is the opposite)
 * @param description free text, or empty
 * @param attributes  a JSON object text, or empty
 * @param item        the item definition of a list column, else {@code null}
 * @param fields      the fields of an object column, else empty
 */
public record Column(String name, ColumnType type, boolean nullable, String description, String attributes,
                     Column item, List<Column> fields) {

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        description = description == null ? "" : description;
        attributes = attributes == null ? "" : attributes;
        fields = fields == null ? List.of() : List.copyOf(fields);
    }

    /** A nullable scalar column. */
    public static Column of(String name, ColumnType type) {
        return new Column(name, type, true, "", "", null, List.of());
    }

    /** A scalar column that does not accept nulls. */
    public static Column required(String name, ColumnType type) {
        return new Column(name, type, false, "", "", null, List.of());
    }

    /** This column with another description. */
    public Column withDescription(String text) {
        return new Column(name, type, nullable, text, attributes, item, fields);
    }

    /** This column with other attributes (a JSON object text). */
    public Column withAttributes(String jsonObject) {
        return new Column(name, type, nullable, description, jsonObject, item, fields);
    }
}
