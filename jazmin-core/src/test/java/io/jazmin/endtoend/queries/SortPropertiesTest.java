package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.Written;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Sorted {@code find} returns exactly what a brute-force sort of the written rows returns: random
 * tables (0–150 rows of int, float with NaN/−0/±∞, decimal of several scales, string with
 * characters beyond U+FFFF and above the surrogates, datetime and bool, all with random nulls) in
 * chunks of 1–40 rows, sometimes declared {@code sortedBy} the int column; random orders of 1–3
 * keys with random directions and null placements; random offsets, limits and filters.
 *
 * <p>The reference order below works on the Java values and shares no code with the engine: nulls
 * where the key says, floats with −0 as 0 and NaN above every number, decimals by value, strings by
 * their UTF-16 unit arrays, ties by row id. Tables come from a seed (jqwik draws it; a failure prints it).
 */
class SortPropertiesTest {
    private static final String[] NAMES = {"i", "f", "d", "s", "t", "b"};
    private static final ColumnType[] TYPES = {ColumnType.INT, ColumnType.FLOAT, ColumnType.DECIMAL,
        ColumnType.STRING, ColumnType.DATETIME, ColumnType.BOOL};
    private static final double[] FLOATS = {0.0, -0.0, 1.0, -1.0, 2.5, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1e-300};
    private static final String[] DECIMALS = {"0", "0.00", "1.5", "1.50", "-1.5", "2", "10.0", "-0.01", "1e30"};
    private static final String[] STRINGS = {"", "a", "A", "ab", "b", "é", "😀", "\uE000", "\uFFFF", "😀a",
        "a😀", "日本", "zz"};

    @Property(tries = 100)
    void sortedFindEqualsABruteForceSort(@ForAll long seed) {
        Random random = new Random(seed);
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < NAMES.length; c++) {
            columns.add(Column.of(NAMES[c], TYPES[c]));
        }
        List<List<Object>> rows = new ArrayList<>();
        int count = random.nextInt(151);
        double nullRate = random.nextDouble() * 0.4;
        for (int r = 0; r < count; r++) {
            List<Object> row = new ArrayList<>();
            for (ColumnType type : TYPES) {
                row.add(random.nextDouble() < nullRate ? null : value(type, random));
            }
            rows.add(row);
        }
        boolean sorted = random.nextBoolean();
        WriteOptions options = WriteOptions.defaults().withChunkRows(1 + random.nextInt(40));
        if (sorted) {
            rows.sort(Comparator.comparing(row -> (Long) row.get(0), Comparator.nullsFirst(Comparator.naturalOrder())));
            options = options.withSortedBy(List.of("i"));
        }
        JazminTable table = JazminReader.open(Written.file(columns, rows, options)).table();
        for (int q = 0; q < 10; q++) {
            List<SortKey> order = new ArrayList<>();
            int keys = 1 + random.nextInt(3);
            for (int k = 0; k < keys; k++) {
                SortKey key = random.nextBoolean() ? SortKey.asc(NAMES[random.nextInt(NAMES.length)])
                        : SortKey.desc(NAMES[random.nextInt(NAMES.length)]);
                order.add(random.nextInt(3) == 0 ? (key.nulls() == SortKey.Nulls.FIRST ? key.nullsLast()
                        : key.nullsFirst()) : key);
            }
            long offset = random.nextInt(3) == 0 ? random.nextInt(20) : 0;
            long limit = random.nextInt(3) == 0 ? -1 : random.nextInt(30);
            int filter = random.nextInt(3);
            long bound = random.nextInt(11) - 5;
            Filter engineFilter = filter == 0 ? null : filter == 1 ? Filter.gt("i", bound) : Filter.eq("b", true);
            RowQuery query = RowQuery.all().withOrder(order).withOffset(offset).withLimit(limit);

            List<Integer> expected = IntStream.range(0, rows.size()).boxed()
                    .filter(r -> matches(rows.get(r), filter, bound)).sorted(reference(order, rows))
                    .skip(offset).limit(limit < 0 ? Long.MAX_VALUE : limit).toList();
            List<Row> found = table.find(engineFilter, query).toList();
            assertThat(found).as("seed %d, order %s, offset %d, limit %d, filter %s", seed, order, offset, limit,
                    engineFilter).extracting(Row::rowId).containsExactlyElementsOf(expected.stream()
                    .map(Integer::longValue).toList());
            for (Row row : found) {
                assertThat(Arrays.asList(row.get("i"), row.get("s"))).isEqualTo(Arrays.asList(
                        rows.get((int) row.rowId()).get(0), rows.get((int) row.rowId()).get(3)));
            }
        }
    }

    private static Object value(ColumnType type, Random random) {
        return switch (type) {
            case INT -> (long) (random.nextInt(9) - 4);
            case FLOAT -> FLOATS[random.nextInt(FLOATS.length)];
            case DECIMAL -> new BigDecimal(DECIMALS[random.nextInt(DECIMALS.length)]);
            case STRING -> STRINGS[random.nextInt(STRINGS.length)];
            case DATETIME -> Instant.ofEpochMilli(random.nextInt(5) * 86_400_000L - 1);
            default -> random.nextBoolean();
        };
    }

    private static boolean matches(List<Object> row, int filter, long bound) {
        return switch (filter) {
            case 0 -> true;
            case 1 -> row.get(0) != null && (Long) row.get(0) > bound;
            default -> Boolean.TRUE.equals(row.get(5));
        };
    }

    private static Comparator<Integer> reference(List<SortKey> order, List<List<Object>> rows) {
        Comparator<Integer> out = (a, b) -> 0;
        for (SortKey key : order) {
            int c = Arrays.asList(NAMES).indexOf(key.column());
            Comparator<Object> values = (x, y) -> key.descending() ? compareValues(y, x) : compareValues(x, y);
            Comparator<Object> withNulls = key.nulls() == SortKey.Nulls.FIRST ? Comparator.nullsFirst(values)
                    : Comparator.nullsLast(values);
            out = out.thenComparing(r -> rows.get(r).get(c), withNulls);
        }
        return out.thenComparing(Comparator.naturalOrder());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object x, Object y) {
        if (x instanceof Double a && y instanceof Double b) {
            return Double.compare(a == 0 ? 0.0 : a, b == 0 ? 0.0 : b);
        }
        if (x instanceof String a && y instanceof String b) {
            return Arrays.compare(a.toCharArray(), b.toCharArray()); // by UTF-16 unit, the spec's order
        }
        return ((Comparable) x).compareTo(y);
    }
}
