package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.Written;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Counts and finds of {@code country = c AND age <op> v} (issue 33's filter count: a dictionary
 * condition narrowing the rows an int range then tests, few or many in each word of 64 rows) give
 * exactly the rows a straightforward test of each row's values finds: chunks whose ages are stored
 * plain, delta-coded (ascending), with nulls, at the extremes of a long (varints of ten bytes) or all
 * equal; operands at the edges of the values (one below the smallest, the smallest, the largest, one
 * above, {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}); chunks of 64 to 517 rows (whole words
 * and a tail); with and without sorted indexes on both columns (their candidates re-checked row by row),
 * deleted rows, one thread or more, the shared cache off and on.
 */
class IntRangeCountPropertiesTest {
    private static final String[] COUNTRIES = {"NA", "ZA", "KE", "NG", "EG", "GH", "TZ", "UG"};
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("country", ColumnType.STRING), Column.of("age", ColumnType.INT));

    @Property(tries = 12, seed = "3303")
    void countsAndFindsEqualARowByRowTest(@ForAll long seed) throws IOException {
        Random random = new Random(seed);
        int chunkRows = new int[] {64, 100, 300, 517}[random.nextInt(4)];
        List<List<Object>> rows = rows(random, chunkRows, chunkRows * (2 + random.nextInt(4)) + random.nextInt(chunkRows));
        WriteOptions options = WriteOptions.defaults().withChunkRows(chunkRows);
        if (random.nextBoolean()) {
            options = options.withIndex("country", IndexKind.SORTED);
        }
        if (random.nextInt(3) == 0) {
            options = options.withIndex("age", IndexKind.SORTED);
        }
        Path file = Files.createTempFile("filter-int-range", ".jzm");
        try {
            Files.write(file, Written.file(COLUMNS, rows, options));
            Set<Long> deleted = new HashSet<>();
            if (random.nextBoolean()) {
                long[] ids = random.longs(rows.size() / 5, 0, rows.size()).distinct().sorted().toArray();
                JazminFile.deleteRows(file, null, ids, options);
                Arrays.stream(ids).forEach(deleted::add);
            }
            String where = "seed " + seed + ", chunk rows " + chunkRows + ", " + rows.size() + " rows, "
                    + deleted.size() + " deleted, indexes " + options.indexes();
            for (ReadOptions read : List.of(ReadOptions.defaults().withSharedCache(false),
                    ReadOptions.defaults().withSharedCache(false).withMaxDegreeOfParallelism(1),
                    ReadOptions.defaults().withSharedCache(true))) {
                try (JazminReader reader = JazminReader.open(file, read)) {
                    for (int q = 0; q < 30; q++) {
                        check(reader, rows, deleted, random, where);
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Rows whose ages are stored, chunk by chunk, in one of the int stream's forms. */
    private static List<List<Object>> rows(Random random, int chunkRows, int count) {
        List<List<Object>> out = new ArrayList<>();
        int form = 0;
        long next = 0;
        for (int r = 0; r < count; r++) {
            if (r % chunkRows == 0) {
                form = random.nextInt(5);
                next = random.nextInt(50);
            }
            Long age = switch (form) {
                case 0 -> (long) random.nextInt(121); // plain, one or two varint bytes
                case 1 -> next += random.nextInt(3); // ascending: delta-coded
                case 2 -> random.nextInt(5) == 0 ? null : (long) random.nextInt(121);
                case 3 -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 63, 64, 8191, 8192, -8193,
                    random.nextLong()}[random.nextInt(10)];
                default -> 42L;
            };
            // "NA" in about one row in eight, as in the benchmark; sometimes in most rows of a chunk.
            String country = (r / chunkRows) % 3 == 2 && random.nextBoolean() ? "NA"
                    : COUNTRIES[random.nextInt(COUNTRIES.length)];
            out.add(Arrays.asList((long) r, random.nextInt(40) == 0 ? null : country, age));
        }
        return out;
    }

    private static void check(JazminReader reader, List<List<Object>> rows, Set<Long> deleted, Random random,
                              String where) {
        String country = COUNTRIES[random.nextInt(3)];
        long v = operand(rows, random);
        int op = random.nextInt(6);
        Filter onAge = switch (op) {
            case 0 -> Filter.gt("age", v);
            case 1 -> Filter.gte("age", v);
            case 2 -> Filter.lt("age", v);
            case 3 -> Filter.lte("age", v);
            case 4 -> Filter.eq("age", v);
            default -> Filter.allOf(Filter.gte("age", v), Filter.lte("age", v / 2 + 60));
        };
        LongPredicate ageTest = switch (op) {
            case 0 -> a -> a > v;
            case 1 -> a -> a >= v;
            case 2 -> a -> a < v;
            case 3 -> a -> a <= v;
            case 4 -> a -> a == v;
            default -> a -> a >= v && a <= v / 2 + 60;
        };
        boolean alone = random.nextInt(4) == 0;
        Filter filter = alone ? onAge : Filter.allOf(Filter.eq("country", country), onAge);
        List<Long> expected = rows.stream()
                .filter(r -> !deleted.contains((Long) r.get(0)))
                .filter(r -> alone || country.equals(r.get(1)))
                .filter(r -> r.get(2) != null && ageTest.test((Long) r.get(2)))
                .map(r -> (Long) r.get(0)).toList();
        String what = where + ", " + filter.toJson();
        assertThat(reader.table().count(filter)).as("count, %s", what).isEqualTo(expected.size());
        try (Stream<Row> found = reader.table().find(filter)) {
            assertThat(found.map(r -> (Long) r.get("id")).toList()).as("find, %s", what).isEqualTo(expected);
        }
    }

    /** An operand at an edge of the ages held, or one of them, or a long's extreme. */
    private static long operand(List<List<Object>> rows, Random random) {
        long[] ages = rows.stream().map(r -> (Long) r.get(2)).filter(a -> a != null).mapToLong(Long::longValue)
                .toArray();
        long min = Arrays.stream(ages).min().orElse(0);
        long max = Arrays.stream(ages).max().orElse(0);
        return switch (random.nextInt(8)) {
            case 0 -> min == Long.MIN_VALUE ? min : min - 1;
            case 1 -> min;
            case 2 -> max;
            case 3 -> max == Long.MAX_VALUE ? max : max + 1;
            case 4 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            default -> ages.length == 0 ? 0 : ages[random.nextInt(ages.length)];
        };
    }
}
