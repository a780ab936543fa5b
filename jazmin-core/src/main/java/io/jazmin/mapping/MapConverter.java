package io.jazmin.mapping;

import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Maps with {@code String} keys as JSON objects; maps with any other key type (UUID, enum, Long,
 * LocalDate…) as a JSON array of {@code {"key": k, "value": v}} pairs, never the key's
 * {@code toString()}. Read into a {@code LinkedHashMap} (order kept) or a {@code TreeMap} for sorted maps.
 */
final class MapConverter extends JsonStoredConverter {
    private static final Map<Class<?>, Supplier<Map<Object, Object>>> KINDS = Map.of(Map.class, LinkedHashMap::new,
            HashMap.class, LinkedHashMap::new, LinkedHashMap.class, LinkedHashMap::new, SortedMap.class, TreeMap::new,
            NavigableMap.class, TreeMap::new, TreeMap.class, TreeMap::new);

    private final ValueConverter keys;
    private final ValueConverter values;
    private final boolean textKeys;
    private final Supplier<Map<Object, Object>> factory;

    private MapConverter(Type declared, ValueConverter keys, ValueConverter values) {
        super(declared);
        this.keys = keys;
        this.values = values;
        this.textKeys = Types.raw(Types.argument(declared, 0)) == String.class;
        this.factory = KINDS.get(Types.raw(declared));
    }

    static boolean handles(Class<?> raw) {
        return KINDS.containsKey(raw);
    }

    static MapConverter of(Type declared, ValueConverter keys, ValueConverter values) {
        return new MapConverter(declared, keys, values);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        Map<?, ?> map = (Map<?, ?>) value;
        ctx.enter(value);
        ctx.checkItems(map.size());
        ObjectNode object = textKeys ? JsonCodec.NODES.objectNode() : null;
        ArrayNode pairs = textKeys ? null : JsonCodec.NODES.arrayNode(map.size());
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (keys.isNull(e.getKey())) {
                throw ctx.fail(MappingException.Reason.NULL_VALUE, "maps cannot have a null key");
            }
            ctx.push(textKeys ? "." + e.getKey() : "[" + i++ + "]");
            if (textKeys) {
                object.set((String) e.getKey(), element(values, e.getValue(), ctx));
            } else {
                ObjectNode pair = pairs.addObject();
                pair.set("key", keys.toJson(e.getKey(), ctx));
                pair.set("value", element(values, e.getValue(), ctx));
            }
            ctx.pop();
        }
        ctx.exit(value);
        return textKeys ? object : pairs;
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        if (textKeys ? !node.isObject() : !node.isArray()) {
            throw mismatch(textKeys ? "object" : "array of {key, value} pairs", node, ctx);
        }
        ctx.enter(null);
        ctx.checkItems(node.size());
        Map<Object, Object> out = factory.get();
        if (textKeys) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                ctx.push("." + e.getKey());
                out.put(e.getKey(), element(values, e.getValue(), ctx));
                ctx.pop();
            }
        } else {
            for (int i = 0; i < node.size(); i++) {
                ctx.push("[" + i + "]");
                JsonNode pair = node.get(i);
                JsonNode key = pair.get("key");
                if (!pair.isObject() || key == null || key.isNull()) {
                    throw mismatch("{key, value} pair with a non-null key", pair, ctx);
                }
                Object k = keys.fromJson(key, ctx);
                if (out.containsKey(k)) {
                    throw ctx.fail(MappingException.Reason.DUPLICATE, "repeated map key " + key);
                }
                out.put(k, element(values, pair.get("value"), ctx));
                ctx.pop();
            }
        }
        ctx.exit(null);
        return out;
    }
}
