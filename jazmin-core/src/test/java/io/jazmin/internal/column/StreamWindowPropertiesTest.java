package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.assertSameRows;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * A window decoded alone (a lookup's one row, or a few) holds the same values as the whole decode, in
 * every encoding of every scalar type, streams written here byte by byte (so encodings the writer
 * never picks, such as plain bools and raw floats among scaled ones, are covered): each single-row
 * window and a few wider ones, over columns long enough for the word-at-a-time varint skip, with and
 * without nulls.
 */
class StreamWindowPropertiesTest {
    private static final int PLAIN = StreamFormat.PLAIN;

    @Property(tries = 150, seed = "11")
    void bools(@ForAll("bool") List<Object> cells, @ForAll boolean bitmap) {
        check(ColumnType.BOOL, bitmap ? StreamFormat.BITMAP : PLAIN, cells);
    }

    @Property(tries = 150, seed = "12")
    void ints(@ForAll("int") List<Object> cells, @ForAll boolean delta) {
        check(ColumnType.INT, delta ? StreamFormat.DELTA : PLAIN, cells);
    }

    @Property(tries = 100, seed = "13")
    void datetimes(@ForAll("datetime") List<Object> cells, @ForAll boolean delta) {
        check(ColumnType.DATETIME, delta ? StreamFormat.DELTA : PLAIN, cells);
    }

    @Property(tries = 100, seed = "14")
    void floats(@ForAll("float") List<Object> cells) {
        check(ColumnType.FLOAT, PLAIN, cells);
    }

    @Property(tries = 100, seed = "20")
    void scaledFloats(@ForAll("scaled") List<Object> cells) {
        check(ColumnType.FLOAT, StreamFormat.SCALED, cells);
    }

    @Property(tries = 100, seed = "15")
    void decimals(@ForAll("decimal") List<Object> cells, @ForAll boolean dictionary) {
        check(ColumnType.DECIMAL, dictionary ? StreamFormat.DICTIONARY : PLAIN, cells);
    }

    @Property(tries = 150, seed = "16")
    void strings(@ForAll("string") List<Object> cells, @ForAll boolean dictionary) {
        check(ColumnType.STRING, dictionary ? StreamFormat.DICTIONARY : PLAIN, cells);
    }

    @Property(tries = 60, seed = "17")
    void binaries(@ForAll("binary") List<Object> cells) {
        check(ColumnType.BINARY, PLAIN, cells);
    }

    @Property(tries = 60, seed = "18")
    void jsons(@ForAll("json") List<Object> cells) {
        check(ColumnType.JSON, PLAIN, cells);
    }

    /** Writes {@code cells} ({@code null}: a null row) in {@code encoding}, then compares windows with the whole. */
    private static void check(ColumnType type, int encoding, List<Object> cells) {
        byte[] stream = write(type, encoding, cells);
        int n = cells.size();
        ColumnVector whole = Streams.decode(type, stream, n);
        assertSameRows(whole, expected(type, cells));
        Column column = Column.of("c", type);
        for (int r = 0; r < n; r++) {
            ColumnVector one = StreamDecoder.decode(column, new ByteReader(stream), n, r, r + 1);
            assertSameRows(one, whole, r, r + 1);
            if (cells.get(r) == null) {
                assertNullRowHoldsZero(one);
            }
        }
        int[][] wider = {{n / 3, n - n / 5}, {n / 2, n}, {n, n}, {Math.max(0, n - 9), n}};
        for (int[] w : wider) {
            assertSameRows(StreamDecoder.decode(column, new ByteReader(stream), n, w[0], w[1]), whole, w[0], w[1]);
        }
        // From the stream's first bytes only: the same rows, or a format error when they fall short.
        int[] cuts = {0, 1, stream.length / 4, stream.length / 2, 3 * stream.length / 4, stream.length - 1};
        for (int r = 0; r < n; r += Math.max(1, n / 16)) {
            for (int cut : cuts) {
                ByteReader prefix = new ByteReader(stream, 0, Math.max(0, cut));
                try {
                    assertSameRows(StreamDecoder.decodePrefix(column, prefix, stream.length, n, r, r + 1), whole, r, r + 1);
                } catch (JazminFormatException e) {
                    // Fell short: the reader then decodes the whole stream. Any other exception fails the test.
                }
            }
            assertSameRows(StreamDecoder.decodePrefix(column, new ByteReader(stream), stream.length, n, r, r + 1),
                    whole, r, r + 1);
        }
    }

    /**
     * A null row holds 0 in the value array, as in a whole decode, also as a window's first row: the
     * rows before a window are decoded into that slot.
     */
    private static void assertNullRowHoldsZero(ColumnVector window) {
        if (window.longs() != null) {
            assertThat(window.longs()[0]).isZero();
        }
        if (window.doubles() != null) {
            assertThat(window.doubles()[0]).isZero();
        }
    }

    /** The vector the stream holds: scaled floats are their written scale and mantissa's value. */
    private static ColumnVector expected(ColumnType type, List<Object> cells) {
        List<Object> values = new ArrayList<>();
        for (Object c : cells) {
            values.add(c instanceof Scaled s ? s.value() : c instanceof RawAmongScaled raw ? raw.value() : c);
        }
        return ColumnValues.toVector(type, values);
    }

    private static byte[] write(ColumnType type, int encoding, List<Object> cells) {
        ByteWriter out = new ByteWriter();
        List<Object> present = new ArrayList<>();
        byte[] nulls = new byte[StreamFormat.bitmapBytes(cells.size())];
        for (int r = 0; r < cells.size(); r++) {
            if (cells.get(r) == null) {
                nulls[r >>> 3] |= (byte) (1 << (r & 7));
            } else {
                present.add(cells.get(r));
            }
        }
        boolean hasNulls = present.size() < cells.size();
        out.u8(encoding | (hasNulls ? StreamFormat.HAS_NULLS : 0));
        if (hasNulls) {
            out.bytes(nulls);
        }
        switch (encoding) {
            case StreamFormat.BITMAP -> {
                byte[] bits = new byte[StreamFormat.bitmapBytes(present.size())];
                for (int i = 0; i < present.size(); i++) {
                    bits[i >>> 3] |= (byte) ((Boolean) present.get(i) ? 1 << (i & 7) : 0);
                }
                out.bytes(bits);
            }
            case StreamFormat.DELTA -> {
                for (int i = 0; i < present.size(); i++) {
                    out.zigzag((Long) present.get(i) - (i == 0 ? 0 : (Long) present.get(i - 1)));
                }
            }
            case StreamFormat.DICTIONARY -> {
                Map<Object, Integer> ids = new LinkedHashMap<>();
                for (Object v : present) {
                    ids.putIfAbsent(v, ids.size());
                }
                if (ids.isEmpty()) {
                    ids.put(type == ColumnType.STRING ? "unused" : BigDecimal.ONE, 0); // k ≥ 1 even when all null
                }
                out.varint(ids.size());
                ids.keySet().forEach(v -> writePlain(type, v, out));
                present.forEach(v -> out.varint(ids.get(v)));
            }
            default -> present.forEach(v -> writePlain(type, v, out));
        }
        return out.toByteArray();
    }

    private static void writePlain(ColumnType type, Object v, ByteWriter out) {
        switch (type) {
            case BOOL -> out.u8((Boolean) v ? 1 : 0);
            case INT, DATETIME -> out.zigzag((Long) v);
            case FLOAT -> {
                if (v instanceof Scaled s) {
                    out.u8(s.scale()).zigzag(s.mantissa());
                } else if (v instanceof RawAmongScaled raw) {
                    out.u8(StreamFormat.RAW_FLOAT).f64(raw.value());
                } else {
                    out.f64((Double) v);
                }
            }
            case DECIMAL -> Decimals.write((BigDecimal) v, out);
            case STRING -> out.utf8((String) v);
            case BINARY -> out.lengthPrefixed((byte[]) v);
            case JSON -> out.utf8(((JsonText) v).text());
            default -> throw new IllegalArgumentException(type.typeName());
        }
    }

    /** A float written scaled: {@code mantissa / 10^scale}. */
    private record Scaled(int scale, long mantissa) {
        double value() {
            return mantissa / StreamFormat.POW10[scale];
        }
    }

    /** A float written raw inside a scaled stream. */
    private record RawAmongScaled(double value) {
    }

    /** Columns of up to 300 rows, nulls now and then or never, few distinct values now and then. */
    private static Arbitrary<List<Object>> cells(Arbitrary<Object> value) {
        Arbitrary<List<Object>> pool = value.list().ofMinSize(1).ofMaxSize(4);
        return Arbitraries.oneOf(
                value.list().ofMaxSize(300),
                value.injectNull(0.25).list().ofMaxSize(300),
                pool.flatMap(p -> Arbitraries.of(p).injectNull(0.1).list().ofMinSize(1).ofMaxSize(300)),
                Arbitraries.just(null).list().ofMinSize(1).ofMaxSize(20));
    }

    @Provide("bool")
    Arbitrary<List<Object>> boolCells() {
        return cells(ColumnValues.values(ColumnType.BOOL));
    }

    @Provide("int")
    Arbitrary<List<Object>> intCells() {
        // Deltas of any two values must fit 64 bits: a wide range, but not the whole of it.
        Arbitrary<Long> wide = Arbitraries.longs().between(-(1L << 61), 1L << 61);
        Arbitrary<Long> narrow = Arbitraries.longs().between(-300, 300);
        return cells(Arbitraries.oneOf(wide, narrow, narrow.map(d -> 1_000_000L + d)).map(v -> (Object) v));
    }

    @Provide("datetime")
    Arbitrary<List<Object>> datetimeCells() {
        return cells(ColumnValues.values(ColumnType.DATETIME));
    }

    @Provide("float")
    Arbitrary<List<Object>> floatCells() {
        return cells(ColumnValues.values(ColumnType.FLOAT));
    }

    @Provide("scaled")
    Arbitrary<List<Object>> scaledCells() {
        // Scaled (scale, mantissa) pairs, and raw values; each kind is written as a scaled stream holds it.
        Arbitrary<Object> scaled = Combinators.combine(Arbitraries.integers().between(0, StreamFormat.MAX_READ_SCALE),
                Arbitraries.longs().between(-StreamFormat.MAX_READ_MANTISSA, StreamFormat.MAX_READ_MANTISSA))
                .as(Scaled::new);
        Arbitrary<Object> raw = ColumnValues.values(ColumnType.FLOAT).map(d -> new RawAmongScaled((Double) d));
        return cells(Arbitraries.frequencyOf(Tuple.of(4, scaled), Tuple.of(1, raw)));
    }

    @Provide("decimal")
    Arbitrary<List<Object>> decimalCells() {
        return cells(ColumnValues.values(ColumnType.DECIMAL).map(d -> Decimals.normalize((BigDecimal) d)));
    }

    @Provide("string")
    Arbitrary<List<Object>> stringCells() {
        return cells(ColumnValues.values(ColumnType.STRING));
    }

    @Provide("binary")
    Arbitrary<List<Object>> binaryCells() {
        return cells(ColumnValues.values(ColumnType.BINARY));
    }

    @Provide("json")
    Arbitrary<List<Object>> jsonCells() {
        return cells(Arbitraries.of("[1]", "{\"a\":null}", "\"t\u00e9\"", "-1.5e3", "true")
                .map(t -> (Object) JsonText.of(t)));
    }

    @Example
    void theStreamsWrittenHereHoldTheSpecsBytes() {
        // The writer above checked against hand-made bytes once: a delta column 5, 7, null, 6.
        byte[] stream = write(ColumnType.INT, StreamFormat.DELTA, Arrays.asList(5L, 7L, null, 6L));
        assertThat(Streams.hex(stream)).isEqualTo("11 04 0A 04 01");
    }
}
