package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import tools.jackson.databind.JsonNode;

/**
 * The JSON form of cells: how scalars sit inside json cells, and the bridge lenient mode uses to
 * read a cell of one column type as another. Big numbers and decimals are JSON strings (exact, and
 * safe for JavaScript readers), datetimes ISO-8601 text, binary base64, NaN and ±Infinity the
 * strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}. In lenient mode a number or
 * boolean is also read as a string: its JSON text.
 */
final class Cells {
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Cells() {
    }

    /** The JSON form of a non-null cell of column type {@code type}. */
    static JsonNode toJson(ColumnType type, Object cell, MappingContext ctx) {
        return switch (type) {
            case BOOL -> JsonCodec.NODES.booleanNode((Boolean) cell);
            case INT -> JsonCodec.NODES.numberNode((Long) cell);
            case FLOAT -> floatJson((Double) cell);
            case DECIMAL -> JsonCodec.NODES.stringNode(((BigDecimal) cell).toPlainString());
            case STRING -> JsonCodec.NODES.stringNode((String) cell);
            case DATETIME -> JsonCodec.NODES.stringNode(cell.toString());
            case BINARY -> JsonCodec.NODES.stringNode(Base64.getEncoder().encodeToString((byte[]) cell));
            case JSON -> ctx.json().parse((JsonText) cell, ctx);
            case LIST, OBJECT -> throw new IllegalStateException("nested cells have no JSON form");
        };
    }

    private static JsonNode floatJson(double d) {
        if (Double.isNaN(d)) {
            return JsonCodec.NODES.stringNode("NaN");
        }
        if (Double.isInfinite(d)) {
            return JsonCodec.NODES.stringNode(d > 0 ? "Infinity" : "-Infinity");
        }
        return JsonCodec.NODES.numberNode(d);
    }

    /** The cell of column type {@code type} a JSON node stands for (not JSON null). */
    static Object fromJson(ColumnType type, JsonNode node, MappingContext ctx) {
        try {
            return switch (type) {
                case BOOL -> {
                    require(node.isBoolean(), type, node, ctx);
                    yield node.booleanValue();
                }
                case INT -> toLong(node, ctx);
                case FLOAT -> toDouble(node, ctx);
                case DECIMAL -> {
                    require(node.isNumber() || node.isString(), type, node, ctx);
                    yield node.isString() ? new BigDecimal(node.stringValue()) : node.decimalValue();
                }
                case STRING -> {
                    // Lenient mode reads numbers and booleans as their text (an int column into a String).
                    if (!ctx.options().strict() && (node.isNumber() || node.isBoolean())) {
                        yield node.asString();
                    }
                    require(node.isString(), type, node, ctx);
                    yield node.stringValue();
                }
                case DATETIME -> {
                    require(node.isString() || node.isIntegralNumber(), type, node, ctx);
                    yield node.isString() ? Instant.parse(node.stringValue()) : Instant.ofEpochMilli(toLong(node, ctx));
                }
                case BINARY -> {
                    require(node.isString(), type, node, ctx);
                    yield Base64.getDecoder().decode(node.stringValue());
                }
                case JSON -> JsonText.of(node.toString());
                case LIST, OBJECT -> throw new IllegalStateException("nested cells have no JSON form");
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "'" + node.asString() + "' is not a valid "
                    + type.typeName() + ": " + e.getMessage()).causedBy(e);
        } catch (IllegalArgumentException e) {
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "not valid base64: " + e.getMessage()).causedBy(e);
        }
    }

    private static long toLong(JsonNode node, MappingContext ctx) {
        BigInteger value;
        if (node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node.isString()) {
            value = new BigInteger(node.stringValue());
        } else {
            throw mismatch(ColumnType.INT, node, ctx);
        }
        if (value.compareTo(LONG_MIN) < 0 || value.compareTo(LONG_MAX) > 0) {
            throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, value + " does not fit in 64 bits");
        }
        return value.longValue();
    }

    private static double toDouble(JsonNode node, MappingContext ctx) {
        if (node.isString()) {
            return switch (node.stringValue()) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw mismatch(ColumnType.FLOAT, node, ctx);
            };
        }
        require(node.isNumber(), ColumnType.FLOAT, node, ctx);
        if (node.isIntegralNumber()) {
            long v = toLong(node, ctx);
            // 2^63 is what Long.MAX_VALUE rounds to, and it casts back to Long.MAX_VALUE.
            if ((long) (double) v != v || (double) v == 0x1p63) {
                throw ctx.fail(MappingException.Reason.OUT_OF_RANGE, v + " has no exact double");
            }
            return v;
        }
        return node.doubleValue();
    }

    private static void require(boolean ok, ColumnType type, JsonNode node, MappingContext ctx) {
        if (!ok) {
            throw mismatch(type, node, ctx);
        }
    }

    private static MappingException mismatch(ColumnType type, JsonNode node, MappingContext ctx) {
        return ctx.fail(MappingException.Reason.TYPE_MISMATCH, "a JSON " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
                + " cannot be read as " + type.typeName());
    }
}
