package io.jazmin.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A chunk's matching rows found in one call ({@link Predicate#matchAll}), as a scan finds them:
 * the same rows, in the same order, as testing row by row, with and without null cells; a
 * dictionary-coded column (each entry tested once) and plain strings tested on their UTF-8 bytes find
 * what the same values held one per row find.
 */
class MatchAllTest {
    private static final int ROWS = 1_000;

    private static List<Integer> rowByRow(Predicate p, ChunkValues values) {
        List<Integer> out = new ArrayList<>();
        for (int row = 0; row < values.rowCount(); row++) {
            if (p.test(values, row)) {
                out.add(row);
            }
        }
        return out;
    }

    private static List<Integer> inOneCall(Predicate p, ChunkValues values) {
        List<Integer> out = new ArrayList<>();
        int n = p.matchAll(values, values.rowCount(), out::add);
        assertThat(p.matchAll(values, values.rowCount(), null)).as("counted without positions").isEqualTo(n);
        assertThat(out).hasSize(n);
        return out;
    }

    /** Values 0..49 at random, every seventh cell null when {@code nulls}; its null cells hold 17. */
    private static ChunkValues column(boolean nulls, long seed) {
        Random random = new Random(seed);
        long[] values = new long[ROWS];
        byte[] nullBits = nulls ? new byte[(ROWS + 7) / 8] : null;
        for (int r = 0; r < ROWS; r++) {
            values[r] = random.nextInt(50);
            if (nulls && r % 7 == 0) {
                nullBits[r >>> 3] |= (byte) (1 << (r & 7));
                values[r] = 17; // a null cell's slot must not match an equality on its stale value
            }
        }
        return new ChunkValues(new ColumnVector[] {ColumnVector.ofLongs(ColumnType.INT, ROWS, values, nullBits)}, ROWS);
    }

    @Test
    void equalitiesAndRangesFindTheRowsTestingEachFinds() {
        List<Predicate> tests = List.of(LongTest.range(0, ColumnType.INT, 17, 17), LongTest.range(0, ColumnType.INT, 10, 20),
                LongTest.range(0, ColumnType.INT, 60, 70), LongTest.range(0, ColumnType.INT, Long.MIN_VALUE, Long.MAX_VALUE),
                LongTest.notEqual(0, ColumnType.INT, 17), LongTest.in(0, ColumnType.INT, new long[] {3, 17, 40}),
                new Predicate.Not(LongTest.range(0, ColumnType.INT, 10, 20)),
                new Predicate.Or(List.of(LongTest.range(0, ColumnType.INT, 0, 5), LongTest.range(0, ColumnType.INT, 17, 17),
                        new Predicate.Not(LongTest.range(0, ColumnType.INT, 0, 45)))));
        for (boolean nulls : new boolean[] {false, true}) {
            ChunkValues values = column(nulls, nulls ? 2 : 1);
            for (Predicate p : tests) {
                List<Integer> expected = rowByRow(p, values);
                assertThat(inOneCall(p, values)).as("%s, nulls %s", p, nulls).isEqualTo(expected);
            }
        }
        assertThat(rowByRow(tests.get(0), column(true, 2))).as("the equality matches some rows").isNotEmpty();
        assertThat(rowByRow(tests.get(2), column(false, 1))).as("a range beyond every value matches none").isEmpty();
    }

    @Test
    void aConditionOverSeveralColumnsFindsTheRowsTestingEachFinds() {
        ColumnVector a = column(true, 3).byPosition()[0];
        ColumnVector b = column(false, 4).byPosition()[0];
        ChunkValues values = new ChunkValues(new ColumnVector[] {a, b}, ROWS);
        Predicate both = new Predicate.And(List.of(LongTest.range(0, ColumnType.INT, 0, 25),
                LongTest.range(1, ColumnType.INT, 25, 49)));

        List<Integer> expected = rowByRow(both, values);
        assertThat(expected).isNotEmpty();
        assertThat(inOneCall(both, values)).isEqualTo(expected);
    }

    /** Strings with case pairs, non-BMP characters, a dotted capital I, a sharp s and the empty string. */
    private static final String[] STRINGS = {"Ann", "ann", "ANN", "\uD835\uDC9Cbc", "x\uD835\uDC9C", "", "Zeta",
        "zeta", "\u0130stanbul", "stra\u00DFe", "Ndlovu Ann", "\uD83D\uDE00", "ann"};
    /** Decimals with ties by value (1.5 and 1.50, 0 and 0.00, 1E+3 and 1000). */
    private static final String[] DECIMALS = {"1.5", "1.50", "0", "0.00", "-1.25", "1E+3", "1000", "-0.5"};

    /** How the string and decimal columns of {@link #dictionaryColumns} hold their values. */
    private enum Held { ONE_PER_ROW, DICTIONARY, UTF8_BYTES }

    /**
     * Columns 0 (string) and 1 (decimal) coded with a dictionary, or the same values one per row (the
     * strings also as plain-coded UTF-8 bytes); column 2 an int. Every fifth string and every third
     * decimal is null, coded as entry 0 (which many conditions match).
     */
    private static ChunkValues dictionaryColumns(Held held, long seed) {
        Random random = new Random(seed);
        int[] stringCodes = new int[ROWS];
        int[] decimalCodes = new int[ROWS];
        byte[] stringNulls = new byte[(ROWS + 7) / 8];
        byte[] decimalNulls = new byte[(ROWS + 7) / 8];
        Object[] strings = new Object[ROWS];
        Object[] decimals = new Object[ROWS];
        Object[] decimalEntries = new Object[DECIMALS.length];
        for (int e = 0; e < DECIMALS.length; e++) {
            decimalEntries[e] = new BigDecimal(DECIMALS[e]);
        }
        long[] ints = new long[ROWS];
        for (int r = 0; r < ROWS; r++) {
            if (r % 5 == 0) {
                stringNulls[r >>> 3] |= (byte) (1 << (r & 7));
            } else {
                stringCodes[r] = random.nextInt(STRINGS.length);
                strings[r] = STRINGS[stringCodes[r]];
            }
            if (r % 3 == 0) {
                decimalNulls[r >>> 3] |= (byte) (1 << (r & 7));
            } else {
                decimalCodes[r] = random.nextInt(DECIMALS.length);
                decimals[r] = decimalEntries[decimalCodes[r]];
            }
            ints[r] = random.nextInt(10);
        }
        ColumnVector ints2 = ColumnVector.ofLongs(ColumnType.INT, ROWS, ints, null);
        if (held == Held.UTF8_BYTES) {
            return new ChunkValues(new ColumnVector[] {encoded(strings, stringNulls),
                ColumnVector.ofObjects(ColumnType.DECIMAL, ROWS, decimals), ints2}, ROWS);
        }
        if (held == Held.ONE_PER_ROW) {
            return new ChunkValues(new ColumnVector[] {ColumnVector.ofObjects(ColumnType.STRING, ROWS, strings),
                ColumnVector.ofObjects(ColumnType.DECIMAL, ROWS, decimals), ints2}, ROWS);
        }
        return new ChunkValues(new ColumnVector[] {
            ColumnVector.ofDictionary(ColumnType.STRING, ROWS, stringNulls, STRINGS.clone(), stringCodes),
            ColumnVector.ofDictionary(ColumnType.DECIMAL, ROWS, decimalNulls, decimalEntries, decimalCodes), ints2}, ROWS);
    }

    /** Strings as a plain-coded stream's body holds them: a varint length, then the UTF-8 bytes. */
    private static ColumnVector encoded(Object[] strings, byte[] nulls) {
        io.jazmin.internal.wire.ByteWriter body = new io.jazmin.internal.wire.ByteWriter();
        body.bytes(new byte[3]); // the values need not start the buffer
        int[] starts = new int[strings.length];
        for (int r = 0; r < strings.length; r++) {
            if (strings[r] != null) {
                starts[r] = body.toByteArray().length;
                byte[] utf8 = ((String) strings[r]).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                body.varint(utf8.length).bytes(utf8);
            }
        }
        byte[] bytes = body.toByteArray();
        return ColumnVector.ofEncodedStrings(strings.length, nulls, bytes, bytes.length, starts);
    }

    private static List<Filter> dictionaryFilters() {
        List<Filter> out = new ArrayList<>();
        for (String s : List.of("Ann", "ann", "ANN", "\uD835\uDC9C", "\uD835\uDC9Cbc", "", "zeta", "i\u0307stanbul",
                "STRASSE", "stra\u00DFe", "\uD83D\uDE00", "n", "\uD835", "\uDC9Cbc", "nn")) {
            out.addAll(List.of(Filter.eq("s", s), Filter.ne("s", s), Filter.gt("s", s), Filter.gte("s", s),
                    Filter.lt("s", s), Filter.lte("s", s), Filter.contains("s", s), Filter.icontains("s", s),
                    Filter.startsWith("s", s), Filter.endsWith("s", s), Filter.equalsIgnoreCase("s", s),
                    Filter.startsWithIgnoreCase("s", s), Filter.endsWithIgnoreCase("s", s)));
        }
        out.add(Filter.in("s", "ann", "Zeta", "\uD83D\uDE00"));
        for (String d : List.of("1.5", "0", "1000", "-1", "1.500")) {
            BigDecimal v = new BigDecimal(d);
            out.addAll(List.of(Filter.eq("d", v), Filter.ne("d", v), Filter.gt("d", v), Filter.lte("d", v)));
        }
        out.add(Filter.in("d", new BigDecimal("1.50"), new BigDecimal("1E+3")));
        out.addAll(List.of(Filter.isNull("s"), Filter.isNotNull("d"),
                Filter.allOf(Filter.icontains("s", "ANN"), Filter.gte("d", new BigDecimal("0")), Filter.gt("n", 4L)),
                Filter.anyOf(Filter.eq("s", "zeta"), Filter.lt("d", new BigDecimal("0"))),
                Filter.allOf(Filter.gt("n", 2L), Filter.startsWith("s", "A").negate())));
        return out;
    }

    @Test
    void dictionaryCodedAndUtf8ColumnsFindWhatTheirValuesOneByOneFind() {
        FilterBinder binder = new FilterBinder(List.of(Column.of("s", ColumnType.STRING),
                Column.of("d", ColumnType.DECIMAL), Column.of("n", ColumnType.INT)));
        ChunkValues coded = dictionaryColumns(Held.DICTIONARY, 35);
        ChunkValues plain = dictionaryColumns(Held.ONE_PER_ROW, 35);
        ChunkValues bytes = dictionaryColumns(Held.UTF8_BYTES, 35);
        int matchedSome = 0;
        for (Filter f : dictionaryFilters()) {
            Predicate p = binder.bind(f);
            List<Integer> expected = rowByRow(p, plain);
            assertThat(rowByRow(p, coded)).as("row by row, %s", f.toJson()).isEqualTo(expected);
            assertThat(inOneCall(p, coded)).as("in one call, %s", f.toJson()).isEqualTo(expected);
            assertThat(inOneCall(p, plain)).as("in one call, one value per row, %s", f.toJson()).isEqualTo(expected);
            assertThat(rowByRow(p, bytes)).as("row by row, UTF-8 bytes, %s", f.toJson()).isEqualTo(expected);
            assertThat(inOneCall(p, bytes)).as("in one call, UTF-8 bytes, %s", f.toJson()).isEqualTo(expected);
            if (!expected.isEmpty() && expected.size() < ROWS) {
                matchedSome++;
            }
        }
        assertThat(matchedSome).as("conditions matching some rows but not all").isGreaterThan(100);
    }
}
