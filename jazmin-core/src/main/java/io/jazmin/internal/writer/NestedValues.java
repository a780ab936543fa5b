package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a list or object value against its column definition and returns its stored form: a
 * {@link List} for a list (any {@link Collection} is accepted, in iteration order), a
 * {@link LinkedHashMap} holding every field in field order for an object (a {@link Map} by field
 * name, absent fields null), leaves coerced like column values. Unknown fields and nulls in
 * required items or fields are refused, naming the path to the bad part.
 */
final class NestedValues {
    private NestedValues() {
    }

    static Object coerce(Column column, Object value) throws ValueCoercion.Mismatch {
        return coerce(column, value, column.name());
    }

    private static Object coerce(Column c, Object v, String path) throws ValueCoercion.Mismatch {
        if (c.type().hasItems()) {
            return list(c, v, path);
        }
        if (c.type().hasFields()) {
            return object(c, v, path);
        }
        try {
            return ValueCoercion.coerce(c, v);
        } catch (ValueCoercion.Mismatch m) {
            throw new ValueCoercion.Mismatch(path + ": " + m.getMessage());
        }
    }

    private static List<Object> list(Column c, Object v, String path) throws ValueCoercion.Mismatch {
        if (!(v instanceof Collection<?> items)) {
            throw new ValueCoercion.Mismatch(path + ": a " + v.getClass().getSimpleName() + " is not a list");
        }
        List<Object> out = new ArrayList<>(items.size());
        String itemPath = path + "[]";
        for (Object item : items) {
            out.add(part(c.item(), item, itemPath));
        }
        return out;
    }

    private static Map<String, Object> object(Column c, Object v, String path) throws ValueCoercion.Mismatch {
        if (!(v instanceof Map<?, ?> given)) {
            throw new ValueCoercion.Mismatch(path + ": a " + v.getClass().getSimpleName() + " is not an object (a Map)");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Column f : c.fields()) {
            out.put(f.name(), part(f, given.get(f.name()), path + "." + f.name()));
        }
        for (Object name : given.keySet()) {
            if (!out.containsKey(name)) {
                throw new ValueCoercion.Mismatch(path + ": unknown field '" + name + "'");
            }
        }
        return out;
    }

    /** An item or field value: null only where the definition allows it. */
    private static Object part(Column c, Object v, String path) throws ValueCoercion.Mismatch {
        if (v == null) {
            if (!c.nullable()) {
                throw new ValueCoercion.Mismatch(path + ": null where the definition does not allow nulls");
            }
            return null;
        }
        return coerce(c, v, path);
    }
}
