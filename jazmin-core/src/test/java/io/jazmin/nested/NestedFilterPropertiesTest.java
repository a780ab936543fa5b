package io.jazmin.nested;

import static io.jazmin.nested.Nested.list;
import static io.jazmin.nested.Nested.object;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code any}/{@code all}/{@code match} find exactly the rows a direct evaluation of the values
 * finds, whatever the chunking: statistics pruning never drops a match.
 */
class NestedFilterPropertiesTest {
    private static final Column INTS = list("ints", Column.of("item", ColumnType.INT));
    private static final Column OBJ = object("o", Column.of("a", ColumnType.INT), list("l", Column.of("item", ColumnType.INT)));
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT), INTS, OBJ);

    @Property(tries = 150, seed = "7", edgeCases = EdgeCasesMode.MIXIN)
    void filtersFindWhatTheValuesSay(@ForAll("rows") List<Object[]> rows, @ForAll @IntRange(min = 1, max = 8) int chunkRows,
                                     @ForAll @IntRange(min = -4, max = 4) int k) throws IOException {
        Path file = Files.createTempFile("nested-filter", ".jzm");
        try {
            try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withChunkRows(chunkRows))) {
                for (Object[] row : rows) {
                    w.writeValues(row);
                }
                w.finish();
            }
            try (JazminReader reader = JazminReader.open(file)) {
                check(reader, rows, Filter.any("ints", Filter.gt(Filter.ITEM, k)), r -> anyItem(r[1], x -> x != null && x > k));
                check(reader, rows, Filter.all("ints", Filter.gt(Filter.ITEM, k)), r -> allItems(r[1], x -> x != null && x > k));
                check(reader, rows, Filter.any("ints", Filter.isNull(Filter.ITEM)), r -> anyItem(r[1], x -> x == null));
                check(reader, rows, Filter.any("ints", Filter.eq(Filter.ITEM, k)).negate(),
                        r -> !anyItem(r[1], x -> x != null && x == k));
                check(reader, rows, Filter.match("o", Filter.lte("a", k)), r -> r[2] != null && lte(field(r[2], "a"), k));
                check(reader, rows, Filter.match("o", Filter.any("l", Filter.lt(Filter.ITEM, k))),
                        r -> r[2] != null && anyItem(field(r[2], "l"), x -> x != null && x < k));
                check(reader, rows, Filter.match("o", Filter.all("l", Filter.eq(Filter.ITEM, k)).or(Filter.isNull("a"))),
                        r -> r[2] != null && (allItems(field(r[2], "l"), x -> x != null && x == k) || field(r[2], "a") == null));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void check(JazminReader reader, List<Object[]> rows, Filter filter, Predicate<Object[]> oracle) {
        List<Long> want = rows.stream().filter(oracle).map(r -> (Long) r[0]).toList();
        List<Long> got = reader.table().find(filter).map(r -> (Long) r.get("id")).toList();
        assertThat(got).as(filter.toJson()).isEqualTo(want);
        assertThat(reader.table().count(filter)).as(filter.toJson()).isEqualTo(want.size());
    }

    private static Object field(Object object, String name) {
        return ((Map<?, ?>) object).get(name);
    }

    private static boolean lte(Object v, int k) {
        return v != null && (Long) v <= k;
    }

    /** A null list has no items to match, not even for {@code all}. */
    private static boolean anyItem(Object list, Predicate<Long> p) {
        return list != null && ((List<?>) list).stream().anyMatch(x -> p.test((Long) x));
    }

    private static boolean allItems(Object list, Predicate<Long> p) {
        return list != null && ((List<?>) list).stream().allMatch(x -> p.test((Long) x));
    }

    @Provide
    Arbitrary<List<Object[]>> rows() {
        Arbitrary<Object> item = Arbitraries.longs().between(-5, 5).map(x -> (Object) x).injectNull(0.15);
        Arbitrary<Object> ints = item.list().ofMaxSize(4).map(l -> (Object) l).injectNull(0.2);
        Arbitrary<Object> obj = Combinators.combine(item, ints).as((a, l) -> (Object) Nested.obj("a", a, "l", l))
                .injectNull(0.2);
        return Combinators.combine(ints, obj).as((l, o) -> new Object[] {0L, l, o}).list().ofMaxSize(40).map(rows -> {
            List<Object[]> numbered = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                numbered.add(new Object[] {(long) i, rows.get(i)[1], rows.get(i)[2]});
            }
            return numbered;
        });
    }
}
