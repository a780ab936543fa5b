package io.jazmin.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.jazmin.data.Row;
import io.jazmin.convert.CanonicalValues;
import io.jazmin.convert.JsonStyle;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Rows in the canonical interop JSON form (through the engine's {@link CanonicalValues}) and their
 * comparison with the conformance cases' expected rows: as JSON trees, numbers by value (3 equals
 * 3.0, and two texts of the same double are equal), object members in any order except that a
 * row's columns must come in column order.
 */
public final class CanonicalJson {
    /** Parses JSON keeping every number exact. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private CanonicalJson() {
    }

    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /** The canonical JSON text of a row read from a file. */
    public static String rowText(Row row) {
        List<Object> values = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            values.add(row.get(i));
        }
        return CanonicalValues.rowToJson(row.columns(), values, JsonStyle.CANONICAL);
    }

    /**
     * Asserts {@code rows} are exactly the rows of {@code expectedFile} (JSON Lines, optionally
     * gzipped), in order; fails at the first difference with the row number and the JSON path.
     *
     * @return the number of rows compared
     */
    public static long assertRowsMatch(Iterator<Row> rows, Path expectedFile) throws IOException {
        long n = 0;
        try (BufferedReader expected = ConformanceCase.openText(expectedFile)) {
            for (String line = expected.readLine(); line != null; line = expected.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                if (!rows.hasNext()) {
                    fail("the file ends after " + n + " rows; " + expectedFile.getFileName() + " has more");
                }
                String text = rowText(rows.next());
                if (!text.equals(line)) {
                    // Not the same text: compare as trees (numbers by value, members of values in any order).
                    JsonNode want = parse(line);
                    JsonNode got = parse(text);
                    assertEquals(names(want), names(got), "columns of row " + n);
                    String diff = diff(want, got, "$");
                    if (diff != null) {
                        fail("row " + n + " differs at " + diff);
                    }
                }
                n++;
            }
        }
        assertFalse(rows.hasNext(), "the file has more than the " + n + " expected rows");
        return n;
    }

    private static List<String> names(JsonNode object) {
        return new ArrayList<>(object.propertyNames());
    }

    /** The first difference between two JSON trees as "path: expected X, got Y", or {@code null}. */
    public static String diff(JsonNode want, JsonNode got, String path) {
        if (want.isNumber() && got.isNumber()) {
            return sameNumber(want.decimalValue(), got.decimalValue()) ? null : mismatch(path, want, got);
        }
        if (want.getNodeType() != got.getNodeType()) {
            return mismatch(path, want, got);
        }
        if (want.isObject()) {
            if (!Set.copyOf(want.propertyNames()).equals(Set.copyOf(got.propertyNames()))) {
                return path + ": members " + want.propertyNames() + " expected, got " + got.propertyNames();
            }
            for (Map.Entry<String, JsonNode> e : want.properties()) {
                String d = diff(e.getValue(), got.get(e.getKey()), path + "." + e.getKey());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (want.isArray()) {
            if (want.size() != got.size()) {
                return path + ": " + want.size() + " items expected, got " + got.size();
            }
            for (int i = 0; i < want.size(); i++) {
                String d = diff(want.get(i), got.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return want.equals(got) ? null : mismatch(path, want, got);
    }

    /** Equal as decimals, or two spellings of the same double (e.g. 5e-324 and 4.9E-324). */
    private static boolean sameNumber(BigDecimal a, BigDecimal b) {
        if (a.compareTo(b) == 0) {
            return true;
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        return Double.isFinite(x) && x != 0 && x == y;
    }

    private static String mismatch(String path, JsonNode want, JsonNode got) {
        return path + ": expected " + abbreviate(want) + ", got " + abbreviate(got);
    }

    private static String abbreviate(JsonNode node) {
        String s = String.valueOf(node);
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }
}
