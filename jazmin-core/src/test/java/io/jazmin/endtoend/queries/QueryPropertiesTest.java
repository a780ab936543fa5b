package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.jazmin.schema.Column;
import io.jazmin.data.ColumnArrays;
import io.jazmin.schema.ColumnType;
import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.data.Filter.Op;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.Cells;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Proves {@code find}, {@code count} and {@code columnArrays} return exactly what a brute-force
 * evaluation of the filter over every row returns, whatever indexes, statistics, sort order and
 * chunking the planner can use: random tables of int, float (NaN, −0.0, ±∞), decimal (several
 * scales), string (empty, non-ASCII, longer than the 64-unit statistics bound), datetime and bool
 * columns with random nulls; 0–400 rows in chunks of 1–64 rows; random sorted and trigram indexes,
 * sometimes compact; sometimes {@code sortedBy}. Filters use the whole language (every operator,
 * {@code in} with up to 50 values, and/or/not nested up to 3 deep) with operands mostly taken from
 * the data, in every accepted spelling ({@code "42"} for ints, ISO text for datetimes, text for
 * decimals, {@code "NaN"} for floats), and go through the JSON form half of the time.
 *
 * <p>The reference evaluator below follows spec §2.1 directly on the Java values and shares no code
 * with the engine: null never matches except {@code isNull}; float comparisons are Java's
 * ({@code NaN} matches only {@code ne}, −0 equals 0); ints, datetimes and decimals are compared as
 * exact numbers; strings by {@link String#compareTo}; {@code icontains} lower-cases both sides with
 * {@link Locale#ROOT}; {@code not} is plain negation.
 *
 * <p>Tables are generated from a seed (jqwik draws the seed; a failure prints it), so any failing
 * case can be replayed with {@code @Property(seed = ...)}.
 */
class QueryPropertiesTest {
    private static final Instant NOW = Instant.parse("2024-05-06T07:08:09.010Z");
    private static final int FILTERS_PER_TABLE = 25;

    private static final String[] NAMES = {"i", "f", "d", "s", "t", "b", "u"};
    private static final ColumnType[] TYPES = {ColumnType.INT, ColumnType.FLOAT, ColumnType.DECIMAL,
        ColumnType.STRING, ColumnType.DATETIME, ColumnType.BOOL, ColumnType.STRING};

    private static final long[] INTS = {0, 1, -1, 2, 3, 5, 7, 42, 100, -100, 9_007_199_254_740_993L,
        -9_007_199_254_740_993L, Long.MAX_VALUE, Long.MIN_VALUE, 4_611_686_018_427_387_904L, 1_000_000};
    private static final double[] FLOATS = {0.0, -0.0, 1.0, -1.0, 1.5, -2.25, 3.0, 100.125, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MAX_VALUE, 1e-300, 1e21, 0.1};
    private static final String[] DECIMALS = {"0", "0.00", "1.5", "1.50", "1.500", "-1.5", "2", "10", "10.0",
        "-0.01", "0.01", "123456789012345678901234.5678", "-123456789012345678901234.5678", "99.99", "100"};
    private static final String[] STRINGS = {"", "a", "b", "A", "ab", "abc", "Abc", "ABC", "abcd", "bcd",
        "hello world", "Hello World", "naïve café", "NAÏVE CAFÉ", "日本語のテキスト", "Zoë 👋", "straße", "ÀBC",
        "àbc", "Thabo van Wyk", "Sipho Ndlovu", "abcabcabc", "zzz", "~", "user1@example.com",
        "user12@example.com", "x".repeat(70) + "a", "x".repeat(70) + "b", "x".repeat(63) + "😀y",
        "x".repeat(64), "xxxx", "\uFFFF", "\uE000ab", "😀😀😀"};
    private static final String[] ISO_TIMES = {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z",
        "2015-01-01T00:00:00Z", "2015-01-01T07:00:00.123Z", "2015-03-01T00:00:00Z", "2020-02-29T12:00:00Z",
        "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2000-01-01T00:00:00Z", "2015-01-02T00:00:00Z"};

    /** A generated table and how it was written. */
    record Table(List<Column> columns, List<List<Object>> rows, WriteOptions options, double[] nullRates) {
        @Override
        public String toString() {
            return rows.size() + " rows, chunkRows " + options.chunkRows() + ", indexes " + options.indexes()
                    + (options.compactIndexes() ? " (compact)" : "") + ", sortedBy " + options.sortedBy()
                    + ", null rates " + java.util.Arrays.toString(nullRates);
        }
    }

    @Property(tries = 50, seed = "20240506")
    void findCountAndColumnArraysEqualBruteForce(@ForAll long seed) {
        Random random = new Random(seed);
        Table t = table(random);
        byte[] file = Written.file(t.columns(), t.rows(), t.options());
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable table = reader.table();
            assertEquals(t.rows().size(), table.rowCount());
            for (int q = 0; q < FILTERS_PER_TABLE; q++) {
                Filter filter = filter(random, t, random.nextInt(4));
                Filter used = random.nextBoolean() ? Filter.parse(filter.toJson()) : filter;
                RowQuery query = query(random, t);
                String context = "seed " + seed + ", table " + t + "\nfilter " + filter.toJson() + "\nquery "
                        + query;
                try {
                    check(table, t, filter, used, query, q % 4 == 0);
                } catch (AssertionError e) {
                    throw new AssertionError(context + "\n" + e.getMessage(), e);
                } catch (RuntimeException e) {
                    throw new AssertionError(context + "\nthrew " + e, e);
                }
            }
        }
    }

    private static void check(JazminTable table, Table t, Filter filter, Filter used, RowQuery query,
                              boolean analyze) {
        List<Integer> matches = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            if (Reference.matches(filter, t.columns(), t.rows().get(r))) {
                matches.add(r);
            }
        }
        assertEquals(matches.size(), table.count(used), "count");

        int from = (int) Math.min(matches.size(), query.offset());
        int to = query.limit() < 0 ? matches.size() : (int) Math.min(matches.size(), from + query.limit());
        List<Integer> page = matches.subList(from, to);
        List<Integer> positions = positions(t, query);

        List<Row> found = table.find(used, query).toList();
        List<Long> foundIds = found.stream().map(Row::rowId).toList();
        assertEquals(page.stream().map(Integer::longValue).toList(), foundIds, "row ids found");
        for (int k = 0; k < found.size(); k++) {
            Row row = found.get(k);
            assertEquals(positions.size(), row.size(), "columns of a found row");
            for (int c = 0; c < positions.size(); c++) {
                Object want = t.rows().get(page.get(k)).get(positions.get(c));
                if (!Cells.same(want, row.get(c))) {
                    fail("row " + page.get(k) + " column " + t.columns().get(positions.get(c)).name() + ": expected "
                            + Cells.show(want) + ", got " + Cells.show(row.get(c)));
                }
            }
        }

        ColumnArrays arrays = table.columnArrays(used, query);
        assertEquals(page.size(), arrays.rowCount(), "columnArrays rowCount");
        for (int p : positions) {
            Column column = t.columns().get(p);
            for (int k = 0; k < page.size(); k++) {
                Object want = t.rows().get(page.get(k)).get(p);
                Object got = arrays.isNull(column.name(), k) ? null : arrayValue(arrays, column, k);
                if (!Cells.same(want, got)) {
                    fail("columnArrays row " + page.get(k) + " column " + column.name() + ": expected "
                            + Cells.show(want) + ", got " + Cells.show(got));
                }
            }
        }

        Explain plan = table.explain(used);
        if (analyze) {
            Explain analyzed = table.explainAnalyze(used, query);
            assertEquals(page.size(), analyzed.rows(), "explainAnalyze rows");
            assertEquals(plan.strategy(), analyzed.strategy(), "explain and explainAnalyze strategy");
        }
        assertEquals(table.chunkCount(), plan.chunks(), "explain chunks");
        assertThat(plan.chunksSkipped()).as("explain chunksSkipped").isBetween(0, plan.chunks());
        if (plan.strategy().equals("index")) {
            assertThat(plan.candidateRows()).as("index candidates cover the matches").isGreaterThanOrEqualTo(matches.size());
        } else {
            assertEquals("scan", plan.strategy());
        }
    }

    /**
     * {@code icontains} must not depend on whether a trigram index is used (spec §2.2: indexes only
     * narrow the rows). Two non-ASCII characters lower-case (Locale.ROOT, like JavaScript's
     * toLowerCase) to ASCII: U+212A KELVIN SIGN to {@code k} and U+0130 (capital I with dot) to
     * {@code i} + U+0307. So "\u212Aelvin" contains "KEL" and "xab\u0130" contains "ABI"
     * case-insensitively, but the index folds ASCII letters only (spec §1.16) and has no gram "kel"
     * or "abi" for those values.
     */
    @Example
    void icontainsGivesTheSameRowsWithAndWithoutTrigramIndex() {
        List<Column> columns = List.of(Column.of("s", ColumnType.STRING));
        List<List<Object>> rows = new ArrayList<>();
        for (String v : new String[] {"\u212Aelvin scale", "kelvin", "KELVIN", "Celsius", "\u212A", "xab\u0130",
            "abi", "ABIDE"}) {
            rows.add(java.util.Arrays.asList((Object) v));
        }
        WriteOptions plain = WriteOptions.defaults().withNow(NOW);
        List<String> failures = new ArrayList<>();
        for (Filter filter : List.of(Filter.icontains("s", "KEL"), Filter.icontains("s", "abi"))) {
            long expected = rows.stream().filter(r -> Reference.matches(filter, columns, r)).count();
            for (WriteOptions options : List.of(plain, plain.withIndex("s", IndexKind.TRIGRAM))) {
                try (JazminReader reader = JazminReader.open(Written.file(columns, rows, options))) {
                    JazminTable table = reader.table();
                    long count = table.count(filter);
                    long found = table.find(filter).count();
                    if (count != expected || found != expected) {
                        failures.add(filter.toJson() + " with indexes " + options.indexes() + ": expected "
                                + expected + " rows, count " + count + ", find " + found + " (plan "
                                + table.explain(filter).toMap() + ")");
                    }
                }
            }
        }
        assertThat(failures).as("icontains answers that depend on the index").isEmpty();
    }

    private static Object arrayValue(ColumnArrays arrays, Column column, int k) {
        return switch (column.type()) {
            case INT -> arrays.longs(column.name())[k];
            case DATETIME -> Instant.ofEpochMilli(arrays.longs(column.name())[k]);
            case FLOAT -> arrays.doubles(column.name())[k];
            case BOOL -> arrays.booleans(column.name())[k];
            default -> arrays.objects(column.name())[k];
        };
    }

    private static List<Integer> positions(Table t, RowQuery query) {
        List<Integer> out = new ArrayList<>();
        if (query.select().isEmpty()) {
            for (int i = 0; i < t.columns().size(); i++) {
                out.add(i);
            }
        } else {
            for (String name : query.select()) {
                out.add(List.of(NAMES).indexOf(name));
            }
        }
        return out;
    }

    // ---- generation -------------------------------------------------------------------------

    private static Table table(Random random) {
        double[] rates = new double[NAMES.length];
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < NAMES.length; c++) {
            rates[c] = new double[] {0, 0, 0.1, 0.3, 0.8, 1.0}[random.nextInt(6)];
            boolean nullable = rates[c] > 0 || random.nextBoolean();
            columns.add(nullable ? Column.of(NAMES[c], TYPES[c]) : Column.required(NAMES[c], TYPES[c]));
        }
        // Small per-table pools, so values repeat and filters on present values match several rows.
        List<List<Object>> pools = new ArrayList<>();
        for (int c = 0; c < NAMES.length; c++) {
            List<Object> pool = new ArrayList<>();
            int size = 1 + random.nextInt(12);
            for (int k = 0; k < size; k++) {
                pool.add(randomValue(random, TYPES[c]));
            }
            pools.add(pool);
        }
        int n = random.nextInt(10) == 0 ? random.nextInt(3) : random.nextInt(401);
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < NAMES.length; c++) {
                boolean isNull = random.nextDouble() < rates[c];
                Object v = random.nextInt(8) == 0 ? randomValue(random, TYPES[c])
                        : pools.get(c).get(random.nextInt(pools.get(c).size()));
                row.add(isNull ? null : v);
            }
            rows.add(row);
        }
        WriteOptions options = WriteOptions.defaults().withNow(NOW).withChunkRows(1 + random.nextInt(64));
        for (int c = 0; c < NAMES.length; c++) {
            if (random.nextInt(3) == 0) {
                options = options.withIndex(NAMES[c], IndexKind.SORTED);
            }
            if (TYPES[c] == ColumnType.STRING && random.nextInt(2) == 0) {
                options = options.withIndex(NAMES[c], IndexKind.TRIGRAM);
            }
        }
        if (random.nextInt(3) == 0) {
            options = options.withCompactIndexes(true);
        }
        if (random.nextInt(3) == 0) {
            // Sort by one or two of: i, d, s, t, b (float is left out: NaN has no place in the order).
            List<Integer> sortable = new ArrayList<>(List.of(0, 2, 3, 4, 5, 6));
            java.util.Collections.shuffle(sortable, random);
            List<Integer> keys = sortable.subList(0, 1 + random.nextInt(2));
            Comparator<List<Object>> order = null;
            for (int key : keys) {
                Comparator<List<Object>> byKey = (a, b) -> compareNullsFirst(a.get(key), b.get(key));
                order = order == null ? byKey : order.thenComparing(byKey);
            }
            rows.sort(order);
            options = options.withSortedBy(keys.stream().map(k -> NAMES[k]).toList());
        }
        return new Table(columns, rows, options, rates);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareNullsFirst(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return ((Comparable) a).compareTo(b); // BigDecimal.compareTo is numeric: 1.5 equals 1.50
    }

    private static Object randomValue(Random random, ColumnType type) {
        return switch (type) {
            case INT -> random.nextInt(3) == 0 ? (long) (random.nextInt(2001) - 1000)
                    : random.nextInt(4) == 0 ? random.nextLong() : INTS[random.nextInt(INTS.length)];
            case FLOAT -> random.nextInt(4) == 0 ? Math.round(random.nextGaussian() * 1000) / 8.0
                    : FLOATS[random.nextInt(FLOATS.length)];
            case DECIMAL -> random.nextInt(4) == 0
                    ? BigDecimal.valueOf(random.nextInt(200001) - 100000, random.nextInt(5))
                    : new BigDecimal(DECIMALS[random.nextInt(DECIMALS.length)]);
            case STRING -> random.nextInt(5) == 0 ? randomText(random) : STRINGS[random.nextInt(STRINGS.length)];
            case DATETIME -> random.nextInt(4) == 0
                    ? Instant.ofEpochMilli(1_420_070_400_000L + random.nextInt(400) * 86_400_000L + random.nextInt(1000))
                    : Instant.parse(ISO_TIMES[random.nextInt(ISO_TIMES.length)]);
            case BOOL -> random.nextBoolean();
            default -> throw new IllegalStateException(type.name());
        };
    }

    private static String randomText(Random random) {
        String alphabet = "abcABC xyzé日😀";
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(8);
        for (int i = 0; i < n; i++) {
            s.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0,
                    random.nextInt(alphabet.codePointCount(0, alphabet.length())))));
        }
        return s.toString();
    }

    private static RowQuery query(Random random, Table t) {
        RowQuery q = RowQuery.all();
        if (random.nextInt(3) == 0) {
            List<String> names = new ArrayList<>(List.of(NAMES));
            java.util.Collections.shuffle(names, random);
            q = q.withSelect(names.subList(0, 1 + random.nextInt(names.size())));
        }
        if (random.nextInt(3) == 0) {
            q = q.withOffset(random.nextInt(4) == 0 ? random.nextInt(t.rows().size() + 2) : random.nextInt(10));
        }
        if (random.nextInt(3) == 0) {
            q = q.withLimit(random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(60));
        }
        return q;
    }

    private static Filter filter(Random random, Table t, int depth) {
        if (depth > 0) {
            int kind = random.nextInt(5);
            if (kind <= 1) {
                List<Filter> parts = new ArrayList<>();
                int n = 1 + random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    parts.add(filter(random, t, depth - 1));
                }
                return kind == 0 ? new Filter.And(parts) : new Filter.Or(parts);
            }
            if (kind == 2) {
                return filter(random, t, depth - 1).negate();
            }
            if (kind == 3) {
                return filter(random, t, depth - 1).and(filter(random, t, depth - 1));
            }
        }
        return condition(random, t);
    }

    private static Filter condition(Random random, Table t) {
        int c = random.nextInt(NAMES.length);
        String name = NAMES[c];
        ColumnType type = TYPES[c];
        List<Op> ops = new ArrayList<>(List.of(Op.EQ, Op.EQ, Op.NE, Op.IN, Op.GT, Op.GTE, Op.LT, Op.LTE, Op.IS_NULL));
        if (type == ColumnType.STRING) {
            ops.addAll(List.of(Op.CONTAINS, Op.ICONTAINS, Op.STARTS_WITH, Op.CONTAINS, Op.ICONTAINS));
        }
        Op op = ops.get(random.nextInt(ops.size()));
        switch (op) {
            case IS_NULL:
                return random.nextBoolean() ? Filter.isNull(name) : Filter.isNotNull(name);
            case IN: {
                List<Object> values = new ArrayList<>();
                int n = random.nextInt(4) == 0 ? random.nextInt(51) : random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    values.add(operand(random, t, c));
                }
                return Filter.in(name, values);
            }
            case CONTAINS:
            case ICONTAINS:
            case STARTS_WITH: {
                String text = textOperand(random, t, c, op);
                return new Filter.Condition(name, op, text);
            }
            default:
                return new Filter.Condition(name, op, operand(random, t, c));
        }
    }

    /** A value present in the column (mostly), in one of the spellings the filter language accepts. */
    private static Object operand(Random random, Table t, int c) {
        Object v = null;
        if (!t.rows().isEmpty() && random.nextInt(10) < 7) {
            v = t.rows().get(random.nextInt(t.rows().size())).get(c);
        }
        if (v == null) {
            v = randomValue(random, TYPES[c]);
        }
        return switch (TYPES[c]) {
            case INT -> {
                long x = (Long) v;
                yield switch (random.nextInt(8)) {
                    case 0 -> Long.toString(x); // "42"
                    case 1 -> BigDecimal.valueOf(x).add(new BigDecimal("0.5")); // between two ints
                    case 2 -> new BigDecimal(x + ".0");
                    case 3 -> BigInteger.valueOf(x).multiply(BigInteger.valueOf(1000)); // maybe beyond 64 bits
                    case 4 -> x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE ? (Object) (int) x : x;
                    default -> x;
                };
            }
            case FLOAT -> {
                double x = (Double) v;
                yield switch (random.nextInt(6)) {
                    case 0 -> Double.isNaN(x) ? "NaN" : Double.isInfinite(x) ? (x > 0 ? "Infinity" : "-Infinity")
                            : Double.toString(x);
                    case 1 -> x == Math.rint(x) && Math.abs(x) < 1e15 ? (Object) (long) x : x;
                    case 2 -> x == 0 ? -x : x; // the other zero
                    default -> x;
                };
            }
            case DECIMAL -> {
                BigDecimal x = (BigDecimal) v;
                yield switch (random.nextInt(6)) {
                    case 0 -> x.toPlainString();
                    case 1 -> x.setScale(x.scale() + 2); // same value, other scale
                    case 2 -> x.add(new BigDecimal("0.005"));
                    case 3 -> x.scale() <= 0 && x.abs().compareTo(BigDecimal.valueOf(1_000_000)) < 0
                            ? (Object) x.longValueExact() : x.toPlainString();
                    default -> x;
                };
            }
            case DATETIME -> {
                Instant x = (Instant) v;
                yield switch (random.nextInt(6)) {
                    case 0 -> x.toString();
                    case 1 -> OffsetDateTime.ofInstant(x, ZoneOffset.ofHours(2)).toString(); // ISO with offset
                    case 2 -> x.toEpochMilli();
                    case 3 -> x.plusNanos(500_000).toString(); // between two milliseconds
                    default -> x;
                };
            }
            default -> v;
        };
    }

    private static String textOperand(Random random, Table t, int c, Op op) {
        String v = null;
        if (!t.rows().isEmpty() && random.nextInt(10) < 8) {
            v = (String) t.rows().get(random.nextInt(t.rows().size())).get(c);
        }
        if (v == null) {
            v = random.nextBoolean() ? STRINGS[random.nextInt(STRINGS.length)] : randomText(random);
        }
        int[] cps = v.codePoints().toArray();
        int from = op == Op.STARTS_WITH ? 0 : random.nextInt(cps.length + 1);
        int to = from + random.nextInt(cps.length - from + 1);
        String text = new String(cps, from, to - from);
        if (op == Op.ICONTAINS) {
            text = random.nextBoolean() ? text.toUpperCase(Locale.ROOT) : text;
        }
        return text;
    }

    // ---- the reference evaluator (spec §2.1), over the Java values --------------------------

    static final class Reference {
        private Reference() {
        }

        static boolean matches(Filter f, List<Column> columns, List<Object> row) {
            if (f instanceof Filter.And and) {
                return and.parts().stream().allMatch(p -> matches(p, columns, row));
            }
            if (f instanceof Filter.Or or) {
                return or.parts().stream().anyMatch(p -> matches(p, columns, row));
            }
            if (f instanceof Filter.Not not) {
                return !matches(not.inner(), columns, row);
            }
            Filter.Condition c = (Filter.Condition) f;
            int i = 0;
            while (!columns.get(i).name().equals(c.column())) {
                i++;
            }
            ColumnType type = columns.get(i).type();
            Object v = row.get(i);
            if (c.op() == Op.IS_NULL) {
                return (v == null) == (Boolean) c.operand();
            }
            if (v == null) {
                return false;
            }
            return switch (c.op()) {
                case CONTAINS -> ((String) v).contains((String) c.operand());
                case ICONTAINS -> ((String) v).toLowerCase(Locale.ROOT)
                        .contains(((String) c.operand()).toLowerCase(Locale.ROOT));
                case STARTS_WITH -> ((String) v).startsWith((String) c.operand());
                case IN -> ((List<?>) c.operand()).stream().anyMatch(o -> compare(type, v, Op.EQ, o));
                default -> compare(type, v, c.op(), c.operand());
            };
        }

        private static boolean compare(ColumnType type, Object v, Op op, Object operand) {
            if (type == ColumnType.FLOAT) {
                double x = (Double) v;
                double o = toDouble(operand);
                return switch (op) {
                    case EQ -> x == o;
                    case NE -> x != o;
                    case GT -> x > o;
                    case GTE -> x >= o;
                    case LT -> x < o;
                    case LTE -> x <= o;
                    default -> throw new IllegalStateException(op.name());
                };
            }
            int cmp = switch (type) {
                case INT -> BigDecimal.valueOf((Long) v).compareTo(number(operand));
                case DATETIME -> BigDecimal.valueOf(((Instant) v).toEpochMilli()).compareTo(millis(operand));
                case DECIMAL -> ((BigDecimal) v).compareTo(operand instanceof Double d
                        ? new BigDecimal(Double.toString(d)) : number(operand));
                case STRING -> ((String) v).compareTo((String) operand);
                case BOOL -> Boolean.compare((Boolean) v, (Boolean) operand);
                default -> throw new IllegalStateException(type.name());
            };
            return switch (op) {
                case EQ -> cmp == 0;
                case NE -> cmp != 0;
                case GT -> cmp > 0;
                case GTE -> cmp >= 0;
                case LT -> cmp < 0;
                case LTE -> cmp <= 0;
                default -> throw new IllegalStateException(op.name());
            };
        }

        private static BigDecimal number(Object o) {
            if (o instanceof BigDecimal d) {
                return d;
            }
            if (o instanceof BigInteger b) {
                return new BigDecimal(b);
            }
            if (o instanceof String s) {
                return new BigDecimal(s);
            }
            return BigDecimal.valueOf(((Number) o).longValue());
        }

        private static BigDecimal millis(Object o) {
            Instant instant;
            if (o instanceof Instant i) {
                instant = i;
            } else if (o instanceof String s) {
                instant = OffsetDateTime.parse(s).toInstant();
            } else {
                return number(o);
            }
            return BigDecimal.valueOf(instant.getEpochSecond() * 1000)
                    .add(BigDecimal.valueOf(instant.getNano(), 6));
        }

        private static double toDouble(Object o) {
            if (o instanceof String s) {
                return switch (s) {
                    case "NaN" -> Double.NaN;
                    case "Infinity" -> Double.POSITIVE_INFINITY;
                    case "-Infinity" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(s);
                };
            }
            return ((Number) o).doubleValue();
        }
    }
}
