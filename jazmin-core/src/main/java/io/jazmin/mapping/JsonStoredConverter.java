package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.lang.reflect.Type;
import tools.jackson.databind.JsonNode;

/**
 * Base of the converters of structured types (collections, maps, arrays, nested objects), stored
 * in json columns as their JSON form unless asked to be nested columns ({@link NestedListConverter},
 * {@link NestedObjectConverter}).
 */
abstract class JsonStoredConverter implements ValueConverter {
    private final String javaType;
    private final String legacyJavaType;

    JsonStoredConverter(Type declared) {
        this.javaType = Types.name(declared);
        this.legacyJavaType = Types.legacyName(declared);
    }

    @Override
    public final ColumnType storage() {
        return ColumnType.JSON;
    }

    @Override
    public final String javaType() {
        return javaType;
    }

    @Override
    public final String legacyJavaType() {
        return legacyJavaType;
    }

    @Override
    public final Object toCell(Object value, MappingContext ctx) {
        return ctx.json().write(toJson(value, ctx), ctx);
    }

    @Override
    public final Object fromCell(Object cell, MappingContext ctx) {
        return fromJson(ctx.json().parse((JsonText) cell, ctx), ctx);
    }

    /** Refuses a node that is not of the expected JSON kind. */
    static MappingException mismatch(String expected, JsonNode node, MappingContext ctx) {
        return ctx.fail(MappingException.Reason.TYPE_MISMATCH, "expected a JSON " + expected + ", found "
                + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
    }

    /** The JSON form of a member value, JSON null for a null one. */
    static JsonNode element(ValueConverter converter, Object value, MappingContext ctx) {
        return converter.isNull(value) ? JsonCodec.NODES.nullNode() : converter.toJson(value, ctx);
    }

    /** The Java value of a JSON member, the converter's null value for a missing or null one. */
    static Object element(ValueConverter converter, JsonNode node, MappingContext ctx) {
        return node == null || node.isNull() ? converter.nullValue() : converter.fromJson(node, ctx);
    }
}
