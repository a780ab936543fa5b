package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Filter.NestedOp;
import io.jazmin.data.Filter.Op;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.Cells;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * For every filter operator ({@link Op}, also negated, in and/or, and beside every {@link NestedOp})
 * and every {@link IndexKind}, the answer through the index equals the answer of a full scan: the
 * same rows are written once with the index and once without, and {@code find} (row ids and every
 * cell) and {@code count} must agree. Columns hold nulls, NaN, −0.0, decimals of several scales,
 * strings with surrogate pairs, case variants (also outside ASCII and the BMP), {@code \uFFFF} beside
 * non-BMP text (whose UTF-16 and code point orders differ) and many ties; literals are taken from the
 * data, changed in case, cut into substrings, or new.
 *
 * <p>A switch without {@code default} decides each operator's literal and each index kind's
 * columns, so a new constant of either enum fails to compile here until it is covered. After the
 * run, every operator an index can answer must have been answered through it at least once, so
 * the property cannot pass by never using the indexes.
 */
class IndexEqualsScanPropertiesTest {
    private static final Instant NOW = Instant.parse("2024-05-06T07:08:09.010Z");
    private static final String[] NAMES = {"i", "f", "d", "s", "t", "b"};
    private static final ColumnType[] TYPES = {ColumnType.INT, ColumnType.FLOAT, ColumnType.DECIMAL,
        ColumnType.STRING, ColumnType.DATETIME, ColumnType.BOOL};
    private static final int STRING_COLUMN = 3;
    private static final Column TAGS = new Column("tags", ColumnType.LIST, true, "", "",
            Column.of("item", ColumnType.STRING), List.of());
    private static final Column OBJ = new Column("o", ColumnType.OBJECT, true, "", "", null,
            List.of(Column.of("n", ColumnType.INT)));

    /** Text pieces: ASCII case variants, non-ASCII case pairs (é/É, Kelvin sign, dotted I, ß), Deseret
     * letters (a non-BMP case pair), an emoji, and characters whose UTF-16 and code point orders differ. */
    private static final String[] PIECES = {"a", "b", "A", "B", "ab", "AB", "abc", "ABC", "\u00e9", "\u00c9",
        "\u212a", "k", "K", "\u0130", "i", "\u00df", "SS", "\ud801\udc00", "\ud801\udc28", "\ud83d\ude00",
        "\uffff", "\ue000", " ", "x"};
    private static final double[] FLOATS = {0.0, -0.0, 1.0, -1.0, 2.5, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
    private static final String[] DECIMALS = {"0", "0.0", "1.5", "1.50", "-1.5", "2", "10.00", "-0.01"};

    /** The operators answered through an index at least once, per kind. */
    private static final Map<IndexKind, Set<Op>> USED = new EnumMap<>(IndexKind.class);

    @Property(tries = 12, seed = "35")
    void indexedAnswersEqualAFullScan(@ForAll long seed) {
        Random random = new Random(seed);
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < NAMES.length; c++) {
            columns.add(Column.of(NAMES[c], TYPES[c]));
        }
        columns.add(TAGS);
        columns.add(OBJ);
        List<List<Object>> rows = rows(random);
        WriteOptions plain = WriteOptions.defaults().withNow(NOW).withChunkRows(1 + random.nextInt(16))
                .withCompactIndexes(random.nextBoolean());
        try (JazminReader scan = JazminReader.open(Written.file(columns, rows, plain))) {
            for (IndexKind kind : IndexKind.values()) {
                WriteOptions indexed = plain;
                for (int c = 0; c < NAMES.length; c++) {
                    if (indexes(kind, TYPES[c])) {
                        indexed = indexed.withIndex(NAMES[c], kind);
                    }
                }
                try (JazminReader reader = JazminReader.open(Written.file(columns, rows, indexed))) {
                    compareAll(random, rows, kind, scan.table(), reader.table(), "seed " + seed + ", " + kind
                            + ", chunk rows " + plain.chunkRows() + ", compact " + plain.compactIndexes());
                }
            }
        }
    }

    @AfterContainer
    static void everyIndexableOperatorWentThroughItsIndex() {
        for (IndexKind kind : IndexKind.values()) {
            Set<Op> expected = switch (kind) {
                case SORTED -> EnumSet.of(Op.EQ, Op.IN, Op.GT, Op.GTE, Op.LT, Op.LTE, Op.IS_NULL, Op.STARTS_WITH);
                case TRIGRAM -> EnumSet.of(Op.CONTAINS, Op.ICONTAINS, Op.ENDS_WITH, Op.IEQ, Op.ISTARTS_WITH,
                        Op.IENDS_WITH);
            };
            assertThat(USED.getOrDefault(kind, EnumSet.noneOf(Op.class))).as("operators answered by " + kind)
                    .containsAll(expected);
        }
    }

    /** Whether the test puts an index of {@code kind} on a column of {@code type} (every column it accepts). */
    private static boolean indexes(IndexKind kind, ColumnType type) {
        return switch (kind) {
            case SORTED -> type.isOrdered();
            case TRIGRAM -> type == ColumnType.STRING;
        };
    }

    private static void compareAll(Random random, List<List<Object>> rows, IndexKind kind, JazminTable scan,
                                   JazminTable indexed, String context) {
        for (Op op : Op.values()) {
            for (int c = 0; c < NAMES.length; c++) {
                if (op.isText() && c != STRING_COLUMN) {
                    continue;
                }
                // Text literals are often too short for a gram: more of them, so each reaches the index.
                for (int k = op.isText() ? 6 : 1; k > 0; k--) {
                    Filter condition = new Filter.Condition(NAMES[c], op, operand(random, rows, c, op));
                    if (compare(condition, scan, indexed, context)) {
                        USED.computeIfAbsent(kind, x -> EnumSet.noneOf(Op.class)).add(op);
                    }
                    Filter other = new Filter.Condition(NAMES[random.nextInt(NAMES.length)], Op.IS_NULL,
                            random.nextBoolean());
                    List<Filter> forms = forms(condition, other);
                    compare(forms.get(random.nextInt(forms.size())), scan, indexed, context);
                    Filter nested = nestedFilter(NestedOp.values()[random.nextInt(NestedOp.values().length)], random);
                    compare(random.nextBoolean() ? condition.and(nested) : condition.or(nested), scan, indexed, context);
                }
            }
        }
    }

    private static List<Filter> forms(Filter condition, Filter other) {
        return List.of(condition.negate(), condition.and(other), condition.or(other),
                condition.or(other).negate(), condition.negate().and(other.negate()));
    }

    /** A filter the indexes cannot answer, beside an indexed condition. */
    private static Filter nestedFilter(NestedOp nested, Random random) {
        return switch (nested) {
            case ANY -> Filter.any("tags", Filter.contains(Filter.ITEM, text(random)));
            case ALL -> Filter.all("tags", Filter.icontains(Filter.ITEM, text(random)));
            case MATCH -> Filter.match("o", Filter.gte("n", (long) random.nextInt(5)));
        };
    }

    /**
     * Compares {@code find} and {@code count} through both tables; returns whether the indexed one
     * planned an index lookup.
     */
    private static boolean compare(Filter filter, JazminTable scan, JazminTable indexed, String context) {
        String where = context + "\nfilter " + filter.toJson();
        try {
            List<List<Object>> want = found(scan, filter);
            List<List<Object>> got = found(indexed, filter);
            assertThat(got.stream().map(r -> r.get(0)).toList()).as("row ids found")
                    .isEqualTo(want.stream().map(r -> r.get(0)).toList());
            Cells.assertSameRows(want, got);
            assertThat(indexed.count(filter)).as("count").isEqualTo(want.size());
            return indexed.explain(filter).strategy().equals("index");
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(where + "\n" + e, e);
        }
    }

    /** Each row found: its row id, then its cells. */
    private static List<List<Object>> found(JazminTable table, Filter filter) {
        List<List<Object>> out = new ArrayList<>();
        for (Row row : table.find(filter).toList()) {
            List<Object> cells = new ArrayList<>();
            cells.add(row.rowId());
            for (int i = 0; i < row.size(); i++) {
                cells.add(row.get(i));
            }
            out.add(cells);
        }
        return out;
    }

    // ---- generation -------------------------------------------------------------------------

    private static List<List<Object>> rows(Random random) {
        // Small pools per column, so values tie; a few values are new.
        List<List<Object>> pools = new ArrayList<>();
        for (ColumnType type : TYPES) {
            List<Object> pool = new ArrayList<>();
            for (int k = 1 + random.nextInt(6); k > 0; k--) {
                pool.add(value(random, type));
            }
            pools.add(pool);
        }
        double nulls = random.nextInt(4) * 0.2;
        int n = random.nextInt(80);
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < TYPES.length; c++) {
                List<Object> pool = pools.get(c);
                Object v = random.nextInt(10) == 0 ? value(random, TYPES[c]) : pool.get(random.nextInt(pool.size()));
                row.add(random.nextDouble() < nulls ? null : v);
            }
            row.add(random.nextInt(5) == 0 ? null : Arrays.asList(text(random), random.nextInt(4) == 0 ? null : text(random)));
            row.add(random.nextInt(5) == 0 ? null : Map.of("n", (long) random.nextInt(5)));
            rows.add(row);
        }
        return rows;
    }

    private static Object value(Random random, ColumnType type) {
        return switch (type) {
            case INT -> random.nextInt(4) == 0 ? random.nextLong() : (long) random.nextInt(7) - 3;
            case FLOAT -> FLOATS[random.nextInt(FLOATS.length)];
            case DECIMAL -> new BigDecimal(DECIMALS[random.nextInt(DECIMALS.length)]);
            case STRING -> text(random);
            case DATETIME -> Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(5) * 1000L - 2000);
            case BOOL -> random.nextBoolean();
            case BINARY, JSON, LIST, OBJECT -> throw new IllegalArgumentException(type + " is not generated");
        };
    }

    private static String text(Random random) {
        StringBuilder s = new StringBuilder();
        for (int k = random.nextInt(5); k > 0; k--) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    /** A literal for {@code op} on column {@code c}: mostly a value of the data, sometimes changed. */
    private static Object operand(Random random, List<List<Object>> rows, int c, Op op) {
        return switch (op) {
            case IS_NULL -> random.nextBoolean();
            case IN -> Arrays.asList(literal(random, rows, c), literal(random, rows, c),
                    random.nextInt(4) == 0 ? null : literal(random, rows, c));
            case EQ, NE, GT, GTE, LT, LTE -> literal(random, rows, c);
            case CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH ->
                    textLiteral(random, (String) literal(random, rows, c), op);
        };
    }

    private static Object literal(Random random, List<List<Object>> rows, int c) {
        Object v = null;
        if (!rows.isEmpty() && random.nextInt(4) != 0) {
            v = rows.get(random.nextInt(rows.size())).get(c);
        }
        v = v == null ? value(random, TYPES[c]) : v;
        if (v instanceof Double d && random.nextInt(3) == 0) {
            return d == 0 ? -d : d; // the other zero
        }
        if (v instanceof BigDecimal d && random.nextInt(3) == 0) {
            return d.setScale(d.scale() + 1); // the same number at another scale
        }
        return v;
    }

    /** A piece of {@code v} in code points (the prefix or suffix where the operator asks), maybe in other case. */
    private static String textLiteral(Random random, String v, Op op) {
        int[] cps = v.codePoints().toArray();
        int from = random.nextInt(cps.length + 1);
        int to = from + random.nextInt(cps.length - from + 1);
        switch (op) {
            case STARTS_WITH, ISTARTS_WITH -> from = 0;
            case ENDS_WITH, IENDS_WITH -> to = cps.length;
            case IEQ -> {
                from = 0;
                to = cps.length;
            }
            case CONTAINS, ICONTAINS -> {
                // any piece
            }
            case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> throw new IllegalArgumentException(op + " takes no text");
        }
        if (random.nextBoolean()) { // the whole value: long enough for grams more often
            from = 0;
            to = cps.length;
        }
        String text = new String(cps, from, to - from);
        return switch (random.nextInt(4)) {
            case 0 -> text.toUpperCase(Locale.ROOT);
            case 1 -> text.toLowerCase(Locale.ROOT);
            default -> text;
        };
    }
}
