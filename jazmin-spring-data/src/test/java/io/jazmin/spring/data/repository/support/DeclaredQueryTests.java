package io.jazmin.spring.data.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.Query;
import io.jazmin.spring.data.repository.query.UnsupportedQueryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.core.support.PropertiesBasedNamedQueries;
import org.springframework.data.repository.query.Param;

/** {@code @Query} and named queries against an in-memory oracle of the same players. */
class DeclaredQueryTests {
    enum Level { LOW, HIGH }

    record Player(@JazminId long id, String name, @JazminColumn(name = "nation") String country, int age,
                  Level level) {
    }

    interface NameOnly {
        String getName();
    }

    interface Players extends JazminRepository<Player, Long> {
        @Query("{\"country\": ?0, \"age\": {\"gte\": :min}}")
        List<Player> inCountryFrom(String country, @Param("min") int min, Sort sort);

        @Query("{\"nation\": ?0}")
        Page<Player> pageOf(String country, Pageable page);

        @Query("{\"nation\": ?0}")
        Slice<Player> sliceOf(String country, Pageable page);

        @Query(value = "{\"age\": {\"gt\": ?0}}", count = true)
        long countOlderThan(int age);

        @Query(value = "{\"name\": {\"startsWith\": ?0}}", exists = true)
        boolean anyNamedLike(String prefix);

        @Query(value = "{\"id\": {\"in\": ?0}}", delete = true)
        long removeIds(Collection<Long> ids);

        @Query(value = "{\"level\": ?0, \"age\": {\"lt\": 20}}", delete = true)
        List<Player> removeYoung(Level level);

        @Query("{\"or\": [{\"name\": ?0}, {\"id\": {\"in\": [?1, ?2]}}]}")
        List<Player> namedOrIds(String name, long a, long b);

        @Query("{\"name\": ?0}")
        Optional<Player> byName(String name);

        @Query("{\"name\": ?0}")
        List<Player> allNamed(String name);

        @Query("{\"age\": {\"lt\": ?0}}")
        List<NameOnly> namesYoungerThan(int age, Sort sort, Limit limit);

        @Query("{\"level\": \"HIGH\"}")
        Window<Player> scrollHigh(ScrollPosition position, Sort sort, Limit limit);

        List<Player> adults(Sort sort);

        long countAdults();

        @Query(count = true)
        long seniors();
    }

    interface BadColumn extends JazminRepository<Player, Long> {
        @Query("{\"shoeSize\": ?0}")
        List<Player> bySize(int size);
    }

    interface BadJson extends JazminRepository<Player, Long> {
        @Query("{\"name\": ")
        List<Player> broken(String name);
    }

    interface BadPlaceholder extends JazminRepository<Player, Long> {
        @Query("{\"name\": ?1}")
        List<Player> tooFar(String name);
    }

    interface BadName extends JazminRepository<Player, Long> {
        @Query("{\"name\": :nick}")
        List<Player> unnamed(@Param("name") String name);
    }

    interface BadOperator extends JazminRepository<Player, Long> {
        @Query("{\"age\": {\"contains\": ?0}}")
        List<Player> ageContains(String text);
    }

    interface MissingNamed extends JazminRepository<Player, Long> {
        @Query(exists = true)
        boolean nowhere();
    }

    interface NullOrder extends JazminRepository<Player, Long> {
        @Query("{\"age\": {\"gt\": ?0}}")
        List<Player> olderThan(Integer age);
    }

    @TempDir
    Path dir;

    final List<Player> oracle = new ArrayList<>();
    JazminRepositoryFactory factory;
    Players players;

    @BeforeEach
    void setUp() {
        Random random = new Random(14);
        String[] countries = {"NA", "ZA", "KE", null};
        for (int i = 1; i <= 300; i++) {
            String name = random.nextInt(20) == 0 ? null : "p" + random.nextInt(60);
            oracle.add(new Player(i, name, countries[random.nextInt(countries.length)], 10 + random.nextInt(70),
                    Level.values()[random.nextInt(2)]));
        }
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("players", dir.resolve("players.jzm"))
                .withCreateIfMissing(true)));
        factory = new JazminRepositoryFactory(new JazminTemplate(files, new JazminMappingContext()));
        Properties named = new Properties();
        named.setProperty("Player.adults", "{\"age\": {\"gte\": 18}}");
        named.setProperty("Player.countAdults", "{\"age\": {\"gte\": 18}}");
        named.setProperty("Player.seniors", "{\"age\": {\"gte\": 65}}");
        factory.setNamedQueries(new PropertiesBasedNamedQueries(named));
        players = factory.getRepository(Players.class);
        players.saveAll(oracle);
    }

    private List<Player> where(Predicate<Player> p, Comparator<Player> order) {
        return oracle.stream().filter(p).sorted(order).toList();
    }

    private static final Comparator<Player> BY_ID = Comparator.comparingLong(Player::id);

    @Test
    void bindsIndexedAndNamedPlaceholdersWithPropertyNames() {
        Comparator<Player> order = Comparator.comparingInt(Player::age).reversed().thenComparing(BY_ID);
        assertThat(players.inCountryFrom("NA", 40, Sort.by(Sort.Order.desc("age"), Sort.Order.asc("id"))))
                .isEqualTo(where(p -> "NA".equals(p.country()) && p.age() >= 40, order));
    }

    @Test
    void pagesAndSlicesWithTheirTotals() {
        Page<Player> page = players.pageOf("ZA", PageRequest.of(1, 7, Sort.by("id")));
        List<Player> all = where(p -> "ZA".equals(p.country()), BY_ID);
        assertThat(page.getContent()).isEqualTo(all.subList(7, 14));
        assertThat(page.getTotalElements()).isEqualTo(all.size());
        Slice<Player> last = players.sliceOf("ZA", PageRequest.of(all.size() / 7, 7, Sort.by("id")));
        assertThat(last.getContent()).isEqualTo(all.subList(all.size() / 7 * 7, all.size()));
        assertThat(last.hasNext()).isFalse();
        assertThat(players.sliceOf("ZA", PageRequest.of(0, 7, Sort.by("id"))).hasNext()).isTrue();
    }

    @Test
    void countsAndChecksExistence() {
        assertThat(players.countOlderThan(50)).isEqualTo(where(p -> p.age() > 50, BY_ID).size());
        assertThat(players.anyNamedLike("p5")).isTrue();
        assertThat(players.anyNamedLike("q")).isFalse();
    }

    @Test
    void deletesByIdsAndReturnsDeletedEntities() {
        assertThat(players.removeIds(List.of(1L, 2L, 3L, 1000L))).isEqualTo(3);
        List<Player> young = where(p -> p.id() > 3 && p.level() == Level.LOW && p.age() < 20, BY_ID);
        assertThat(players.removeYoung(Level.LOW)).containsExactlyInAnyOrderElementsOf(young);
        assertThat(players.count()).isEqualTo(oracle.size() - 3 - young.size());
        assertThat(players.removeIds(List.of())).isZero();
    }

    @Test
    void placeholdersInsideArraysAndNullAsIsNull() {
        assertThat(players.namedOrIds("p7", 5, 9).stream().sorted(BY_ID).toList())
                .isEqualTo(where(p -> "p7".equals(p.name()) || p.id() == 5 || p.id() == 9, BY_ID));
        assertThat(players.allNamed(null).stream().sorted(BY_ID).toList())
                .isEqualTo(where(p -> p.name() == null, BY_ID)).isNotEmpty();
        assertThatThrownBy(() -> factory.getRepository(NullOrder.class).olderThan(null))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("NullOrder.olderThan").hasMessageContaining("?0").hasMessageContaining("'gt'");
    }

    @Test
    void singleResultsAndProjections() {
        Player unique = oracle.stream().filter(p -> p.name() != null)
                .filter(p -> oracle.stream().filter(q -> p.name().equals(q.name())).count() == 1).findFirst()
                .orElseThrow();
        assertThat(players.byName(unique.name())).contains(unique);
        assertThat(players.byName("nobody")).isEmpty();
        assertThat(players.namesYoungerThan(30, Sort.by("id"), Limit.of(5))).extracting(NameOnly::getName)
                .isEqualTo(where(p -> p.age() < 30, BY_ID).stream().limit(5).map(Player::name).toList());
    }

    @Test
    void keysetWindowsCoverEveryMatch() {
        List<Player> seen = new ArrayList<>();
        ScrollPosition position = ScrollPosition.keyset();
        Window<Player> window;
        do {
            window = players.scrollHigh(position, Sort.by("age"), Limit.of(40));
            window.forEach(seen::add);
            position = window.isEmpty() ? position : window.positionAt(window.size() - 1);
        } while (window.hasNext());
        assertThat(seen).isEqualTo(where(p -> p.level() == Level.HIGH,
                Comparator.comparingInt(Player::age).thenComparing(BY_ID)));
    }

    @Test
    void namedQueriesByEntityAndMethodName() {
        Comparator<Player> byName = Comparator.comparing(Player::name, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(BY_ID);
        assertThat(players.adults(Sort.by("name", "id"))).isEqualTo(where(p -> p.age() >= 18, byName));
        assertThat(players.countAdults()).isEqualTo(where(p -> p.age() >= 18, BY_ID).size());
        assertThat(players.seniors()).isEqualTo(where(p -> p.age() >= 65, BY_ID).size());
    }

    @Test
    void invalidDeclarationsFailWhenTheRepositoryIsCreated() {
        assertRefused(BadColumn.class, "BadColumn.bySize", "no column or property 'shoeSize'", "nation");
        assertRefused(BadJson.class, "BadJson.broken", "not valid JSON");
        assertRefused(BadPlaceholder.class, "BadPlaceholder.tooFar", "?1", "1 bindable parameter");
        assertRefused(BadName.class, "BadName.unnamed", ":nick");
        assertRefused(BadOperator.class, "BadOperator.ageContains", "'contains' needs a String property");
        assertRefused(MissingNamed.class, "MissingNamed.nowhere", "Player.nowhere");
    }

    private void assertRefused(Class<?> repository, String... texts) {
        assertThatThrownBy(() -> factory.getRepository(repository)).satisfies(e -> {
            Throwable cause = Stream.iterate(e, t -> t != null, Throwable::getCause)
                    .filter(UnsupportedQueryException.class::isInstance).findFirst().orElseThrow(() -> e);
            assertThat(cause).isInstanceOf(UnsupportedQueryException.class);
            for (String text : texts) {
                assertThat(cause.getMessage()).contains(text);
            }
        });
    }
}
