package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import java.time.DateTimeException;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A converter for a type stored in one scalar column, made of two functions (value to cell, cell
 * to value). Inside json cells the value takes the JSON form of its cell, or an ISO text form when
 * one is given (which is also what lenient mode parses string cells with).
 */
final class ScalarConverter implements ValueConverter {
    /** A conversion that may refuse a value through the context. */
    @FunctionalInterface
    interface CellFunction {
        Object apply(Object value, MappingContext ctx);
    }

    private final Class<?> type;
    private final ColumnType storage;
    private final String javaType;
    private final String legacyJavaType;
    private final CellFunction toCell;
    private final CellFunction fromCell;
    private final Function<Object, String> toText;
    private final Function<String, Object> parseText;
    private final Consumer<ObjectNode> attributes;

    private ScalarConverter(Class<?> type, ColumnType storage, String javaType, String legacyJavaType, CellFunction toCell,
                            CellFunction fromCell, Function<Object, String> toText, Function<String, Object> parseText,
                            Consumer<ObjectNode> attributes) {
        this.type = type;
        this.storage = storage;
        this.javaType = javaType;
        this.legacyJavaType = legacyJavaType;
        this.toCell = toCell;
        this.fromCell = fromCell;
        this.toText = toText;
        this.parseText = parseText;
        this.attributes = attributes;
    }

    /** The converter of a type that is the column type's own Java type: no {@code javaType} attribute. */
    static ScalarConverter natural(Class<?> type, ColumnType storage, CellFunction toCell, CellFunction fromCell) {
        return new ScalarConverter(type, storage, null, null, toCell, fromCell, null, null, a -> { });
    }

    /** The converter of a type recorded in the {@code javaType} attribute. */
    static ScalarConverter of(Class<?> type, ColumnType storage, CellFunction toCell, CellFunction fromCell) {
        return new ScalarConverter(type, storage, Types.name(type), Types.legacyName(type), toCell, fromCell, null, null, a -> { });
    }

    /** This converter with an ISO text form used inside json cells and for lenient string cells. */
    ScalarConverter withText(Function<Object, String> format, Function<String, Object> parse) {
        return new ScalarConverter(type, storage, javaType, legacyJavaType, toCell, fromCell, format, parse, attributes);
    }

    /** This converter adding more column attributes. */
    ScalarConverter withAttributes(Consumer<ObjectNode> more) {
        return new ScalarConverter(type, storage, javaType, legacyJavaType, toCell, fromCell, toText, parseText, more);
    }

    @Override
    public ColumnType storage() {
        return storage;
    }

    @Override
    public String javaType() {
        return javaType;
    }

    @Override
    public String legacyJavaType() {
        return legacyJavaType;
    }

    @Override
    public void describe(ObjectNode node) {
        attributes.accept(node);
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        return toCell.apply(value, ctx);
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        try {
            return fromCell.apply(cell, ctx);
        } catch (DateTimeException | IllegalArgumentException e) {
            throw invalid(cell, e, ctx);
        } catch (ArithmeticException e) {
            throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, "'" + cell + "' does not fit "
                    + type.getSimpleName() + ": " + e.getMessage()).causedBy(e);
        }
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return toText != null ? JsonCodec.NODES.stringNode(toText.apply(value))
                : Cells.toJson(storage, toCell(value, ctx), ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        if (parseText != null && node.isString()) {
            try {
                return parseText.apply(node.stringValue());
            } catch (DateTimeException | IllegalArgumentException e) {
                // Not the ISO text of this type: it may still be the text of its storage type
                // (a datetime's ISO instant for a LocalDate), which the cell path reads or refuses.
                if (storage.isText()) {
                    throw invalid(node.stringValue(), e, ctx);
                }
            }
        }
        return fromCell(Cells.fromJson(storage, node, ctx), ctx);
    }

    private MappingException invalid(Object value, RuntimeException e, MappingContext ctx) {
        return ctx.fail(MappingException.Reason.INVALID_VALUE, "'" + value + "' is not a valid "
                + type.getSimpleName() + ": " + e.getMessage()).causedBy(e);
    }
}
