package io.jazmin.spring.data.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminNested;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/** Derived queries on collection members: served by list-column filters, or refused at startup. */
class ListQueriesTests {
    /** {@code tags} is a list column; {@code notes}, mapped by default, a json cell. */
    record Post(@JazminId long id, @JazminNested List<String> tags, List<String> notes) {
    }

    interface PostQueries extends Repository<Post, Long> {
        List<Post> findByTagsContaining(String tag);

        List<Post> findByTagsNotContaining(String tag);

        List<Post> findByTagsContainingIgnoreCase(String tag);

        List<Post> findByTagsIn(Collection<String> tags);

        List<Post> findByTagsIsEmpty();

        List<Post> findByTagsIsNotEmpty();

        List<Post> findByTagsIsNull();

        long countByTagsContainingAndIdGreaterThan(String tag, long id);
    }

    interface RefusedPostQueries extends Repository<Post, Long> {
        List<Post> findByNotesContaining(String note);

        List<Post> findByTagsGreaterThan(String tag);

        List<Post> findByTagsStartingWith(String prefix);

        List<Post> findByTagsInIgnoreCase(Collection<String> tags);
    }

    private static final List<String> WORDS = List.of("vip", "VIP", "new", "old", "eu", "us");

    @TempDir
    Path dir;
    JazminFiles files;
    JazminTemplate template;
    List<Post> posts;

    @BeforeEach
    void setUp() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("posts", dir.resolve("posts.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        posts = LongStream.range(0, 60).mapToObj(ListQueriesTests::post).toList();
        template.insert(posts);
    }

    @AfterEach
    void tearDown() {
        files.destroy();
    }

    /** Tags from the id's digits in base 6; every 7th post has no list, every 5th an empty one. */
    static Post post(long id) {
        if (id % 7 == 0) {
            return new Post(id, null, List.of("n" + id));
        }
        List<String> tags = new ArrayList<>();
        if (id % 5 != 0) {
            for (long v = id; v > 0; v /= 6) {
                tags.add(WORDS.get((int) (v % 6)));
            }
        }
        return new Post(id, tags, null);
    }

    static Stream<Arguments> served() {
        return Stream.of(
                Arguments.of("findByTagsContaining", new Object[] {"vip"}, has(t -> t.equals("vip"))),
                Arguments.of("findByTagsNotContaining", new Object[] {"vip"},
                        (Predicate<Post>) p -> p.tags() == null || !p.tags().contains("vip")),
                Arguments.of("findByTagsContainingIgnoreCase", new Object[] {"Vip"},
                        has(t -> t.toLowerCase(Locale.ROOT).equals("vip"))),
                Arguments.of("findByTagsIn", new Object[] {List.of("eu", "us")},
                        has(t -> t.equals("eu") || t.equals("us"))),
                Arguments.of("findByTagsIsEmpty", new Object[0],
                        (Predicate<Post>) p -> p.tags() == null || p.tags().isEmpty()),
                Arguments.of("findByTagsIsNotEmpty", new Object[0],
                        (Predicate<Post>) p -> p.tags() != null && !p.tags().isEmpty()),
                Arguments.of("findByTagsIsNull", new Object[0], (Predicate<Post>) p -> p.tags() == null));
    }

    private static Predicate<Post> has(Predicate<String> tag) {
        return p -> p.tags() != null && p.tags().stream().anyMatch(tag);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("served")
    void matchesWhatTheCollectionsHold(String method, Object[] args, Predicate<Post> oracle) {
        List<Post> expected = posts.stream().filter(oracle).toList();
        assertThat(expected).isNotEmpty().hasSizeLessThan(posts.size());
        @SuppressWarnings("unchecked")
        List<Post> found = (List<Post>) create(PostQueries.class, method).execute(args);
        assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void containingIsItemEqualityThroughAny() {
        assertThat(create(PostQueries.class, "findByTagsContaining").createQuery(new Object[] {"vip"}).filter())
                .hasToString(io.jazmin.data.Filter.any("tags", io.jazmin.data.Filter.eq(io.jazmin.data.Filter.ITEM, "vip"))
                        .toString());
        long expected = posts.stream().filter(has(t -> t.equals("new"))).filter(p -> p.id() > 30).count();
        assertThat(create(PostQueries.class, "countByTagsContainingAndIdGreaterThan").execute(new Object[] {"new", 30L}))
                .isEqualTo(expected);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("findByNotesContaining", "stored as a json column; mark it @JazminNested"),
                Arguments.of("findByTagsGreaterThan", "keyword GreaterThan does not apply to the collection"),
                Arguments.of("findByTagsStartingWith", "keyword StartingWith does not apply to the collection"),
                Arguments.of("findByTagsInIgnoreCase", "IgnoreCase with In"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void refusedAtCreationNamingMethodAndKeyword(String method, String message) {
        assertThatThrownBy(() -> create(RefusedPostQueries.class, method))
                .isInstanceOf(UnsupportedQueryException.class)
                .hasMessageContaining("RefusedPostQueries." + method)
                .hasMessageContaining(message);
    }

    private JazminPartTreeQuery create(Class<?> repository, String name) {
        Method method = Arrays.stream(repository.getMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow();
        SpelAwareProxyProjectionFactory factory = new SpelAwareProxyProjectionFactory();
        QueryMethod queryMethod = new QueryMethod(method, new DefaultRepositoryMetadata(repository), factory);
        return new JazminPartTreeQuery(queryMethod, template, factory, repository);
    }
}
