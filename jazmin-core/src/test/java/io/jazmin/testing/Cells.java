package io.jazmin.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/**
 * Exact comparison of Java cell values as the engine returns them: floats by bits (−0.0 differs
 * from 0.0; every NaN is the same), decimals by {@code equals} (scale included), byte arrays by
 * content, everything else by {@code equals}.
 */
public final class Cells {
    private Cells() {
    }

    public static boolean same(Object a, Object b) {
        if (a instanceof Double x && b instanceof Double y) {
            return Double.doubleToLongBits(x) == Double.doubleToLongBits(y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return a == null ? b == null : a.equals(b);
    }

    /** Every row of {@code table} as a list of values, in file order. */
    public static List<List<Object>> readAll(JazminTable table) {
        List<List<Object>> rows = new ArrayList<>();
        Iterator<Row> it = table.rows().iterator();
        while (it.hasNext()) {
            Row row = it.next();
            List<Object> values = new ArrayList<>(row.size());
            for (int i = 0; i < row.size(); i++) {
                values.add(row.get(i));
            }
            rows.add(values);
        }
        return rows;
    }

    /** Whether two row lists are equal cell by cell. */
    public static boolean sameRows(List<? extends List<?>> a, List<? extends List<?>> b) {
        return firstDifference(a, b) == null;
    }

    /** Asserts two row lists are equal cell by cell, naming the first differing row and column. */
    public static void assertSameRows(List<? extends List<?>> expected, List<? extends List<?>> actual) {
        String diff = firstDifference(expected, actual);
        if (diff != null) {
            fail(diff);
        }
        assertEquals(expected.size(), actual.size());
    }

    private static String firstDifference(List<? extends List<?>> expected, List<? extends List<?>> actual) {
        if (expected.size() != actual.size()) {
            return expected.size() + " rows expected, got " + actual.size();
        }
        for (int r = 0; r < expected.size(); r++) {
            List<?> e = expected.get(r);
            List<?> a = actual.get(r);
            if (e.size() != a.size()) {
                return "row " + r + ": " + e.size() + " values expected, got " + a.size();
            }
            for (int c = 0; c < e.size(); c++) {
                if (!same(e.get(c), a.get(c))) {
                    return "row " + r + ", column " + c + ": expected " + show(e.get(c)) + ", got " + show(a.get(c));
                }
            }
        }
        return null;
    }

    /** A readable form of a value, exact for doubles and bytes. */
    public static String show(Object v) {
        if (v instanceof Double d) {
            return d + " (bits " + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
        }
        if (v instanceof byte[] b) {
            return "bytes[" + HexFormat.of().formatHex(b) + "]";
        }
        if (v instanceof String s) {
            return '"' + s.codePoints().mapToObj(cp -> cp < 0x20 || cp > 0x7e ? String.format("\\u{%x}", cp)
                    : Character.toString(cp)).reduce("", String::concat) + '"';
        }
        return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
    }
}
