package io.jazmin.query;

import static io.jazmin.query.Where.field;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A random typed condition, order and slice return the rows the equivalent {@link Filter} and
 * {@link RowQuery}, written by hand against the column names and stored values, return.
 */
class TypedQueryPropertiesTest {
    private static Path file;
    private static JazminReader reader;
    private static JazminTable table;

    /** One condition written both ways. */
    record Both(Condition<Shopper> typed, Filter filter) {
        Both and(Both o) {
            return new Both(typed.and(o.typed), filter.and(o.filter));
        }

        Both or(Both o) {
            return new Both(typed.or(o.typed), filter.or(o.filter));
        }

        Both not() {
            return new Both(typed.not(), filter.negate());
        }

        @Override
        public String toString() {
            return filter.toJson();
        }
    }

    /** One order key written both ways. */
    record Key(Order<Shopper> typed, SortKey sort) {
        @Override
        public String toString() {
            return sort.toString();
        }
    }

    @BeforeContainer
    static void write() throws Exception {
        file = Files.createTempFile("typed-query-properties", ".jzm");
        Files.delete(file);
        Shopper.write(file, Shopper.rows(150));
        reader = JazminReader.open(file);
        table = reader.table();
    }

    @AfterContainer
    static void close() throws Exception {
        reader.close();
        Files.deleteIfExists(file);
    }

    @Property(tries = 200, seed = "34")
    void aTypedQueryReturnsTheRowsOfItsFilter(@ForAll("conditions") Both condition, @ForAll("keys") List<Key> order,
                                              @ForAll("slices") long[] slice) {
        Query<Shopper> typed = Query.of(Shopper.class).where(condition.typed())
                .orderBy(order.stream().map(Key::typed).toList().toArray(Order[]::new)).offset(slice[0]);
        RowQuery rows = RowQuery.all().withOrder(order.stream().map(Key::sort).toList()).withOffset(slice[0]);
        if (slice[1] >= 0) {
            typed = typed.limit(slice[1]);
            rows = rows.withLimit(slice[1]);
        }
        List<Long> want;
        try (Stream<Row> found = table.find(condition.filter(), rows)) {
            want = found.map(r -> (Long) r.get("id")).toList();
        }
        assertThat(typed.list(table)).extracting(Shopper::id).as(condition.toString()).isEqualTo(want);
        assertThat(typed.count(table)).isEqualTo(want.size());
        assertThat(typed.exists(table)).isEqualTo(!want.isEmpty());
        assertThat(typed.first(table).map(Shopper::id)).isEqualTo(want.stream().findFirst());
    }

    @Provide
    Arbitrary<Both> conditions() {
        return Arbitraries.recursive(this::leaves, inner -> Arbitraries.oneOf(
                Combinators.combine(inner, inner).as(Both::and),
                Combinators.combine(inner, inner).as(Both::or),
                inner.map(Both::not)), 0, 3);
    }

    @Provide
    Arbitrary<List<Key>> keys() {
        Arbitrary<Key> key = Arbitraries.of(
                new Key(Order.asc(Shopper::age), SortKey.asc("age")),
                new Key(Order.desc(Shopper::name), SortKey.desc("name")),
                new Key(Order.asc(Shopper::name).ignoringCase().nullsLast(), SortKey.asc("name").ignoringCase().nullsLast()),
                new Key(Order.desc(Shopper::born).nullsFirst(), SortKey.desc("born").nullsFirst()),
                new Key(Order.asc(Shopper::country), SortKey.asc("nation")),
                new Key(Order.desc(Shopper::score), SortKey.desc("score")));
        return key.list().ofMaxSize(2);
    }

    @Provide
    Arbitrary<long[]> slices() {
        return Combinators.combine(Arbitraries.longs().between(0, 40), Arbitraries.longs().between(-1, 30))
                .as((offset, limit) -> new long[] {offset, limit});
    }

    private Arbitrary<Both> leaves() {
        Arbitrary<String> names = Arbitraries.of("Ann", "anna", "Bob", "Ed", "Zed");
        Arbitrary<String> bits = Arbitraries.of("A", "an", "nn", "NN", "o", "na", "x");
        Arbitrary<Integer> ages = Arbitraries.integers().between(15, 90);
        Arbitrary<LocalDate> days = Arbitraries.integers().between(0, 60_000).map(d -> LocalDate.of(1950, 1, 1).plusDays(d));
        return Arbitraries.oneOf(
                names.map(n -> new Both(field(Shopper::name).eq(n), Filter.eq("name", n))),
                names.map(n -> new Both(field(Shopper::name).ne(n), Filter.ne("name", n))),
                names.map(n -> new Both(field(Shopper::name).lt(n), Filter.lt("name", n))),
                Combinators.combine(names, names).as((a, b) ->
                        new Both(field(Shopper::name).in(a, b), Filter.in("name", a, b))),
                Combinators.combine(names, names).as((a, b) ->
                        new Both(field(Shopper::name).notIn(a, b), Filter.in("name", a, b).negate())),
                Arbitraries.just(new Both(field(Shopper::name).isNull(), Filter.isNull("name"))),
                Arbitraries.just(new Both(field(Shopper::country).isNotNull(), Filter.isNotNull("nation"))),
                bits.map(b -> new Both(field(Shopper::name).startsWith(b), Filter.startsWith("name", b))),
                bits.map(b -> new Both(field(Shopper::name).endsWith(b), Filter.endsWith("name", b))),
                bits.map(b -> new Both(field(Shopper::name).contains(b), Filter.contains("name", b))),
                names.map(b -> new Both(field(Shopper::name).equalsIgnoreCase(b), Filter.equalsIgnoreCase("name", b))),
                bits.map(b -> new Both(field(Shopper::name).startsWithIgnoreCase(b), Filter.startsWithIgnoreCase("name", b))),
                bits.map(b -> new Both(field(Shopper::name).endsWithIgnoreCase(b), Filter.endsWithIgnoreCase("name", b))),
                bits.map(b -> new Both(field(Shopper::name).containsIgnoreCase(b), Filter.icontains("name", b))),
                Arbitraries.of("NA", "ZA", "BW", "na").map(c -> new Both(field(Shopper::country).eq(c), Filter.eq("nation", c))),
                ages.map(a -> new Both(field(Shopper::age).lt(a), Filter.lt("age", a))),
                ages.map(a -> new Both(field(Shopper::age).le(a), Filter.lte("age", a))),
                ages.map(a -> new Both(field(Shopper::age).gt(a), Filter.gt("age", a))),
                ages.map(a -> new Both(field(Shopper::age).ge(a), Filter.gte("age", a))),
                ages.map(a -> new Both(field(Shopper::age).eq(a), Filter.eq("age", a))),
                Combinators.combine(ages, ages).as((a, b) -> new Both(field(Shopper::age).between(a, b),
                        Filter.allOf(Filter.gte("age", a), Filter.lte("age", b)))),
                Combinators.combine(ages, ages).as((a, b) -> new Both(field(Shopper::age).notIn(List.of(a, b)),
                        Filter.in("age", a, b).negate())),
                Arbitraries.longs().between(-5, 160).map(id -> new Both(field(Shopper::id).eq(id), Filter.eq("id", id))),
                Arbitraries.longs().between(-5, 160).map(id -> new Both(field(Shopper::id).ge(id), Filter.gte("id", id))),
                days.map(d -> new Both(field(Shopper::born).lt(d), Filter.lt("born", d.atStartOfDay(ZoneOffset.UTC).toInstant()))),
                days.map(d -> new Both(field(Shopper::born).ge(d), Filter.gte("born", d.atStartOfDay(ZoneOffset.UTC).toInstant()))),
                Arbitraries.of(true, false).map(b -> new Both(field(Shopper::active).eq(b), Filter.eq("active", b))),
                Arbitraries.of(Shopper.Level.class).map(l -> new Both(field(Shopper::level).eq(l), Filter.eq("level", l.name()))),
                Arbitraries.doubles().between(0, 4.5).ofScale(2).map(x -> new Both(field(Shopper::score).gt(x), Filter.gt("score", x))),
                Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("200")).ofScale(2)
                        .map(x -> new Both(field(Shopper::balance).le(x), Filter.lte("balance", x))),
                Arbitraries.just(new Both(field(Shopper::email).isNull(), Filter.isNull("email"))),
                Arbitraries.just(new Both(field(Shopper::extra).isNotNull(), Filter.isNotNull("extra"))));
    }
}
