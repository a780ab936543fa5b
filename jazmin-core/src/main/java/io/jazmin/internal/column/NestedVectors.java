package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Builds the child-vector form of list and object columns (spec §1.10) from row values: each
 * list's items are gathered, in order, into one vector of the item type, and each field of the
 * non-null objects into one vector per field, recursively down to the scalar leaves.
 */
public final class NestedVectors {
    private NestedVectors() {
    }

    /**
     * The vector of a column from its row values: {@code null} for a null cell; for a list a
     * {@link List}, for an object a {@link Map} by field name (absent fields are null); leaves as the
     * Java types of {@link ColumnVector} (datetime as {@link Instant} or epoch-ms {@link Long}).
     * Values are expected to be checked against the definition already.
     *
     * @param definition any column; scalar columns give an ordinary vector
     * @param values     the row values, {@code size} of them used
     */
    public static ColumnVector of(Column definition, Object[] values, int size) {
        return build(definition, Arrays.asList(values).subList(0, size));
    }

    /** A vector of {@code size} null entries of {@code definition}'s type (fields added later, spec §1.10). */
    public static ColumnVector allNull(Column definition, int size) {
        return build(definition, Collections.nCopies(size, null));
    }

    private static ColumnVector build(Column def, List<?> entries) {
        int n = entries.size();
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            if (entries.get(i) == null) {
                if (nulls == null) {
                    nulls = new byte[StreamFormat.bitmapBytes(n)];
                }
                nulls[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return switch (def.type()) {
            case LIST -> list(def, entries, nulls);
            case OBJECT -> object(def, entries, nulls);
            case BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, BINARY, JSON -> leaf(def.type(), entries, nulls);
        };
    }

    private static ColumnVector list(Column def, List<?> entries, byte[] nulls) {
        int n = entries.size();
        int[] offsets = new int[n + 1];
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (entries.get(i) instanceof List<?> l) {
                items.addAll(l);
            }
            offsets[i + 1] = items.size();
        }
        return ColumnVector.ofList(def, n, nulls, offsets, build(def.item(), items));
    }

    private static ColumnVector object(Column def, List<?> entries, byte[] nulls) {
        List<Column> fields = def.fields();
        List<List<Object>> perField = new ArrayList<>(fields.size());
        for (int f = 0; f < fields.size(); f++) {
            perField.add(new ArrayList<>());
        }
        for (Object e : entries) {
            if (e instanceof Map<?, ?> m) {
                for (int f = 0; f < fields.size(); f++) {
                    perField.get(f).add(m.get(fields.get(f).name()));
                }
            }
        }
        ColumnVector[] children = new ColumnVector[fields.size()];
        for (int f = 0; f < children.length; f++) {
            children[f] = build(fields.get(f), perField.get(f));
        }
        return ColumnVector.ofObject(def, entries.size(), nulls, children);
    }

    private static ColumnVector leaf(ColumnType type, List<?> entries, byte[] nulls) {
        int n = entries.size();
        return switch (type) {
            case INT, DATETIME -> {
                long[] vals = new long[n];
                for (int i = 0; i < n; i++) {
                    Object v = entries.get(i);
                    vals[i] = v == null ? 0 : v instanceof Instant t ? t.toEpochMilli() : ((Number) v).longValue();
                }
                yield ColumnVector.ofLongs(type, n, vals, nulls);
            }
            case FLOAT -> {
                double[] vals = new double[n];
                for (int i = 0; i < n; i++) {
                    Object v = entries.get(i);
                    vals[i] = v == null ? 0 : ((Number) v).doubleValue();
                }
                yield ColumnVector.ofDoubles(n, vals, nulls);
            }
            case BOOL -> {
                boolean[] vals = new boolean[n];
                for (int i = 0; i < n; i++) {
                    vals[i] = Boolean.TRUE.equals(entries.get(i));
                }
                yield ColumnVector.ofBooleans(n, vals, nulls);
            }
            // LIST and OBJECT never reach here: build dispatches them to list and object
            case DECIMAL, STRING, BINARY, JSON, LIST, OBJECT -> ColumnVector.ofObjects(type, n, entries.toArray());
        };
    }
}
