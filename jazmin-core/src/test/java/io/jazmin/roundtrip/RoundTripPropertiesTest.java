package io.jazmin.roundtrip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.schema.JsonText;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.Cells;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Proves that whatever the writer accepts reads back exactly: random schemas (1–8 scalar columns,
 * random nullability, some all-null columns), 0–300 rows full of edge values, random codecs and
 * chunk sizes. Also proves {@code sortedBy} is kept and enforced, and that strings the UTF-8 form
 * cannot hold (lone surrogates) are refused rather than silently changed.
 */
class RoundTripPropertiesTest {
    private static final Instant NOW = Instant.parse("2024-05-06T07:08:09.010Z");
    private static final List<ColumnType> SCALARS = List.of(ColumnType.BOOL, ColumnType.INT, ColumnType.FLOAT,
            ColumnType.DECIMAL, ColumnType.STRING, ColumnType.DATETIME, ColumnType.BINARY, ColumnType.JSON);
    /** The datetime range every reference reader represents: years 1..9999 (.NET; spec §1.30 item 9). */
    private static final long MIN_MILLIS = Instant.parse("0001-01-01T00:00:00Z").toEpochMilli();
    private static final long MAX_MILLIS = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();
    /** The JavaScript Date range, wider than years 1..9999. */
    private static final long MAX_JS_MILLIS = 8_640_000_000_000_000L;

    /** A generated table and how it is written. */
    record Table(List<Column> columns, List<List<Object>> rows, Codec codec, int chunkRows) {
        @Override
        public String toString() {
            return columns.stream().map(c -> c.name() + ":" + c.type().typeName() + (c.nullable() ? "?" : "")).toList()
                    + " " + rows.size() + " rows, " + codec + ", chunkRows " + chunkRows;
        }
    }

    private enum Nulls { NONE, SOME, ALL }

    /** Every written table reads back with the same columns, counts and values (floats by bits, decimals with scale). */
    @Property(tries = 150)
    void everyTableReadsBackExactly(@ForAll("tables") Table t) {
        WriteOptions options = WriteOptions.defaults().withCodec(t.codec()).withChunkRows(t.chunkRows()).withNow(NOW);
        byte[] file = Written.file(t.columns(), t.rows(), options);
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable table = reader.table();
            assertEquals(t.columns(), table.columns(), "columns");
            assertEquals(t.rows().size(), table.rowCount(), "rowCount");
            assertEquals((t.rows().size() + t.chunkRows() - 1) / t.chunkRows(), table.chunkCount(), "chunkCount");
            assertEquals(NOW, reader.createdAt());
            Cells.assertSameRows(t.rows(), Cells.readAll(table));
        }
    }

    /**
     * Rows sorted by (string, int, float) with nulls first and −0.0 equal to 0.0 (key form) are
     * accepted with {@code sortedBy} and read back in the same order with the sort columns declared.
     */
    @Property(tries = 100)
    void sortedRowsReadBackInOrder(@ForAll("sortedRows") List<List<Object>> rows,
                                   @ForAll @IntRange(min = 1, max = 50) int chunkRows) {
        byte[] file = Written.file(SORT_COLUMNS, rows, sortedOptions(chunkRows));
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(SORT_KEYS, reader.table().sortedBy());
            Cells.assertSameRows(rows, Cells.readAll(reader.table()));
        }
    }

    /** A row that sorts before its predecessor is refused with an InvalidRowException naming that row. */
    @Property(tries = 100)
    void outOfOrderRowIsRefused(@ForAll("sortedRows") List<List<Object>> sorted, @ForAll @IntRange(max = 299) int pick) {
        int j = firstIncreasingPairFrom(sorted, pick);
        net.jqwik.api.Assume.that(j >= 0);
        List<List<Object>> rows = new ArrayList<>(sorted);
        rows.set(j, sorted.get(j + 1));
        rows.set(j + 1, sorted.get(j));
        InvalidRowException e = assertThrows(InvalidRowException.class,
                () -> Written.file(SORT_COLUMNS, rows, sortedOptions(7)));
        assertEquals(j + 1, e.row(), e.getMessage());
        assertThat(e.getMessage()).contains("row " + (j + 1));
    }

    /** Strings with unpaired surrogates cannot be stored as UTF-8: the writer must refuse them, not replace them. */
    @Example
    void loneSurrogatesAreRefused() {
        List<Column> columns = List.of(Column.of("s", ColumnType.STRING));
        for (String bad : List.of("\uD800", "a\uDC00b", "\uDC00\uD800", "x\uD83D")) {
            InvalidRowException e = assertThrows(InvalidRowException.class,
                    () -> Written.file(columns, List.of(List.of(bad)), WriteOptions.defaults()),
                    () -> "string " + Cells.show(bad) + " was accepted");
            assertEquals("s", e.column());
            assertEquals(0, e.row());
        }
    }

    /**
     * A datetime outside years 1..9999 (up to the JavaScript range and beyond) is either refused when
     * written, naming the column, or read back unchanged: the writer never writes what the reader rejects.
     */
    @Example
    void extremeDatetimesAreRefusedOrKept() {
        List<Column> columns = List.of(Column.of("at", ColumnType.DATETIME));
        for (long ms : List.of(Long.MIN_VALUE, Long.MAX_VALUE, -MAX_JS_MILLIS, MAX_JS_MILLIS, MIN_MILLIS - 1,
                MAX_MILLIS + 1)) {
            List<List<Object>> rows = List.of(List.of(Instant.ofEpochMilli(ms)));
            byte[] file;
            try {
                file = Written.file(columns, rows, WriteOptions.defaults());
            } catch (InvalidRowException refused) {
                assertEquals("at", refused.column());
                continue;
            }
            try (JazminReader reader = JazminReader.open(file)) {
                Cells.assertSameRows(rows, Cells.readAll(reader.table()));
            }
        }
    }

    // ---- generators ----

    @Provide
    Arbitrary<Table> tables() {
        Arbitrary<ColumnSpec> spec = Combinators.combine(Arbitraries.of(SCALARS), Arbitraries.of(Nulls.values()),
                Arbitraries.of(true, false)).as((type, nulls, nullable) ->
                new ColumnSpec(type, nulls == Nulls.NONE ? nullable : true, nulls));
        return spec.list().ofMinSize(1).ofMaxSize(8).flatMap(specs -> {
            List<Column> columns = new ArrayList<>();
            List<Arbitrary<Object>> cells = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                ColumnSpec s = specs.get(i);
                columns.add(new Column("c" + i, s.type(), s.nullable(), "", "", null, List.of()));
                cells.add(cells(s));
            }
            Arbitrary<List<Object>> row = Combinators.combine(cells).as(ArrayList::new);
            return Combinators.combine(row.list().ofMaxSize(300), Arbitraries.of(Codec.values()),
                    Arbitraries.integers().between(1, 50)).as((rows, codec, chunk) -> new Table(columns, rows, codec, chunk));
        });
    }

    private record ColumnSpec(ColumnType type, boolean nullable, Nulls nulls) {
    }

    private static Arbitrary<Object> cells(ColumnSpec spec) {
        Arbitrary<Object> values = values(spec.type());
        return switch (spec.nulls()) {
            case NONE -> values;
            case SOME -> values.injectNull(0.3);
            case ALL -> Arbitraries.just(null);
        };
    }

    private static Arbitrary<Object> values(ColumnType type) {
        Arbitrary<?> a = switch (type) {
            case BOOL -> Arbitraries.of(true, false);
            case INT -> Arbitraries.oneOf(Arbitraries.longs(),
                    Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L << 53, -(1L << 53) - 1));
            case FLOAT -> floats();
            case DECIMAL -> decimals();
            case STRING -> strings();
            case DATETIME -> Arbitraries.oneOf(
                    Arbitraries.longs().between(MIN_MILLIS, MAX_MILLIS),
                    Arbitraries.longs().between(1_400_000_000_000L, 1_800_000_000_000L),
                    Arbitraries.of(MIN_MILLIS, MAX_MILLIS, 0L, -1L)).map(Instant::ofEpochMilli);
            case BINARY -> Arbitraries.oneOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(40),
                    Arbitraries.just(new byte[0]));
            case JSON -> json();
            default -> throw new IllegalArgumentException(type.toString());
        };
        return a.map(v -> (Object) v);
    }

    private static Arbitrary<Double> floats() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.doubles()),
                net.jqwik.api.Tuple.of(2, Arbitraries.of(-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
                        Double.MIN_NORMAL, 0.1, 1e21, 9007199254740993.0, 1e-7)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().map(Double::longBitsToDouble)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(-10_000_000, 10_000_000).map(i -> i / 100.0)));
    }

    private static Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigDecimal> random = Combinators.combine(
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(256),
                Arbitraries.integers().between(0, 255), Arbitraries.of(true, false))
                .as((digits, scale, negative) -> new BigDecimal(new BigInteger((negative ? "-" : "") + digits), scale));
        BigDecimal nines = new BigDecimal(new BigInteger("9".repeat(256)), 255);
        return Arbitraries.oneOf(random, Arbitraries.of(nines, nines.negate(), BigDecimal.ZERO.setScale(255),
                new BigDecimal("12.50"), new BigDecimal("-0.001"), BigDecimal.ZERO, new BigDecimal("1E+3")
                        .setScale(0), new BigDecimal(BigInteger.ONE, 255)));
    }

    /** Valid strings only: any code point except surrogates, weighted towards ASCII; with the empty string and emoji. */
    static Arbitrary<String> strings() {
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0x20, 0x7e)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 0x7f)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x80, 0xFFFF)
                        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
        Arbitrary<String> random = codePoint.list().ofMaxSize(30).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
        return Arbitraries.oneOf(random, Arbitraries.of("", "😀", "a😀b", "\u0000", "\uFFFF", "é", "x".repeat(5000)));
    }

    private static Arbitrary<JsonText> json() {
        Arbitrary<String> texts = Arbitraries.oneOf(
                Arbitraries.of("{}", "[]", "0", "-1.5e300", "true", "\"\"", "{\"a\":[1,2,{\"b\":null}],\"1\":\"x\"}",
                        "\"😀\"", "[\"\\ud83d\\ude00\", 12345678901234567890123]", "  { \"spaced\" : 1 }  "),
                Arbitraries.longs().map(String::valueOf),
                strings().map(s -> CanonicalJson.MAPPER.writeValueAsString(s)));
        return texts.map(JsonText::of);
    }

    // ---- sorted tables ----

    private static final List<String> SORT_KEYS = List.of("k", "n", "f");
    private static final List<Column> SORT_COLUMNS = List.of(Column.of("k", ColumnType.STRING),
            Column.of("n", ColumnType.INT), Column.required("f", ColumnType.FLOAT), Column.of("v", ColumnType.STRING));

    /** Sort order of the rows: nulls first, strings by UTF-16 code units, floats by key form (−0.0 = 0.0). */
    private static final Comparator<List<Object>> ORDER = Comparator
            .<List<Object>, String>comparing(r -> (String) r.get(0), Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(r -> (Long) r.get(1), Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(r -> (Double) r.get(2), (a, b) -> Double.compare(a + 0.0, b + 0.0));

    private static WriteOptions sortedOptions(int chunkRows) {
        return WriteOptions.defaults().withSortedBy(SORT_KEYS).withChunkRows(chunkRows).withCodec(Codec.NONE);
    }

    @Provide
    Arbitrary<List<List<Object>>> sortedRows() {
        Arbitrary<String> keys = Arbitraries.of("", "a", "b", "é", "\uFFFF", "😀", "😀a", "Z").injectNull(0.1);
        Arbitrary<Long> numbers = Arbitraries.oneOf(Arbitraries.longs().between(-3, 3),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE)).injectNull(0.1);
        Arbitrary<Double> floats = Arbitraries.of(-0.0, 0.0, -1.5, 2.25, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, Double.MIN_VALUE);
        Arbitrary<List<Object>> row = Combinators.combine(keys, numbers, floats, strings().injectNull(0.2))
                .as((k, n, f, v) -> new ArrayList<>(java.util.Arrays.asList(k, n, f, v)));
        return row.list().ofMaxSize(300).map(rows -> {
            List<List<Object>> sorted = new ArrayList<>(rows);
            sorted.sort(ORDER);
            return sorted;
        });
    }

    /** The first j ≥ pick (wrapping) with rows j and j+1 strictly increasing, or -1. */
    private static int firstIncreasingPairFrom(List<List<Object>> rows, int pick) {
        int pairs = rows.size() - 1;
        for (int i = 0; i < pairs; i++) {
            int j = (pick + i) % pairs;
            if (ORDER.compare(rows.get(j), rows.get(j + 1)) < 0) {
                return j;
            }
        }
        return -1;
    }
}
