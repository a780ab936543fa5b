package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of one column for the rows of one chunk, stored densely by row position: primitive
 * arrays for int/datetime ({@code long}, datetime in epoch milliseconds), float ({@code double})
 * and bool, an object array for the rest (decimal {@link BigDecimal}, string {@link String},
 * binary {@code byte[]}, json {@link JsonText}). Null rows are marked in an LSB-first bitmap and
 * hold 0/false/null in the value array. Strings read from a plain-encoded stream stay UTF-8 bytes
 * until asked for: {@link #get(int)} decodes one row, {@link #objects()} builds them all. Values read
 * whole from a dictionary-coded stream stay its entries and an id per row
 * ({@link #dictionaryEntries()}, {@link #dictionaryCodes()}), so a filter can test each entry once.
 *
 * <p>List and object columns (spec §1.10) keep their entries as child vectors: a list its item
 * offsets per row and one vector of all items of the chunk; an object one vector per field, with an
 * entry per non-null object. Their row values ({@link List} of items, {@link Map} of field name to
 * value, scalars as above and datetimes as {@link Instant}) are built from the children when first
 * asked for.
 *
 * <p>A <em>window</em> vector (see {@link #window()}) holds the values of only some rows
 * {@code [window, window + held)}, for queries that need a few rows of a chunk: its per-row
 * accessors take chunk row positions as usual, its backing arrays start at the window's first row,
 * and rows outside the window must not be asked for.
 */
public final class ColumnVector {
    private final ColumnType type;
    private final int size;
    /** The first row the value arrays hold (0 but for window vectors). */
    private final int base;
    private final byte[] nullBits;
    private final long[] longs;
    private final double[] doubles;
    private final boolean[] bools;
    /** Volatile: a vector kept in the process-wide cache may build its string values on any thread. */
    private volatile Object[] objects;
    /** Plain string values not yet decoded (then {@code objects} is built only if asked for), else {@code null}. */
    private final PlainStrings strings;
    /** Dictionary entries (each a non-null value) and an entry per row (0 for null rows), else {@code null}s. */
    private final Object[] entries;
    private final DictionaryCodes codes;
    /**
     * The statistics these values were last found to agree with ({@link StatisticsCheck#violation}), else
     * {@code null}: a vector and statistics kept in the shared cache are checked once, not at every query.
     * Written by any thread; a thread seeing an older value only checks again.
     */
    private ChunkStatistics agreesWith;
    /**
     * The smallest and largest value of a whole int or datetime vector without nulls when its decoder
     * found them in passing ({@link #noteLongRange}), else {@code null}: {@link StatisticsCheck} then
     * makes no pass of its own over the values. Set before the vector is handed out, never changed.
     */
    private long[] longRange;
    /**
     * For string values built from a plain stream ({@link #withoutStreamBytes}), the bytes of the buffer
     * up to the stream's end, which no value's UTF-8 bytes, and so no value's characters, exceed; else -1.
     * Set before the vector is handed out, never changed.
     */
    private int textBound = -1;
    /** List or object definition of a nested vector, else {@code null}. */
    private final Column definition;
    /** List: item offsets per row ({@code size + 1}); object: entry per row, -1 when null. */
    private final int[] offsets;
    /** List: the items; object: the fields in position order. */
    private final ColumnVector[] children;

    private ColumnVector(ColumnType type, int size, byte[] nullBits, long[] longs, double[] doubles,
                         boolean[] bools, Object[] objects) {
        this(type, size, 0, nullBits, longs, doubles, bools, objects, null, null, null, null);
    }

    private ColumnVector(ColumnType type, int size, int base, byte[] nullBits, long[] longs, double[] doubles,
                         boolean[] bools, Object[] objects, PlainStrings strings, Column definition,
                         int[] offsets, ColumnVector[] children) {
        this(type, size, base, nullBits, longs, doubles, bools, objects, strings, null, null, definition, offsets,
                children);
    }

    private ColumnVector(ColumnType type, int size, int base, byte[] nullBits, long[] longs, double[] doubles,
                         boolean[] bools, Object[] objects, PlainStrings strings, Object[] entries, DictionaryCodes codes,
                         Column definition, int[] offsets, ColumnVector[] children) {
        this.type = type;
        this.size = size;
        this.base = base;
        this.nullBits = nullBits;
        this.longs = longs;
        this.doubles = doubles;
        this.bools = bools;
        this.objects = objects;
        this.strings = strings;
        this.entries = entries;
        this.codes = codes;
        this.definition = definition;
        this.offsets = offsets;
        this.children = children;
    }

    /** int or datetime values; {@code nullBits} may be {@code null} when no row is null. */
    public static ColumnVector ofLongs(ColumnType type, int size, long[] values, byte[] nullBits) {
        return new ColumnVector(type, size, nullBits, values, null, null, null);
    }

    public static ColumnVector ofDoubles(int size, double[] values, byte[] nullBits) {
        return new ColumnVector(ColumnType.FLOAT, size, nullBits, null, values, null, null);
    }

    public static ColumnVector ofBooleans(int size, boolean[] values, byte[] nullBits) {
        return new ColumnVector(ColumnType.BOOL, size, nullBits, null, null, values, null);
    }

    /** decimal, string, binary or json values; a {@code null} element is a null row. */
    public static ColumnVector ofObjects(ColumnType type, int size, Object[] values) {
        return new ColumnVector(type, size, nullBitsOf(values, size), null, null, null, values);
    }

    /**
     * String values together with their plain-encoded stream body, so that writing them copies the
     * bytes instead of encoding each string again.
     *
     * @param nullBits the LSB-first null bitmap (at least {@code size} bits), or {@code null} when no row is null
     * @param body   the length-prefixed UTF-8 bytes of the non-null values in row order, from index 0
     * @param end    where the body ends in {@code body}
     * @param starts per row, where its value starts in {@code body}; unused for null rows
     */
    public static ColumnVector ofEncodedStrings(int size, byte[] nullBits, byte[] body, int end, int[] starts) {
        return ofPlainStrings(size, nullBits, new PlainStrings(body, end, starts, false));
    }

    private static byte[] nullBitsOf(Object[] values, int size) {
        byte[] bits = null;
        for (int i = 0; i < size; i++) {
            if (values[i] == null) {
                if (bits == null) {
                    bits = new byte[(size + 7) >>> 3];
                }
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return bits;
    }

    /**
     * A whole decimal, string, binary or json vector of a dictionary-coded stream: row {@code r} holds
     * {@code entries[codes[r]]} unless it is null.
     *
     * @param nullBits the LSB-first null bitmap (at least {@code size} bits), or {@code null} when no row is null
     * @param entries  the dictionary's values, none {@code null}
     * @param codes    per row, its entry ({@code size} of them, each an index into {@code entries}; any for null rows)
     */
    public static ColumnVector ofDictionary(ColumnType type, int size, byte[] nullBits, Object[] entries, int[] codes) {
        return ofDictionary(type, size, nullBits, entries, DictionaryCodes.of(codes));
    }

    /** {@link #ofDictionary(ColumnType, int, byte[], Object[], int[])} with its codes in either form. */
    static ColumnVector ofDictionary(ColumnType type, int size, byte[] nullBits, Object[] entries,
                                     DictionaryCodes codes) {
        return new ColumnVector(type, size, 0, nullBits, null, null, null, null, null, entries, codes, null, null, null);
    }

    /** The entries of a vector built by {@link #ofDictionary}, else {@code null}. Shared, not copied. */
    public Object[] dictionaryEntries() {
        return entries;
    }

    /** Per row, its entry in {@link #dictionaryEntries()} (any for a null row), else {@code null}. Shared, not copied. */
    public DictionaryCodes dictionaryCodes() {
        return codes;
    }

    /** The stored UTF-8 form of a whole string vector's values, when it has one, else {@code null}. */
    PlainStrings plainStrings() {
        return base == 0 && strings != null && strings.rows() == size ? strings : null;
    }

    /** String values kept as their stored UTF-8 bytes, each decoded when {@link #get(int)} asks for it. */
    static ColumnVector ofPlainStrings(int size, byte[] nullBits, PlainStrings values) {
        return new ColumnVector(ColumnType.STRING, size, 0, nullBits, null, null, null, null, values, null, null, null);
    }

    /**
     * A scalar window vector of a chunk of {@code size} rows: the value arrays (one of them set, or
     * {@code strings}) hold rows from {@code base} on; {@code nullBits} covers the whole chunk.
     */
    static ColumnVector window(ColumnType type, int size, int base, byte[] nullBits, long[] longs, double[] doubles,
                               boolean[] bools, Object[] objects, PlainStrings strings) {
        return new ColumnVector(type, size, base, nullBits, longs, doubles, bools, objects, strings, null, null, null);
    }

    /**
     * A list column's values: row {@code r} holds items {@code offsets[r]} to {@code offsets[r + 1]}
     * (exclusive) of {@code items}; a null row holds none.
     *
     * @param definition the list column (its item describes {@code items})
     * @param offsets    {@code size + 1} non-decreasing item offsets, the last equal to the items' size
     * @param nullBits   LSB-first null bitmap, or {@code null} when no row is null
     */
    public static ColumnVector ofList(Column definition, int size, byte[] nullBits, int[] offsets,
                                      ColumnVector items) {
        requireType(definition, ColumnType.LIST);
        return new ColumnVector(ColumnType.LIST, size, 0, nullBits, null, null, null, null, null, definition, offsets,
                new ColumnVector[] {items});
    }

    /**
     * An object column's values: each field vector holds one entry per non-null row, in row order.
     *
     * @param definition the object column (its fields describe {@code fields}, in order)
     * @param nullBits   LSB-first null bitmap, or {@code null} when no row is null
     */
    public static ColumnVector ofObject(Column definition, int size, byte[] nullBits, ColumnVector[] fields) {
        requireType(definition, ColumnType.OBJECT);
        int[] entries = new int[size];
        for (int r = 0, e = 0; r < size; r++) {
            entries[r] = isSet(nullBits, r) ? -1 : e++;
        }
        return new ColumnVector(ColumnType.OBJECT, size, 0, nullBits, null, null, null, null, null, definition, entries,
                fields.clone());
    }

    private static void requireType(Column definition, ColumnType type) {
        if (definition.type() != type) {
            throw new IllegalArgumentException("a " + type.typeName() + " vector needs a " + type.typeName()
                    + " definition, not " + definition.type().typeName());
        }
    }

    private static boolean isSet(byte[] bits, int i) {
        return bits != null && (bits[i >>> 3] & (1 << (i & 7))) != 0;
    }

    /** The list or object definition of a nested vector, else {@code null}. */
    public Column definition() {
        return definition;
    }

    /** A list vector's items, all rows' items concatenated in row order. */
    public ColumnVector items() {
        requireNested(ColumnType.LIST);
        return children[0];
    }

    /** Index in {@link #items()} of the first item of {@code row}. */
    public int itemStart(int row) {
        requireNested(ColumnType.LIST);
        return offsets[row];
    }

    /** Index in {@link #items()} just past the last item of {@code row}. */
    public int itemEnd(int row) {
        requireNested(ColumnType.LIST);
        return offsets[row + 1];
    }

    /** An object vector's field vectors, in position order (shared, not copied). */
    public ColumnVector[] fields() {
        requireNested(ColumnType.OBJECT);
        return children;
    }

    /** Index into an object vector's field vectors of {@code row}'s entry, or -1 for a null row. */
    public int entry(int row) {
        requireNested(ColumnType.OBJECT);
        return offsets[row];
    }

    private void requireNested(ColumnType wanted) {
        if (type != wanted) {
            throw new IllegalStateException("not a " + wanted.typeName() + " vector but " + type.typeName());
        }
    }

    public ColumnType type() {
        return type;
    }

    public int size() {
        return size;
    }

    /** The first row a window vector holds; 0 for a vector of every row. */
    public int window() {
        return base;
    }

    public boolean hasNulls() {
        return nullBits != null;
    }

    /** The LSB-first null bitmap, or {@code null} when no row is null. Shared, not copied. */
    public byte[] nullBits() {
        return nullBits;
    }

    public boolean isNull(int row) {
        return nullBits != null && (nullBits[row >>> 3] & (1 << (row & 7))) != 0;
    }

    public int nullCount() {
        if (nullBits == null) {
            return 0;
        }
        int n = 0;
        for (byte b : nullBits) {
            n += Integer.bitCount(b & 0xFF);
        }
        return n;
    }

    /** Backing array for int/datetime columns (shared; of a window vector, from its {@link #window()} row). */
    public long[] longs() {
        return longs;
    }

    /** Backing array for float columns (shared). */
    public double[] doubles() {
        return doubles;
    }

    /** Backing array for bool columns (shared). */
    public boolean[] booleans() {
        return bools;
    }

    /**
     * Backing array for decimal/string/binary/json columns (shared); for list/object columns, and
     * for strings read from a plain stream, every row's value, built on first use. Reading a few
     * rows through {@link #get(int)} is cheaper: it builds only those rows' values.
     */
    public Object[] objects() {
        if (base != 0) {
            throw new IllegalStateException("a window vector holds only some rows; read them with get(row)");
        }
        if (definition != null) {
            for (int r = 0; r < size; r++) {
                get(r);
            }
        } else if (objects == null && strings != null) {
            objects = strings.all(this::isNull); // a whole vector: its rows are the strings' own
        } else if (objects == null && codes != null) {
            Object[] all = new Object[size];
            for (int r = 0; r < size; r++) {
                all[r] = get(r);
            }
            objects = all;
        }
        return objects;
    }

    public long getLong(int row) {
        return longs[row - base];
    }

    public double getDouble(int row) {
        return doubles[row - base];
    }

    public boolean getBoolean(int row) {
        return bools[row - base];
    }

    /**
     * The value at {@code row} as its public Java type (datetime as {@link Instant}), or
     * {@code null} for a null cell.
     */
    public Object get(int row) {
        if (isNull(row)) {
            return null;
        }
        int at = row - base;
        return switch (type) {
            case INT -> longs[at];
            case DATETIME -> Instant.ofEpochMilli(longs[at]);
            case FLOAT -> doubles[at];
            case BOOL -> bools[at];
            case LIST, OBJECT -> nestedValue(row);
            case DECIMAL, STRING, BINARY, JSON -> objectAt(row);
        };
    }

    /**
     * The value at a non-null {@code row} of a decimal, string, binary or JSON vector, without
     * {@link #get}'s null test and switch over the type (for a reader that has made both already).
     */
    public Object objectAt(int row) {
        int at = row - base;
        return objects != null ? objects[at] : codes != null ? entries[codes.get(at)] : strings.get(at);
    }

    /**
     * Adds the value of a string vector's {@code row} to {@code out} as UTF-8: the stored bytes of a
     * plain stream as they are, without a {@code String}; strings a vector holds (a dictionary's) encoded.
     */
    public void appendUtf8(int row, Utf8Buffer out) {
        if (isNull(row)) {
            out.addNull();
        } else if (strings != null) {
            strings.appendTo(row - base, out);
        } else {
            int at = row - base;
            out.add(this, (String) (objects != null ? objects[at] : entries[codes.get(at)]));
        }
    }

    /** A list or object row value, built from the children once and kept. */
    private Object nestedValue(int row) {
        if (objects == null) {
            objects = new Object[size];
        }
        Object v = objects[row];
        if (v == null) {
            v = type.hasItems() ? listValue(row) : objectValue(row);
            objects[row] = v;
        }
        return v;
    }

    private List<Object> listValue(int row) {
        ColumnVector items = children[0];
        List<Object> out = new ArrayList<>(offsets[row + 1] - offsets[row]);
        for (int i = offsets[row]; i < offsets[row + 1]; i++) {
            out.add(items.get(i));
        }
        return out;
    }

    private Map<String, Object> objectValue(int row) {
        List<Column> fields = definition.fields();
        Map<String, Object> out = new LinkedHashMap<>();
        int entry = offsets[row];
        for (int f = 0; f < fields.size(); f++) {
            out.put(fields.get(f).name(), children[f].get(entry));
        }
        return out;
    }

    /**
     * Whether this vector may be shared between queries and threads (the process-wide cache): a
     * whole, scalar vector whose values are immutable ({@link #immutableValues}).
     */
    public boolean shareable() {
        return base == 0 && definition == null && immutableValues(type);
    }

    /** Whether the values of {@code type} handed to callers are immutable, so that they may be shared. */
    public static boolean immutableValues(ColumnType type) {
        return switch (type) {
            case BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, JSON -> true;
            // byte[] handed to callers as they are; lists and maps built on demand
            case BINARY, LIST, OBJECT -> false;
        };
    }

    /**
     * This vector holding only its own bytes: plain strings and one-byte dictionary ids keep the buffer
     * their stream was read from (possibly a whole chunk part); the copy keeps just the stream, which
     * begins at {@code streamStart}, or just the ids.
     */
    public ColumnVector detached(int streamStart) {
        if (codes != null) {
            DictionaryCodes own = codes.compacted();
            return own == codes ? this
                    : new ColumnVector(type, size, base, nullBits, null, null, null, objects, null, entries, own, null,
                            null, null);
        }
        if (strings == null) {
            return this;
        }
        return new ColumnVector(type, size, base, nullBits, null, null, null, null, strings.rebased(streamStart),
                null, null, null);
    }

    ChunkStatistics agreesWith() {
        return agreesWith;
    }

    void agreesWith(ChunkStatistics statistics) {
        agreesWith = statistics;
    }

    /** Notes the smallest and largest of this new whole vector's values (see {@link #longRange}); returns it. */
    ColumnVector noteLongRange(long min, long max) {
        if (longs == null || base != 0 || nullBits != null || size == 0) {
            throw new IllegalStateException("a range is noted for whole int or datetime vectors without nulls only");
        }
        longRange = new long[] {min, max};
        return this;
    }

    /** The smallest and largest value as noted by the decoder, or {@code null} (see {@link #longRange}). */
    long[] longRange() {
        return longRange;
    }

    /**
     * Rows {@code [from, to)} of this whole int or datetime vector as a window vector (see {@link #window()})
     * holding a copy of their values: what a window decode of those rows gives, and nothing of this
     * vector's array, which its owner may then reuse.
     */
    public ColumnVector windowOfLongs(int from, int to) {
        if (longs == null || base != 0 || from < 0 || from > to || to > size) {
            throw new IllegalArgumentException("rows " + from + ".." + to + " of a " + type.typeName()
                    + " vector of " + size + " rows (window " + base + ")");
        }
        return window(type, size, from, nullBits, Arrays.copyOfRange(longs, from, to), null, null, null, null);
    }

    /**
     * This window vector with its plain strings built for the rows it holds: it then keeps nothing of
     * the buffer its stream was read from, which a thread may reuse. Other vectors are returned as
     * they are.
     */
    public ColumnVector withoutStreamBytes() {
        if (strings == null || objects != null) {
            return this;
        }
        Object[] values = strings.all(at -> isNull(base + at));
        ColumnVector built = new ColumnVector(type, size, base, nullBits, null, null, null, values, null, null, null,
                null);
        built.textBound = strings.end();
        return built;
    }

    /**
     * Whether no value of this string vector can be longer than {@code maxChars} characters (known for
     * strings {@link #withoutStreamBytes} built: their UTF-8 bytes bound them), so a reader's length limit
     * needs no test per value.
     */
    public boolean textsAtMost(int maxChars) {
        return textBound >= 0 && textBound <= maxChars;
    }

    /**
     * This vector keeping nothing of the buffer its stream was read from, for a buffer the thread reuses
     * next: plain strings built ({@link #withoutStreamBytes()}), one-byte dictionary ids copied out. The
     * other values and the null bits are copies already.
     */
    public ColumnVector apartFromBuffer() {
        if (codes == null) {
            return withoutStreamBytes();
        }
        DictionaryCodes own = codes.copied();
        return own == codes ? this
                : new ColumnVector(type, size, base, nullBits, null, null, null, objects, null, entries, own, null,
                        null, null);
    }

    /**
     * An estimate of the heap this vector holds, for cache budgets: its arrays (16-byte headers, 4-byte
     * references) and each distinct value once (strings at two bytes a character).
     */
    public long heapBytes() {
        long n = 64 + array(nullBits == null ? -1 : nullBits.length, 1) + array(longs == null ? -1 : longs.length, 8)
                + array(doubles == null ? -1 : doubles.length, 8) + array(bools == null ? -1 : bools.length, 1);
        if (strings != null) {
            n += strings.heapBytes();
        }
        if (codes != null) {
            n += codes.heapBytes() + array(entries.length, 4) + distinctValueBytes(entries);
        }
        Object[] values = objects;
        if (values != null) {
            n += array(values.length, 4);
            if (codes == null) {
                n += distinctValueBytes(values);
            }
        }
        return n;
    }

    /** Each distinct value of {@code values} once (strings at two bytes a character). */
    private static long distinctValueBytes(Object[] values) {
        long n = 0;
        java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Object v : values) {
            if (v != null && seen.add(v)) {
                n += v instanceof String s ? 40 + 2L * s.length() : v instanceof JsonText j ? 56 + 2L * j.text().length() : 72;
            }
        }
        return n;
    }

    private static long array(int length, int width) {
        return length < 0 ? 0 : 16 + (long) length * width;
    }

    @Override
    public String toString() {
        Object[] shown = new Object[base == 0 ? Math.min(size, 8) : 1];
        for (int i = 0; i < shown.length; i++) {
            shown[i] = get(base + i);
        }
        return "ColumnVector[" + type.typeName() + " x" + size + " " + Arrays.toString(shown) + "]";
    }
}
