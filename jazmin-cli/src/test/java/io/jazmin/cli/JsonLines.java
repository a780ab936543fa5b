package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Compares JSON Lines texts row by row as parsed JSON, with numbers compared by value (3 equals 3.0). */
final class JsonLines {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private JsonLines() {
    }

    static void assertSameRows(String actual, String expected) {
        List<JsonNode> a = parse(actual);
        List<JsonNode> e = parse(expected);
        assertThat(a).hasSameSizeAs(e);
        for (int i = 0; i < e.size(); i++) {
            assertThat(same(a.get(i), e.get(i))).as("row %d: %s, expected %s", i, a.get(i), e.get(i)).isTrue();
        }
    }

    static List<JsonNode> parse(String lines) {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : lines.split("\n")) {
            if (!line.isBlank()) {
                rows.add(MAPPER.readTree(line));
            }
        }
        return rows;
    }

    static JsonNode tree(String json) {
        return MAPPER.readTree(json);
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            // Column order is part of the canonical form, so names are compared in order.
            List<String> names = new ArrayList<>(a.propertyNames());
            if (!names.equals(new ArrayList<>(b.propertyNames()))) {
                return false;
            }
            return names.stream().allMatch(n -> same(a.get(n), b.get(n)));
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
