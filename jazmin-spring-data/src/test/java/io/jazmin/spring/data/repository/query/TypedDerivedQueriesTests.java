package io.jazmin.spring.data.repository.query;

import static io.jazmin.query.Order.desc;
import static io.jazmin.query.Where.field;
import static io.jazmin.query.Where.items;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.query.Query;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.query.ListQueriesTests.Post;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/**
 * Every derived query whose filter {@link JazminPartTreeQueryTests} pins down, and every one on a
 * list member {@link ListQueriesTests} serves, written with the core's typed query API
 * ({@code io.jazmin.query}), returns the rows the repository method returns, in the same order, on
 * data where each matches some rows but not all.
 */
class TypedDerivedQueriesTests {
    private static final String[] NAMES = {"Ann", "Anna", "JoANN", "Bob", "ann", null, "Jenn", "Danny", "Nan"};
    private static final String[] COUNTRIES = {"NA", "ZA", "BW", "na"};

    /** The typed query of each derived method, from the method's arguments. */
    private static final Map<String, Function<Object[], Query<Person>>> TYPED = Map.ofEntries(
            typed("findByName", a -> where().where(field(Person::name).eq((String) a[0]))),
            typed("findByCountryAndAgeGreaterThan", a -> where().where(field(Person::country).eq((String) a[0])
                    .and(field(Person::age).gt((Integer) a[1])))),
            typed("findByNameOrCountry", a -> where().where(field(Person::name).eq((String) a[0])
                    .or(field(Person::country).eq((String) a[1])))),
            typed("findByNameNot", a -> where().where(field(Person::name).ne((String) a[0]))),
            typed("findByAgeLessThan", a -> where().where(field(Person::age).lt((Integer) a[0]))),
            typed("findByAgeLessThanEqual", a -> where().where(field(Person::age).le((Integer) a[0]))),
            typed("findByAgeGreaterThanEqual", a -> where().where(field(Person::age).ge((Integer) a[0]))),
            typed("findByAgeBetween", a -> where().where(field(Person::age).between((Integer) a[0], (Integer) a[1]))),
            typed("findByBornBefore", a -> where().where(field(Person::born).lt((LocalDate) a[0]))),
            typed("findByBornAfter", a -> where().where(field(Person::born).gt((LocalDate) a[0]))),
            typed("findByCountryIn", a -> where().where(field(Person::country).in(strings(a[0])))),
            typed("findByCountryNotIn", a -> where().where(field(Person::country).notIn(strings(a[0])))),
            typed("findByNameIsNull", a -> where().where(field(Person::name).isNull())),
            typed("findByNameIsNotNull", a -> where().where(field(Person::name).isNotNull())),
            typed("findByNameLike", a -> where().where(like((String) a[0]))),
            typed("findByNameNotLike", a -> where().where(like((String) a[0]).not())),
            typed("findByNameStartingWith", a -> where().where(field(Person::name).startsWith((String) a[0]))),
            typed("findByNameContaining", a -> where().where(field(Person::name).contains((String) a[0]))),
            typed("findByNameNotContaining", a -> where().where(field(Person::name).contains((String) a[0]).not())),
            typed("findByNameContainingIgnoreCase", a -> where().where(field(Person::name).containsIgnoreCase((String) a[0]))),
            typed("findByNameEndingWith", a -> where().where(field(Person::name).endsWith((String) a[0]))),
            typed("findByNameIgnoreCase", a -> where().where(field(Person::name).equalsIgnoreCase((String) a[0]))),
            typed("findByNameStartingWithIgnoreCase", a -> where().where(field(Person::name).startsWithIgnoreCase((String) a[0]))),
            typed("findByNameEndingWithIgnoreCase", a -> where().where(field(Person::name).endsWithIgnoreCase((String) a[0]))),
            typed("findByNameLikeIgnoreCase", a -> where().where(field(Person::name).startsWithIgnoreCase(
                    ((String) a[0]).replace("%", "")))),
            typed("findByAllIgnoreCaseNameAndCountry", a -> where().where(field(Person::name).equalsIgnoreCase((String) a[0])
                    .and(field(Person::country).equalsIgnoreCase((String) a[1])))),
            typed("findByActiveTrue", a -> where().where(field(Person::active).eq(true))),
            typed("findByActiveFalse", a -> where().where(field(Person::active).eq(false))),
            typed("findByLevel", a -> where().where(field(Person::level).eq((Person.Level) a[0]))),
            typed("findByNameAndAgeBetweenOrCountryOrderByAgeDesc", a -> where()
                    .where(field(Person::name).eq((String) a[0]).and(field(Person::age).between((Integer) a[1], (Integer) a[2]))
                            .or(field(Person::country).eq((String) a[3])))
                    .orderBy(desc(Person::age))));

    /** The typed query of each derived method on a list member ({@link ListQueriesTests}). */
    private static final Map<String, Function<Object[], Query<ListQueriesTests.Post>>> TYPED_LISTS = Map.of(
            "findByTagsContaining", a -> posts().where(items(Post::tags).contains((String) a[0])),
            "findByTagsNotContaining", a -> posts().where(items(Post::tags).contains((String) a[0]).not()),
            "findByTagsContainingIgnoreCase", a -> posts().where(items(Post::tags).containsIgnoreCase((String) a[0])),
            "findByTagsIn", a -> posts().where(items(Post::tags).containsAny(strings(a[0]))),
            "findByTagsIsEmpty", a -> posts().where(items(Post::tags).isEmpty()),
            "findByTagsIsNotEmpty", a -> posts().where(items(Post::tags).isNotEmpty()),
            "findByTagsIsNull", a -> posts().where(items(Post::tags).isNull()));

    @org.junit.jupiter.api.io.TempDir
    Path dir;
    JazminFiles files;
    JazminTemplate template;

    private static Map.Entry<String, Function<Object[], Query<Person>>> typed(String method,
                                                                          Function<Object[], Query<Person>> query) {
        return Map.entry(method, query);
    }

    private static Query<Post> posts() {
        return Query.of(Post.class);
    }

    private static Query<Person> where() {
        return Query.of(Person.class);
    }

    @SuppressWarnings("unchecked")
    private static Collection<String> strings(Object list) {
        return (Collection<String>) list;
    }

    /** The LIKE patterns the derived queries serve: {@code %x%}, {@code x%} and {@code x}. */
    private static io.jazmin.query.Condition<Person> like(String pattern) {
        if (pattern.startsWith("%") && pattern.endsWith("%")) {
            return field(Person::name).contains(pattern.substring(1, pattern.length() - 1));
        }
        if (pattern.endsWith("%")) {
            return field(Person::name).startsWith(pattern.substring(0, pattern.length() - 1));
        }
        return field(Person::name).eq(pattern);
    }

    @BeforeEach
    void setUp() {
        files = new JazminFiles(List.of(
                JazminFileDefinition.of("people", dir.resolve("people.jzm")).withCreateIfMissing(true),
                JazminFileDefinition.of("posts", dir.resolve("posts.jzm")).withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.insert(IntStream.range(0, 45).mapToObj(TypedDerivedQueriesTests::person).toList());
        template.insert(LongStream.range(0, 60).mapToObj(ListQueriesTests::post).toList());
    }

    @AfterEach
    void tearDown() {
        files.destroy();
    }

    /** Every name with every country (9 and 4 are coprime), ages, birthdays on both sides of 2020-01-02. */
    static Person person(int i) {
        return new Person(i, NAMES[i % NAMES.length], COUNTRIES[i % COUNTRIES.length], (i * 7) % 91,
                LocalDate.of(2019, 12, 20).plusDays(i % 25), i % 2 == 0, Person.Level.values()[i % 3 == 0 ? 1 : 0]);
    }

    /** The method, its arguments, its repository, file and row count: {@link JazminPartTreeQueryTests}' and the list ones. */
    static Stream<Arguments> derived() {
        return Stream.concat(
                JazminPartTreeQueryTests.filters().map(a -> Arguments.of(a.get()[0], a.get()[1], PersonQueries.class)),
                ListQueriesTests.served().map(a -> Arguments.of(a.get()[0], a.get()[1], ListQueriesTests.PostQueries.class)));
    }

    @ParameterizedTest(name = "{0}{1}")
    @MethodSource("derived")
    void theTypedQueryReturnsTheRowsOfTheDerivedQuery(String method, Object[] args, Class<?> repository) {
        boolean people = repository == PersonQueries.class;
        Map<String, ? extends Function<Object[], ? extends Query<?>>> typed = people ? TYPED : TYPED_LISTS;
        assertThat(typed).as("a typed query for " + method).containsKey(method);
        sameRows(repository, method, args, typed.get(method).apply(args), people ? "people.jzm" : "posts.jzm",
                people ? 45 : 60);
    }

    private void sameRows(Class<?> repository, String method, Object[] args, Query<?> typed, String file, int rows) {
        List<?> derived = (List<?>) create(repository, method).execute(args);
        assertThat(derived).as("rows of " + method + Arrays.toString(args)).isNotEmpty().hasSizeLessThan(rows);
        try (JazminReader reader = JazminReader.open(dir.resolve(file))) {
            assertThat(typed.list(reader.table())).isEqualTo(derived);
            assertThat(typed.count(reader.table())).isEqualTo(derived.size());
        }
    }

    private JazminPartTreeQuery create(Class<?> repository, String name) {
        Method method = Arrays.stream(repository.getMethods()).filter(m -> m.getName().equals(name))
                .findFirst().orElseThrow();
        SpelAwareProxyProjectionFactory factory = new SpelAwareProxyProjectionFactory();
        QueryMethod queryMethod = new QueryMethod(method, new DefaultRepositoryMetadata(repository), factory);
        return new JazminPartTreeQuery(queryMethod, template, factory, repository);
    }
}
