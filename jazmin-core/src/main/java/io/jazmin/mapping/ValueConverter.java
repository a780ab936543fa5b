package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Converts the values of one Java type: to and from a cell of its storage column type (the Java
 * values listed in {@link ColumnType}), and to and from a JSON tree when it is nested inside a
 * json cell. Converters are immutable and built once per type; errors go through
 * {@link MappingContext#fail} so they name row, column and path.
 */
interface ValueConverter {
    /** The column type a top-level member of this type is written as. */
    ColumnType storage();

    /** The {@code javaType} attribute value, or {@code null} when the column type says it all. */
    String javaType();

    /**
     * The {@code javaType} files written before type aliases record for this type (full class
     * names), also accepted on read; {@link #javaType()} when the two agree.
     */
    default String legacyJavaType() {
        return javaType();
    }

    /**
     * The definition of a column, list item or object field named {@code name} holding values of
     * this type; nested converters add their item or fields.
     */
    default Column define(String name, boolean nullable, String description) {
        return new Column(name, storage(), nullable, description, SchemaDeriver.attributes(this), null, List.of());
    }

    /** Adds type-specific attributes (beyond {@code javaType}) to a column's attributes. */
    default void describe(ObjectNode attributes) {
    }

    /** Whether {@code value} stands for a null cell (also true for an empty {@code Optional}). */
    default boolean isNull(Object value) {
        return value == null;
    }

    /** The Java value of a null cell ({@code null}, or an empty {@code Optional}). */
    default Object nullValue() {
        return null;
    }

    /** The cell for a value that is not {@link #isNull null}. */
    Object toCell(Object value, MappingContext ctx);

    /** The Java value of a non-null cell of column type {@link #storage()}. */
    Object fromCell(Object cell, MappingContext ctx);

    /** The JSON form of a value that is not {@link #isNull null}. */
    JsonNode toJson(Object value, MappingContext ctx);

    /** The Java value of a JSON node other than JSON null. */
    Object fromJson(JsonNode node, MappingContext ctx);

    /**
     * Lenient mode: the Java value of a non-null cell of another column type, converted through its
     * JSON form (ISO text to {@code LocalDate}, an int to a {@code double}, and so on).
     */
    default Object fromForeignCell(ColumnType type, Object cell, MappingContext ctx) {
        return fromJson(Cells.toJson(type, cell, ctx), ctx);
    }
}
