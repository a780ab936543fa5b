package io.jazmin.mapping;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Untyped JSON: a Jackson {@link JsonNode} member (kept as the tree), or an {@code Object} member
 * holding plain JSON values, read as {@code LinkedHashMap}, {@code ArrayList}, {@code String},
 * {@code Boolean}, {@code Long} (or {@code BigInteger}), {@code Double} (or {@code BigDecimal}
 * beyond double range) and {@code null}. Writing an {@code Object} member accepts only those kinds
 * of values (plus other {@code Number}s), so no bean is serialised by guesswork.
 */
final class JsonTreeConverter extends JsonStoredConverter {
    private final boolean tree;

    private JsonTreeConverter(Class<?> declared, boolean tree) {
        super(declared);
        this.tree = tree;
    }

    /** The converter of {@link JsonNode} members. */
    static JsonTreeConverter tree() {
        return new JsonTreeConverter(JsonNode.class, true);
    }

    /** The converter of {@code Object} members holding plain JSON values. */
    static JsonTreeConverter plain() {
        return new JsonTreeConverter(Object.class, false);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return tree ? (JsonNode) value : plainJson(value, ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return tree ? node : plainValue(node, ctx);
    }

    private JsonNode plainJson(Object value, MappingContext ctx) {
        if (value == null) {
            return JsonCodec.NODES.nullNode();
        }
        if (value instanceof String || value instanceof Boolean || value instanceof Number) {
            return plainScalar(value);
        }
        if (value instanceof Map<?, ?> map) {
            ctx.enter(value);
            ctx.checkItems(map.size());
            ObjectNode out = JsonCodec.NODES.objectNode();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw ctx.fail(MappingException.Reason.TYPE_MISMATCH, "plain JSON maps need String keys");
                }
                ctx.push("." + key);
                out.set(key, plainJson(e.getValue(), ctx));
                ctx.pop();
            }
            ctx.exit(value);
            return out;
        }
        if (value instanceof Collection<?> items) {
            ctx.enter(value);
            ctx.checkItems(items.size());
            ArrayNode out = JsonCodec.NODES.arrayNode(items.size());
            int i = 0;
            for (Object item : items) {
                ctx.push("[" + i++ + "]");
                out.add(plainJson(item, ctx));
                ctx.pop();
            }
            ctx.exit(value);
            return out;
        }
        throw ctx.fail(MappingException.Reason.UNSUPPORTED_TYPE, value.getClass().getName()
                + " is not a plain JSON value; declare the member with its type");
    }

    private static JsonNode plainScalar(Object value) {
        if (value instanceof String s) {
            return JsonCodec.NODES.stringNode(s);
        }
        if (value instanceof Boolean b) {
            return JsonCodec.NODES.booleanNode(b);
        }
        if (value instanceof Double || value instanceof Float) {
            return Cells.toJson(io.jazmin.schema.ColumnType.FLOAT, ((Number) value).doubleValue(), null);
        }
        if (value instanceof BigDecimal d) {
            return JsonCodec.NODES.numberNode(d);
        }
        if (value instanceof BigInteger b) {
            return JsonCodec.NODES.numberNode(b);
        }
        return JsonCodec.NODES.numberNode(((Number) value).longValue());
    }

    private Object plainValue(JsonNode node, MappingContext ctx) {
        if (node.isNull()) {
            return null;
        }
        if (node.isObject()) {
            ctx.enter(null);
            ctx.checkItems(node.size());
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                ctx.push("." + e.getKey());
                out.put(e.getKey(), plainValue(e.getValue(), ctx));
                ctx.pop();
            }
            ctx.exit(null);
            return out;
        }
        if (node.isArray()) {
            ctx.enter(null);
            ctx.checkItems(node.size());
            List<Object> out = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                ctx.push("[" + i + "]");
                out.add(plainValue(node.get(i), ctx));
                ctx.pop();
            }
            ctx.exit(null);
            return out;
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.isBigDecimal() ? node.decimalValue() : (Object) node.doubleValue();
        }
        return node.isBoolean() ? (Object) node.booleanValue() : node.stringValue();
    }
}
