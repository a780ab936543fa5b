package io.jazmin.nested;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test shorthands for nested column definitions and values. */
final class Nested {
    private Nested() {
    }

    static Column list(String name, Column item) {
        return new Column(name, ColumnType.LIST, true, "", "", item, List.of());
    }

    static Column object(String name, Column... fields) {
        return new Column(name, ColumnType.OBJECT, true, "", "", null, List.of(fields));
    }

    static Column required(Column c) {
        return new Column(c.name(), c.type(), false, "", "", c.item(), c.fields());
    }

    /** An object value from alternating names and values (nulls allowed). */
    static Map<String, Object> obj(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }

    /** A list value (nulls allowed). */
    static List<Object> items(Object... values) {
        return Arrays.asList(values);
    }

    static byte[] hex(String spaced) {
        return java.util.HexFormat.of().parseHex(spaced.replace(" ", ""));
    }
}
