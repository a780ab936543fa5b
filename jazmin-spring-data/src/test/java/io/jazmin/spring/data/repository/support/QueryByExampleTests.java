package io.jazmin.spring.data.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.data.domain.ExampleMatcher.GenericPropertyMatchers.contains;
import static org.springframework.data.domain.ExampleMatcher.GenericPropertyMatchers.endsWith;
import static org.springframework.data.domain.ExampleMatcher.GenericPropertyMatchers.startsWith;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminNested;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/** Query by Example against an in-memory oracle of the same fans. */
class QueryByExampleTests {
    record Fan(@JazminId Long id, String name, @JazminColumn(name = "nation") String country, Integer age,
               @JazminNested List<String> tags) {
    }

    interface NameOnly {
        String getName();
    }

    interface Fans extends JazminRepository<Fan, Long> {
    }

    private static final String[] NAMES = {"Ann", "anna", "Bob", "Annabel", "BOBBY", "Carla", null};
    private static final Comparator<Fan> BY_ID = Comparator.comparing(Fan::id);

    @TempDir
    Path dir;

    final List<Fan> oracle = new ArrayList<>();
    Fans fans;

    @BeforeEach
    void setUp() {
        Random random = new Random(7);
        String[] countries = {"NA", "ZA", "na", null};
        for (long i = 1; i <= 200; i++) {
            oracle.add(new Fan(i, NAMES[random.nextInt(NAMES.length)], countries[random.nextInt(countries.length)],
                    random.nextInt(6) == 0 ? null : 18 + random.nextInt(10), List.of("t" + random.nextInt(3))));
        }
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("fans", dir.resolve("fans.jzm"))
                .withCreateIfMissing(true)));
        fans = new JazminRepositoryFactory(new JazminTemplate(files, new JazminMappingContext()))
                .getRepository(Fans.class);
        fans.saveAll(oracle);
    }

    private List<Fan> where(Predicate<Fan> p) {
        return oracle.stream().filter(p).sorted(BY_ID).toList();
    }

    private List<Fan> found(Example<Fan> example) {
        return fans.findAll(example, Sort.by("id"));
    }

    private static Fan probe(String name, String country, Integer age) {
        return new Fan(null, name, country, age, List.of());
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    @Test
    void matchesAllSetMembersExactly() {
        assertThat(found(Example.of(probe("Ann", "NA", null))))
                .isEqualTo(where(f -> "Ann".equals(f.name()) && "NA".equals(f.country()))).isNotEmpty();
        assertThat(found(Example.of(probe(null, null, 20)))).isEqualTo(where(f -> Integer.valueOf(20).equals(f.age())));
        assertThat(found(Example.of(probe(null, null, null)))).isEqualTo(where(f -> true));
    }

    @Test
    void matchesAnyMember() {
        assertThat(found(Example.of(probe("Bob", "ZA", null), ExampleMatcher.matchingAny())))
                .isEqualTo(where(f -> "Bob".equals(f.name()) || "ZA".equals(f.country())));
    }

    @Test
    void ignoresCaseEverywhereOrPerPath() {
        assertThat(found(Example.of(probe("ANN", null, null), ExampleMatcher.matching().withIgnoreCase())))
                .isEqualTo(where(f -> "ann".equals(lower(f.name()))));
        ExampleMatcher countryOnly = ExampleMatcher.matching().withIgnoreCase("country");
        assertThat(found(Example.of(probe("anna", "NA", null), countryOnly)))
                .isEqualTo(where(f -> "anna".equals(f.name()) && "na".equals(lower(f.country()))));
    }

    @Test
    void startingEndingAndContaining() {
        assertThat(found(Example.of(probe("Ann", null, null), ExampleMatcher.matching().withMatcher("name",
                startsWith())))).isEqualTo(where(f -> f.name() != null && f.name().startsWith("Ann")));
        assertThat(found(Example.of(probe("BY", null, null), ExampleMatcher.matching().withMatcher("name",
                endsWith().ignoreCase())))).isEqualTo(where(f -> f.name() != null && lower(f.name()).endsWith("by")));
        assertThat(found(Example.of(probe("nn", null, null), ExampleMatcher.matching().withStringMatcher(
                ExampleMatcher.StringMatcher.CONTAINING)))).isEqualTo(where(f -> f.name() != null
                && f.name().contains("nn")));
        assertThat(found(Example.of(probe("OB", null, null), ExampleMatcher.matching().withMatcher("name",
                contains().ignoreCase())))).isEqualTo(where(f -> f.name() != null && lower(f.name()).contains("ob")));
    }

    @Test
    void includedNullsAreIsNullAndIgnoredPathsAndTransformersApply() {
        ExampleMatcher nulls = ExampleMatcher.matching().withIncludeNullValues().withIgnorePaths("id", "country",
                "age");
        assertThat(found(Example.of(probe(null, null, null), nulls))).isEqualTo(where(f -> f.name() == null))
                .isNotEmpty();
        ExampleMatcher transformed = ExampleMatcher.matching().withIgnorePaths("name")
                .withTransformer("country", v -> v.map(c -> ((String) c).toUpperCase(Locale.ROOT)));
        assertThat(found(Example.of(probe("Bob", "za", null), transformed)))
                .isEqualTo(where(f -> "ZA".equals(f.country())));
    }

    @Test
    void countExistsAndSingleResults() {
        assertThat(fans.count(Example.of(probe("Carla", null, null)))).isEqualTo(where(f -> "Carla".equals(f.name()))
                .size());
        assertThat(fans.exists(Example.of(probe("Zed", null, null)))).isFalse();
        assertThat(fans.exists(Example.of(probe("Bob", null, null)))).isTrue();
        Fan first = oracle.get(0);
        assertThat(fans.findOne(Example.of(new Fan(first.id(), null, null, null, List.of())))).contains(first);
        assertThat(fans.findOne(Example.of(probe("Zed", null, null)))).isEmpty();
        assertThatThrownBy(() -> fans.findOne(Example.of(probe("Bob", null, null))))
                .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    }

    @Test
    void pagesAndFluentQueries() {
        List<Fan> bobs = where(f -> "Bob".equals(f.name()));
        Page<Fan> page = fans.findAll(Example.of(probe("Bob", null, null)), PageRequest.of(1, 5, Sort.by("id")));
        assertThat(page.getContent()).isEqualTo(bobs.subList(5, 10));
        assertThat(page.getTotalElements()).isEqualTo(bobs.size());
        Example<Fan> annas = Example.of(probe("anna", null, null), ExampleMatcher.matching().withMatcher("name",
                startsWith().ignoreCase()));
        List<Fan> expected = where(f -> f.name() != null && lower(f.name()).startsWith("anna")).stream()
                .sorted(BY_ID.reversed()).toList();
        List<NameOnly> names = fans.findBy(annas, q -> q.sortBy(Sort.by(Sort.Direction.DESC, "id")).limit(3)
                .as(NameOnly.class).all());
        assertThat(names).extracting(NameOnly::getName).isEqualTo(expected.stream().limit(3).map(Fan::name).toList());
        Fan newest = fans.findBy(annas, q -> q.sortBy(Sort.by(Sort.Direction.DESC, "id")).firstValue());
        assertThat(newest).isEqualTo(expected.get(0));
        long count = fans.findBy(annas, q -> q.count());
        assertThat(count).isEqualTo(expected.size());
        try (Stream<Fan> stream = fans.findBy(annas, q -> q.stream())) {
            assertThat(stream.sorted(BY_ID.reversed()).toList()).isEqualTo(expected);
        }
    }

    @Test
    void refusesRegexAndSetCollections() {
        assertThatThrownBy(() -> fans.findAll(Example.of(probe("A.*", null, null), ExampleMatcher.matching()
                .withStringMatcher(ExampleMatcher.StringMatcher.REGEX))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("regex")
                .hasMessageContaining("'name'");
        assertThatThrownBy(() -> fans.count(Example.of(new Fan(null, null, null, null, List.of("t1")))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("'tags'")
                .hasMessageContaining("withIgnorePaths");
    }
}
