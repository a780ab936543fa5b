package io.jazmin.query;

import static io.jazmin.query.Order.asc;
import static io.jazmin.query.Order.desc;
import static io.jazmin.query.Where.allOf;
import static io.jazmin.query.Where.anyOf;
import static io.jazmin.query.Where.field;
import static io.jazmin.query.Where.items;
import static io.jazmin.query.Where.not;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.Explain;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.error.JazminValidationException;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.MappingOptions;
import io.jazmin.mapping.annotation.JazminNested;
import io.jazmin.options.ReadOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The typed query API: what each query compiles to, that it returns the rows the same {@link Filter}
 * and {@link RowQuery} return, the terminal operations, projections, and misuse refused while the
 * query is built.
 */
class TypedQueryTest {
    @TempDir
    static Path dir;
    static List<Shopper> shoppers;
    static JazminReader reader;
    static JazminTable table;

    /** A projection of two of {@link Shopper}'s columns (country under its column name). */
    record Contact(long id, String name) {
    }

    /** Not a projection of {@link Shopper}: {@code phone} is no column of it. */
    record Phone(long id, String phone) {
    }

    /** Not a projection of {@link Shopper}: {@code age} is an int column there. */
    record AgeText(long id, String age) {
    }

    /** A POJO read through getters. */
    public static class Account {
        private long id;
        private String name;
        private boolean active;

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public boolean isActive() {
            return active;
        }

        public void setActive(boolean active) {
            this.active = active;
        }

        /** Not a member: no field backs it. */
        public String getLabel() {
            return name + "!";
        }
    }

    @BeforeAll
    static void write() {
        shoppers = Shopper.rows(120);
        Path file = dir.resolve("shoppers.jzm");
        Shopper.write(file, shoppers);
        reader = JazminReader.open(file);
        table = reader.table();
    }

    @AfterAll
    static void close() {
        reader.close();
    }

    private static List<Long> ids(Stream<Row> rows) {
        try (rows) {
            return rows.map(r -> (Long) r.get("id")).toList();
        }
    }

    private static List<Long> ids(List<Shopper> rows) {
        return rows.stream().map(Shopper::id).toList();
    }

    /** Compiles to {@code expected} and returns what it returns, which is neither nothing nor everything. */
    private static void same(Query<Shopper> typed, Filter expected) {
        assertThat(typed.filter().toJson()).isEqualTo(expected.toJson());
        List<Long> want = ids(table.find(expected, typed.rowQuery()));
        assertThat(want).as(expected.toJson()).isNotEmpty().hasSizeLessThan(shoppers.size());
        assertThat(ids(typed.list(table))).as(expected.toJson()).isEqualTo(want);
        assertThat(typed.count(table)).isEqualTo(want.size());
    }

    @Test
    void eachComparisonCompilesToItsFilter() {
        Query<Shopper> q = Query.of(Shopper.class);
        same(q.where(field(Shopper::country).eq("NA")), Filter.eq("nation", "NA"));
        same(q.where(field(Shopper::country).ne("NA")), Filter.ne("nation", "NA"));
        same(q.where(field(Shopper::age).lt(30)), Filter.lt("age", 30));
        same(q.where(field(Shopper::age).le(30)), Filter.lte("age", 30));
        same(q.where(field(Shopper::age).gt(80)), Filter.gt("age", 80));
        same(q.where(field(Shopper::age).ge(80)), Filter.gte("age", 80));
        same(q.where(field(Shopper::age).between(20, 30)), Filter.allOf(Filter.gte("age", 20), Filter.lte("age", 30)));
        same(q.where(field(Shopper::country).in("NA", "ZA")), Filter.in("nation", "NA", "ZA"));
        same(q.where(field(Shopper::country).notIn(List.of("NA"))), Filter.in("nation", "NA").negate());
        same(q.where(field(Shopper::name).isNull()), Filter.isNull("name"));
        same(q.where(field(Shopper::name).isNotNull()), Filter.isNotNull("name"));
        same(q.where(field(Shopper::name).eq(null)), Filter.isNull("name"));
        same(q.where(field(Shopper::name).startsWith("An")), Filter.startsWith("name", "An"));
        same(q.where(field(Shopper::name).endsWith("na")), Filter.endsWith("name", "na"));
        same(q.where(field(Shopper::name).contains("nn")), Filter.contains("name", "nn"));
        same(q.where(field(Shopper::name).equalsIgnoreCase("ann")), Filter.equalsIgnoreCase("name", "ann"));
        same(q.where(field(Shopper::name).startsWithIgnoreCase("an")), Filter.startsWithIgnoreCase("name", "an"));
        same(q.where(field(Shopper::name).endsWithIgnoreCase("NA")), Filter.endsWithIgnoreCase("name", "NA"));
        same(q.where(field(Shopper::name).containsIgnoreCase("NN")), Filter.icontains("name", "NN"));
        same(q.where(field(Shopper::active).eq(true)), Filter.eq("active", true));
        same(q.where(field(Shopper::score).gt(2.5)), Filter.gt("score", 2.5));
        same(q.where(field(Shopper::balance).le(new BigDecimal("20.00"))), Filter.lte("balance", new BigDecimal("20.00")));
    }

    @Test
    void operandsAreStoredAsTheMapperStoresTheMember() {
        Query<Shopper> q = Query.of(Shopper.class);
        // enums by name, LocalDate as midnight UTC, Optional unwrapped
        same(q.where(field(Shopper::level).eq(Shopper.Level.HIGH)), Filter.eq("level", "HIGH"));
        same(q.where(field(Shopper::born).lt(LocalDate.of(1990, 1, 2))),
                Filter.lt("born", Instant.parse("1990-01-02T00:00:00Z")));
        same(q.where(field(Shopper::email).eq(Optional.of("u1@x.org"))), Filter.eq("email", "u1@x.org"));
        same(q.where(field(Shopper::email).eq(Optional.empty())), Filter.isNull("email"));
        same(q.where(field(Shopper::level).in(Shopper.Level.LOW, null)), Filter.in("level", "LOW"));
    }

    @Test
    void andOrNotFlattenAsFilterTreesDo() {
        Query<Shopper> q = Query.of(Shopper.class);
        same(q.where(field(Shopper::country).eq("NA").and(field(Shopper::age).gt(40)).and(field(Shopper::active).eq(true))),
                Filter.allOf(Filter.eq("nation", "NA"), Filter.gt("age", 40), Filter.eq("active", true)));
        same(q.where(anyOf(field(Shopper::name).eq("Ann"), field(Shopper::country).eq("ZA"), field(Shopper::age).lt(20))),
                Filter.anyOf(Filter.eq("name", "Ann"), Filter.eq("nation", "ZA"), Filter.lt("age", 20)));
        same(q.where(not(field(Shopper::name).contains("nn")).or(allOf(field(Shopper::age).ge(30), field(Shopper::age).le(31)))),
                Filter.anyOf(Filter.contains("name", "nn").negate(), Filter.allOf(Filter.gte("age", 30), Filter.lte("age", 31))));
        // a second where is ANDed to the first
        same(q.where(field(Shopper::country).eq("NA")).where(field(Shopper::age).gt(40)),
                Filter.eq("nation", "NA").and(Filter.gt("age", 40)));
    }

    @Test
    void orderOffsetAndLimitCompileToTheRowQuery() {
        Query<Shopper> q = Query.of(Shopper.class).where(field(Shopper::age).gt(30))
                .orderBy(desc(Shopper::age), asc(Shopper::country).nullsLast().ignoringCase()).offset(3).limit(7);
        RowQuery rq = q.rowQuery();
        assertThat(rq.order()).containsExactly(SortKey.desc("age"), SortKey.asc("nation").nullsLast().ignoringCase());
        assertThat(rq.offset()).isEqualTo(3);
        assertThat(rq.limit()).isEqualTo(7);
        assertThat(rq.select()).isEqualTo(Shopper.MAPPER.schema().columns().stream().map(c -> c.name()).toList());
        List<Long> want = ids(table.find(Filter.gt("age", 30), RowQuery.all()
                .orderBy(SortKey.desc("age"), SortKey.asc("nation").nullsLast().ignoringCase()).withOffset(3).withLimit(7)));
        assertThat(want).hasSize(7);
        assertThat(ids(q.list(table))).isEqualTo(want);
        assertThat(q.first(table).map(Shopper::id)).contains(want.get(0));
        assertThat(q.count(table)).isEqualTo(7);
        assertThat(q.exists(table)).isTrue();
    }

    @Test
    void readsBackTheObjectsWritten() {
        List<Shopper> na = Query.of(Shopper.class).where(field(Shopper::country).eq("NA")).list(table);
        assertThat(na).isEqualTo(shoppers.stream().filter(s -> "NA".equals(s.country())).toList());
    }

    @Test
    void countExistsAndFirstFollowOffsetAndLimit() {
        Query<Shopper> za = Query.of(Shopper.class).where(field(Shopper::country).eq("ZA"));
        long all = table.count(Filter.eq("nation", "ZA"));
        assertThat(za.count(table)).isEqualTo(all).isPositive();
        assertThat(za.offset(all - 2).count(table)).isEqualTo(2);
        assertThat(za.offset(all).count(table)).isZero();
        assertThat(za.offset(all).exists(table)).isFalse();
        assertThat(za.offset(all - 1).exists(table)).isTrue();
        assertThat(za.limit(0).exists(table)).isFalse();
        assertThat(za.limit(0).first(table)).isEmpty();
        assertThat(za.limit(3).count(table)).isEqualTo(3);
        assertThat(za.where(field(Shopper::age).gt(1000)).exists(table)).isFalse();
        assertThat(za.where(field(Shopper::age).gt(1000)).first(table)).isEmpty();
        try (Stream<Shopper> s = za.stream(table)) {
            assertThat(s.count()).isEqualTo(all);
        }
        Query<Shopper> every = Query.of(Shopper.class);
        assertThat(every.filter()).isNull();
        assertThat(every.count(table)).isEqualTo(shoppers.size());
        assertThat(every.limit(5).list(table)).isEqualTo(shoppers.subList(0, 5));
        assertThat(every.offset(118).count(table)).isEqualTo(2);
    }

    @Test
    void aProjectionReadsOnlyItsColumnsAndTheFilters() {
        Query<Shopper> q = Query.of(Shopper.class).where(field(Shopper::age).gt(60)).orderBy(asc(Shopper::name));
        Projection<Contact> contacts = q.select(Contact.class);
        assertThat(contacts.rowQuery().select()).containsExactly("id", "name");
        assertThat(contacts.filter()).isEqualTo(q.filter());
        List<Contact> got = contacts.list(table);
        List<Contact> want = table.find(Filter.gt("age", 60), RowQuery.all().withSelect(List.of("id", "name"))
                .orderBy(SortKey.asc("name"))).map(r -> new Contact((Long) r.get("id"), (String) r.get("name"))).toList();
        assertThat(got).isNotEmpty().isEqualTo(want);
        assertThat(contacts.count(table)).isEqualTo(want.size());

        // the plan and the columns decoded are those of the same Filter and RowQuery
        try (JazminReader fresh = JazminReader.open(dir.resolve("shoppers.jzm"), ReadOptions.defaults().withSharedCache(false))) {
            Explain typed = fresh.table().explainAnalyze(contacts.filter(), contacts.rowQuery());
            Explain whole = fresh.table().explainAnalyze(q.filter(), q.rowQuery());
            assertThat(typed.columnsDecoded()).isLessThan(whole.columnsDecoded());
            assertThat(contacts.explain(fresh.table()).strategy()).isEqualTo(typed.strategy());
        }
    }

    @Test
    void anIdLookupUsesTheIndexAsTheFilterDoes() {
        Query<Shopper> one = Query.of(Shopper.class).where(field(Shopper::id).eq(77L));
        assertThat(one.explain(table).strategy()).isEqualTo(table.explain(Filter.eq("id", 77L)).strategy())
                .isNotEqualTo(table.explain(null).strategy());
        assertThat(one.first(table).map(Shopper::id)).contains(77L);
    }

    @Test
    void pojoGettersAreAccessorsToo() {
        JazminMapper<Account> mapper = JazminMapper.forType(Account.class);
        Path file = dir.resolve("accounts.jzm");
        List<Account> accounts = Stream.of("Ann", "Bob", "Cy").map(n -> {
            Account a = new Account();
            a.setId(n.length() * 10L + n.charAt(0));
            a.setName(n);
            a.setActive(!n.equals("Bob"));
            return a;
        }).toList();
        mapper.write(file, accounts);
        try (JazminReader r = JazminReader.open(file)) {
            Query<Account> q = Query.of(mapper).where(field(Account::getName).ne("Cy").and(field(Account::isActive).eq(true)));
            assertThat(q.filter().toJson()).isEqualTo(Filter.ne("name", "Cy").and(Filter.eq("active", true)).toJson());
            assertThat(q.list(r.table())).extracting(Account::getName).containsExactly("Ann");
            assertThatThrownBy(() -> Query.of(mapper).where(field(Account::getLabel).eq("x")))
                    .isInstanceOf(InvalidQueryException.class).hasMessageContaining("Account::getLabel is not a column");
        }
    }

    @Test
    void theMappersOptionsAreKept() {
        JazminMapper<Shopper> lenient = JazminMapper.forType(Shopper.class,
                MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT));
        Query<Shopper> q = Query.of(lenient).where(field(Shopper::country).eq("BW"));
        assertThat(q.results()).isSameAs(lenient);
        assertThat(ids(q.list(table))).isEqualTo(ids(table.find(Filter.eq("nation", "BW"))));
    }

    /** A list column of strings, one of ints, and a collection stored as json. */
    record Post(long id, @JazminNested List<String> tags, @JazminNested List<Integer> votes, List<String> notes) {
    }

    @Test
    void itemsOfAListColumnCompileToAny() {
        Path file = dir.resolve("posts.jzm");
        List<Post> posts = List.of(new Post(1, List.of("vip", "new"), List.of(1, 2), null),
                new Post(2, List.of(), List.of(), null), new Post(3, null, null, null),
                new Post(4, List.of("VIP"), List.of(3), null), new Post(5, Arrays.asList("old", null), List.of(2), null));
        JazminMapper.forType(Post.class).write(file, posts);
        try (JazminReader r = JazminReader.open(file)) {
            Query<Post> q = Query.of(Post.class);
            check(r.table(), q.where(items(Post::tags).contains("vip")), Filter.any("tags", Filter.eq(Filter.ITEM, "vip")), 1);
            check(r.table(), q.where(items(Post::tags).containsIgnoreCase("vip")),
                    Filter.any("tags", Filter.equalsIgnoreCase(Filter.ITEM, "vip")), 1, 4);
            check(r.table(), q.where(items(Post::votes).containsAny(2, 3, null)),
                    Filter.any("votes", Filter.in(Filter.ITEM, 2L, 3L)), 1, 4, 5);
            Filter hasItem = Filter.any("tags", Filter.anyOf(Filter.isNull(Filter.ITEM), Filter.isNotNull(Filter.ITEM)));
            check(r.table(), q.where(items(Post::tags).isNotEmpty()), hasItem, 1, 4, 5);
            check(r.table(), q.where(items(Post::tags).isEmpty()), hasItem.negate(), 2, 3);
            check(r.table(), q.where(items(Post::tags).isNull()), Filter.isNull("tags"), 3);
            check(r.table(), q.where(items(Post::tags).contains(null)), Filter.any("tags", Filter.isNull(Filter.ITEM)), 5);
            check(r.table(), q.where(items(Post::tags).contains("vip").not()),
                    Filter.any("tags", Filter.eq(Filter.ITEM, "vip")).negate(), 2, 3, 4, 5);
        }
        assertThatThrownBy(() -> Query.of(Post.class).where(items(Post::notes).contains("x")))
                .isInstanceOf(InvalidQueryException.class)
                .hasMessageContaining("Post::notes is stored as a json column, not a list (mark it @JazminNested)");
        assertThatThrownBy(() -> Query.of(Post.class).where(items(Post::votes).containsIgnoreCase("x")))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("whose items are int values");
        assertThatThrownBy(() -> Query.of(Post.class).where(field(Post::tags).eq(List.of("vip"))))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("a list column");
    }

    private static void check(JazminTable posts, Query<Post> typed, Filter expected, long... ids) {
        assertThat(typed.filter().toJson()).isEqualTo(expected.toJson());
        assertThat(typed.list(posts)).extracting(Post::id).containsExactly(Arrays.stream(ids).boxed().toArray(Long[]::new));
    }

    // ---- misuse: refused while the query is built ----

    @Test
    void aLambdaIsNotAnAccessor() {
        assertThatThrownBy(() -> Query.of(Shopper.class).where(field((Shopper s) -> s.name()).eq("Ann")))
                .isInstanceOf(InvalidQueryException.class).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("method reference").hasMessageContaining("not a lambda");
        Shopper ann = shoppers.get(0);
        Accessor<Shopper, String> bound = s -> ann.name();
        assertThatThrownBy(() -> Query.of(Shopper.class).where(field(bound).eq("Ann")))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("not a lambda");
        Accessor<Shopper, String> ownClass = new Accessor<>() {
            @Override
            public String apply(Shopper s) {
                return s.name();
            }
        };
        assertThatThrownBy(() -> Query.of(Shopper.class).where(field(ownClass).eq("Ann")))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("is not a method reference");
        Accessor<Shopper, String> ownMethod = Shopper::toString;
        assertThatThrownBy(() -> Query.of(Shopper.class).where(field(ownMethod).eq("x")))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("Shopper::toString is not a column");
    }

    @Test
    void anIgnoredMemberIsNotAColumn() {
        assertThatThrownBy(() -> Query.of(Shopper.class).where(field(Shopper::note).eq("x")))
                .isInstanceOf(InvalidQueryException.class)
                .hasMessage("Invalid query: Shopper::note is not a column of " + Shopper.class.getName()
                        + " (not a mapped member, or ignored)");
        assertThatThrownBy(() -> Query.of(Shopper.class).orderBy(asc(Shopper::note)))
                .isInstanceOf(InvalidQueryException.class);
    }

    @Test
    void anAccessorOfAnotherTypeIsRefused() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Condition<Shopper> foreign = (Condition) field(Contact::name).eq("Ann");
        assertThatThrownBy(() -> Query.of(Shopper.class).where(foreign))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("Contact::name is not a member of");
    }

    @Test
    void aComparisonTheColumnCannotServeIsRefused() {
        Query<Shopper> q = Query.of(Shopper.class);
        assertThatThrownBy(() -> q.where(field(Shopper::age).contains("1")))
                .isInstanceOf(InvalidQueryException.class)
                .hasMessage("Invalid query: contains does not apply to Shopper::age, a int column (only string columns compare text)");
        assertThatThrownBy(() -> q.where(field(Shopper::balance).startsWithIgnoreCase("1")))
                .hasMessageContaining("startsWithIgnoreCase does not apply to Shopper::balance, a decimal column");
        assertThatThrownBy(() -> q.where(field(Shopper::extra).eq(java.util.Map.of("k", 1))))
                .isInstanceOf(InvalidQueryException.class)
                .hasMessageContaining("eq does not apply to Shopper::extra, a json column (only isNull and isNotNull do)");
        assertThatThrownBy(() -> q.where(field(Shopper::age).gt(null)))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("gt needs a value, not null");
        assertThatThrownBy(() -> q.where(field(Shopper::email).lt(Optional.empty())))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("lt on email needs a value");
        assertThatThrownBy(() -> q.where(field(Shopper::name).startsWith(null)))
                .isInstanceOf(InvalidQueryException.class);
        // a null test serves any column
        same(q.where(field(Shopper::extra).isNull()), Filter.isNull("extra"));
    }

    @Test
    void aCompositeIsRefusedWhereAnyPartIs() {
        assertThatThrownBy(() -> Query.of(Shopper.class)
                .where(field(Shopper::name).eq("Ann").or(field(Shopper::age).endsWith("0").not())))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("endsWith does not apply to Shopper::age");
    }

    @Test
    void anOrderTheColumnCannotServeIsRefused() {
        assertThatThrownBy(() -> Query.of(Shopper.class).orderBy(desc(Shopper::extra)))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("cannot order by Shopper::extra: json columns");
        assertThatThrownBy(() -> Query.of(Shopper.class).orderBy(asc(Shopper::age).ignoringCase()))
                .isInstanceOf(InvalidQueryException.class).hasMessageContaining("ignoringCase on Shopper::age, a int column");
    }

    @Test
    void aProjectionOfNonColumnsIsRefused() {
        Query<Shopper> q = Query.of(Shopper.class);
        assertThatThrownBy(() -> q.select(Phone.class)).isInstanceOf(InvalidQueryException.class)
                .hasMessageContaining("member 'phone' (string) is not a column of " + Shopper.class.getName());
        assertThatThrownBy(() -> q.select(AgeText.class)).isInstanceOf(InvalidQueryException.class)
                .hasMessageContaining("member 'age' (string)").hasMessageContaining("which stores it as int");
    }

    @Test
    void aBadSliceIsRefused() {
        assertThatThrownBy(() -> Query.of(Shopper.class).limit(-1)).isInstanceOf(InvalidQueryException.class);
        assertThatThrownBy(() -> Query.of(Shopper.class).offset(-5)).isInstanceOf(InvalidQueryException.class);
        assertThatThrownBy(() -> Query.of(Shopper.class).where(null)).isInstanceOf(InvalidQueryException.class);
        assertThatThrownBy(() -> Where.<Shopper>anyOf()).isInstanceOf(InvalidQueryException.class);
    }

    @Test
    void eachCallSiteIsResolvedOnce() {
        Accessor<Shopper, String> a = Shopper::name;
        AccessorMember first = AccessorMember.of(a);
        assertThat(AccessorMember.of(a)).isSameAs(first);
        assertThat(first).isEqualTo(new AccessorMember(Shopper.class.getName(), "name"));
        assertThat(Arrays.asList(first.toString())).containsExactly("Shopper::name");
    }
}
