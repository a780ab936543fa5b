package io.jazmin.spring.data.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Derived {@code In}/{@code NotIn} queries whose argument holds {@code null} (issue 34): a null item
 * matches no row, as in the reference libraries, on scalar and list properties, from collections and
 * arrays; every answer equals the same test on the saved entities in memory.
 */
class InListWithNullTests {
    record Fan(@JazminId Long id, @JazminColumn(name = "nation") String country, Integer age,
               @JazminNested List<String> tags) {
    }

    interface Fans extends JazminRepository<Fan, Long> {
        List<Fan> findByCountryIn(Collection<String> countries);

        List<Fan> findByCountryNotIn(Collection<String> countries);

        List<Fan> findByAgeIn(Integer... ages);

        List<Fan> findByTagsIn(Collection<String> tags);

        long countByCountryIn(Collection<String> countries);
    }

    /** The saved fans: a fixed mix of countries, ages and tags, nulls included. */
    private static final List<Fan> SAVED = saved();

    private Fans fans;

    private static List<Fan> saved() {
        Random random = new Random(11);
        String[] countries = {"NA", "ZA", "BW", null};
        List<Fan> out = new ArrayList<>();
        for (long i = 1; i <= 120; i++) {
            List<String> tags = random.nextInt(5) == 0 ? null : Arrays.asList("t" + random.nextInt(3), null);
            out.add(new Fan(i, countries[random.nextInt(countries.length)],
                    random.nextInt(5) == 0 ? null : 18 + random.nextInt(6), tags));
        }
        return out;
    }

    @BeforeEach
    void saveThem(@TempDir Path dir) {
        fans = new JazminRepositoryFactory(new JazminTemplate(new JazminFiles(List.of(JazminFileDefinition.of("fans",
                dir.resolve("fans.jzm")).withCreateIfMissing(true))), new JazminMappingContext())).getRepository(Fans.class);
        fans.saveAll(SAVED);
    }

    @Test
    void aNullInTheListMatchesNoRow() {
        assertThat(ids(fans.findByCountryIn(Arrays.asList("BW", null))))
                .isEqualTo(where(f -> "BW".equals(f.country()))).isNotEmpty();
        assertThat(ids(fans.findByCountryIn(Arrays.asList((String) null)))).isEmpty();
        assertThat(fans.countByCountryIn(Arrays.asList("ZA", null, "NA")))
                .isEqualTo(where(f -> "ZA".equals(f.country()) || "NA".equals(f.country())).size());
        assertThat(ids(fans.findByAgeIn(20, null, 22)))
                .isEqualTo(where(f -> Objects.equals(f.age(), 20) || Objects.equals(f.age(), 22))).isNotEmpty();
    }

    @Test
    void notInWithANullKeepsEveryOtherRowNullCellsIncluded() {
        assertThat(ids(fans.findByCountryNotIn(Arrays.asList("BW", null))))
                .isEqualTo(where(f -> !"BW".equals(f.country())))
                .containsAll(where(f -> f.country() == null));
    }

    @Test
    void onAListPropertyANullInTheArgumentMatchesNoItemNotEvenANullOne() {
        assertThat(ids(fans.findByTagsIn(Arrays.asList("t1", null))))
                .isEqualTo(where(f -> f.tags() != null && f.tags().contains("t1"))).isNotEmpty();
        assertThat(ids(fans.findByTagsIn(Arrays.asList((String) null)))).isEmpty();
    }

    private List<Long> where(Predicate<Fan> p) {
        return SAVED.stream().filter(p).map(Fan::id).sorted().toList();
    }

    private static List<Long> ids(List<Fan> found) {
        return found.stream().sorted(Comparator.comparing(Fan::id)).map(Fan::id).toList();
    }
}
