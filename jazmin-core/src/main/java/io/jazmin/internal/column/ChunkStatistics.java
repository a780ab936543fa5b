package io.jazmin.internal.column;

import io.jazmin.schema.Column;

import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One chunk's statistics for one column (spec §1.14): null count and min/max bounds in key-form
 * bytes, an empty array meaning "unbounded". Computed exactly as the reference writer computes them
 * ({@code stats.js}), so the stored bytes match:
 * <ul>
 *   <li>bounds only for ordered types, and only over non-null values (all-null chunk: none);</li>
 *   <li>floats: NaN is left out and −0 counts as +0; if the min or the max is infinite, <em>both</em>
 *       bounds are omitted (the reference drops the pair, not just the infinite side);</li>
 *   <li>strings: a min longer than 64 UTF-16 code units is cut to 64 (63 when the 64th is a high
 *       surrogate), still a lower bound; a max longer than 64 is omitted.</li>
 *   <li>list and object columns: the null count of their rows, no bounds, and the statistics of
 *       every leaf ({@link LeafChunkStatistics}), computed like those of a column.</li>
 * </ul>
 */
public final class ChunkStatistics {
    /** Longest string bound kept, in UTF-16 code units. */
    public static final int MAX_STRING_BOUND = 64;
    private static final byte[] NONE = new byte[0];

    private final long nullCount;
    private final byte[] min;
    private final byte[] max;
    private final List<LeafChunkStatistics> leaves;
    /**
     * Each bound once decoded, kept: pruning asks them of every chunk at every query (statistics may be
     * kept in the shared cache), and reading statistics checks them first. Written by any thread; an
     * immutable record, so a racing decode only decodes twice.
     */
    private Key minKey;
    private Key maxKey;

    /** A bound {@link KeyForms#decode decoded} as a key of {@code type}. */
    private record Key(ColumnType type, Object value) {
    }

    private ChunkStatistics(long nullCount, byte[] min, byte[] max) {
        this(nullCount, min, max, List.of());
    }

    private ChunkStatistics(long nullCount, byte[] min, byte[] max, List<LeafChunkStatistics> leaves) {
        this.nullCount = nullCount;
        this.min = min;
        this.max = max;
        this.leaves = leaves;
    }

    /** Statistics as stored in a file (bounds are not decoded until asked for). */
    public static ChunkStatistics of(long nullCount, byte[] min, byte[] max) {
        return of(nullCount, min, max, List.of());
    }

    /** Statistics as stored in a file, with the leaves of a nested column. */
    public static ChunkStatistics of(long nullCount, byte[] min, byte[] max, List<LeafChunkStatistics> leaves) {
        return new ChunkStatistics(nullCount, min == null ? NONE : min, max == null ? NONE : max,
                List.copyOf(leaves));
    }

    /** Computes the statistics of one chunk's values (nested columns with their leaves). */
    public static ChunkStatistics compute(ColumnVector values) {
        return compute(values, null);
    }

    /**
     * {@link #compute(ColumnVector)} of strings whose smallest and largest values are in the rows
     * {@code stringBoundRows} (as {@link StreamEncoder} found
     * them), or {@code null} when not known: then every row is compared.
     */
    public static ChunkStatistics compute(ColumnVector values, int[] stringBoundRows) {
        int nulls = values.nullCount();
        ColumnType type = values.type();
        if (type.isNested()) {
            List<LeafChunkStatistics> leaves = new ArrayList<>();
            for (NestedLeaves.Leaf leaf : NestedLeaves.of(values)) {
                leaves.add(new LeafChunkStatistics(leaf.path(), leaf.values().size(), compute(leaf.values())));
            }
            return new ChunkStatistics(nulls, NONE, NONE, List.copyOf(leaves));
        }
        if (nulls == values.size()) {
            return new ChunkStatistics(nulls, NONE, NONE);
        }
        return switch (type) {
            case BOOL -> boolBounds(values, nulls);
            case INT, DATETIME -> longBounds(values, nulls);
            case FLOAT -> floatBounds(values, nulls);
            case DECIMAL -> decimalBounds(values, nulls);
            case STRING -> stringBounds(values, nulls, stringBoundRows);
            // Unordered: no bounds (nested columns returned above with their leaves).
            case BINARY, JSON, LIST, OBJECT -> new ChunkStatistics(nulls, NONE, NONE);
        };
    }

    /** The null count. */
    public long nullCount() {
        return nullCount;
    }

    /** The statistics of a nested column's leaves (empty for other columns or when not stored). */
    public List<LeafChunkStatistics> leaves() {
        return leaves;
    }

    /**
     * Whether these statistics of a chunk of {@code column} list the leaves {@link #compute} lists, at the
     * same paths in the same order (none for a scalar column): a directory's statistics list every chunk's
     * leaves alike, so only such statistics join those computed in one (a compaction carrying a chunk).
     */
    public boolean hasLeavesOf(Column column) {
        List<int[]> paths = column.type().isNested() ? NestedLeaves.paths(column) : List.of();
        if (paths.size() != leaves.size()) {
            return false;
        }
        for (int i = 0; i < paths.size(); i++) {
            if (!leaves.get(i).isAt(paths.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The statistics of the leaf at {@code path}, or {@code null} when not stored. */
    public LeafChunkStatistics leaf(int[] path) {
        for (LeafChunkStatistics l : leaves) {
            if (l.isAt(path)) {
                return l;
            }
        }
        return null;
    }

    /** Key-form bytes of the lower bound; empty when unbounded. Shared, not copied. */
    public byte[] min() {
        return min;
    }

    /** Key-form bytes of the upper bound; empty when unbounded. Shared, not copied. */
    public byte[] max() {
        return max;
    }

    /**
     * The lower bound as a key value of {@code type} (see {@link KeyForms}), or {@code null} when
     * unbounded.
     *
     * @throws io.jazmin.error.JazminFormatException when the bytes are not a valid key
     */
    public Object minKey(ColumnType type) {
        Key k = minKey;
        if (k == null || k.type() != type) {
            k = new Key(type, min.length == 0 ? null : KeyForms.decode(type, min));
            minKey = k;
        }
        return k.value();
    }

    /** The upper bound as a key value of {@code type}, or {@code null} when unbounded. */
    public Object maxKey(ColumnType type) {
        Key k = maxKey;
        if (k == null || k.type() != type) {
            k = new Key(type, max.length == 0 ? null : KeyForms.decode(type, max));
            maxKey = k;
        }
        return k.value();
    }

    private static ChunkStatistics bounds(ColumnType type, int nulls, Object minKey, Object maxKey) {
        return new ChunkStatistics(nulls, KeyForms.encode(type, minKey), KeyForms.encode(type, maxKey));
    }

    // The bound loops below run over whole column arrays on the encoder threads: one pass, no boxing,
    // the null bitmap consulted only when the chunk has nulls.

    private static ChunkStatistics boolBounds(ColumnVector v, int nulls) {
        Boolean[] range = boolRange(v);
        return bounds(ColumnType.BOOL, nulls, range[0], range[1]);
    }

    /** The smallest and largest non-null value of a bool column (true, false when every row is null). */
    static Boolean[] boolRange(ColumnVector v) {
        boolean[] vals = v.booleans();
        boolean anyFalse = false;
        boolean anyTrue = false;
        for (int r = 0; r < v.size(); r++) {
            if (!v.isNull(r)) {
                anyTrue |= vals[r];
                anyFalse |= !vals[r];
            }
        }
        return new Boolean[] {!anyFalse, anyTrue};
    }

    private static ChunkStatistics longBounds(ColumnVector v, int nulls) {
        long[] vals = v.longs();
        int n = v.size();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        if (!v.hasNulls()) {
            for (int r = 0; r < n; r++) {
                long x = vals[r];
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        } else {
            for (int r = 0; r < n; r++) {
                if (!v.isNull(r)) {
                    lo = Math.min(lo, vals[r]);
                    hi = Math.max(hi, vals[r]);
                }
            }
        }
        return bounds(v.type(), nulls, lo, hi);
    }

    private static ChunkStatistics floatBounds(ColumnVector v, int nulls) {
        double[] vals = v.doubles();
        int n = v.size();
        // NaN fails both comparisons, so it never becomes a bound; all-NaN leaves lo > hi, both infinite.
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        boolean nullable = v.hasNulls();
        for (int r = 0; r < n; r++) {
            double x = vals[r];
            if (nullable && v.isNull(r)) {
                continue;
            }
            if (x < lo) {
                lo = x;
            }
            if (x > hi) {
                hi = x;
            }
        }
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            return new ChunkStatistics(nulls, NONE, NONE); // an infinite bound, or every value NaN
        }
        return bounds(ColumnType.FLOAT, nulls, lo, hi); // KeyForms folds -0 into +0
    }

    private static ChunkStatistics decimalBounds(ColumnVector v, int nulls) {
        BigDecimal[] range = range(v, BigDecimal.class);
        return bounds(ColumnType.DECIMAL, nulls, range[0], range[1]);
    }

    /**
     * The smallest and largest non-null value of an object column by its natural order
     * (BigDecimal numerically, String by UTF-16 code units, as the key forms order them).
     */
    @SuppressWarnings("unchecked")
    static <T extends Comparable<? super T>> T[] range(ColumnVector v, Class<T> type) {
        Object[] entries = v.dictionaryEntries();
        DictionaryCodes codes = v.dictionaryCodes();
        // A dictionary's entries are compared once each, in the order rows first use them: the same
        // result as comparing every row's value (a value seen again never moves a bound).
        boolean[] seen = entries == null ? null : new boolean[entries.length];
        Object[] vals = entries == null ? v.objects() : null;
        int unseen = entries == null ? -1 : entries.length;
        T lo = null;
        T hi = null;
        for (int r = 0; r < v.size() && unseen != 0; r++) { // every entry compared: later rows cannot move a bound
            Object o;
            if (seen != null) {
                if (v.isNull(r) || seen[codes.get(r)]) {
                    continue;
                }
                seen[codes.get(r)] = true;
                unseen--;
                o = entries[codes.get(r)];
            } else {
                o = vals[r];
            }
            if (o == null || v.isNull(r)) {
                continue;
            }
            T x = type.cast(o);
            if (lo == null) {
                lo = x;
                hi = x;
            } else if (x.compareTo(lo) < 0) {
                lo = x; // below the min, so not above the max
            } else if (x.compareTo(hi) > 0) {
                hi = x;
            }
        }
        T[] out = (T[]) java.lang.reflect.Array.newInstance(type, 2);
        out[0] = lo;
        out[1] = hi;
        return out;
    }

    private static ChunkStatistics stringBounds(ColumnVector v, int nulls, int[] boundRows) {
        String lo;
        String hi;
        PlainStrings encoded = v.plainStrings();
        if (encoded != null) {
            // Not null: the chunk has a non-null value.
            int[] rows = boundRows != null ? boundRows : EncodedStringRange.of(v, encoded);
            lo = (String) v.get(rows[0]);
            hi = (String) v.get(rows[1]);
        } else {
            String[] range = range(v, String.class);
            lo = range[0];
            hi = range[1];
        }
        byte[] maxBytes = hi.length() > MAX_STRING_BOUND ? NONE : Utf8.encode(hi);
        return new ChunkStatistics(nulls, Utf8.encode(truncatedMin(lo)), maxBytes);
    }

    /** A prefix of at most 64 code units, never ending in the high half of a surrogate pair. */
    static String truncatedMin(String s) {
        if (s.length() <= MAX_STRING_BOUND) {
            return s;
        }
        int end = MAX_STRING_BOUND;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkStatistics other && other.nullCount == nullCount
                && Arrays.equals(other.min, min) && Arrays.equals(other.max, max) && other.leaves.equals(leaves);
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(nullCount) * 31 * 31 + Arrays.hashCode(min) * 31 + Arrays.hashCode(max)) * 31
                + leaves.hashCode();
    }

    @Override
    public String toString() {
        return "ChunkStatistics[nulls=" + nullCount + ", min=" + min.length + " bytes, max=" + max.length + " bytes"
                + (leaves.isEmpty() ? "" : ", " + leaves.size() + " leaves") + "]";
    }
}
