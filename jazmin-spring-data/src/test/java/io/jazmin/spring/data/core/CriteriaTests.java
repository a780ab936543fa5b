package io.jazmin.spring.data.core;

import static io.jazmin.spring.data.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.mapping.annotation.JazminColumn;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.spring.data.core.query.Query;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * Criteria queries through the template against an in-memory oracle: random rows, random criteria,
 * each compared with the same condition written as a plain Java predicate over the same list.
 */
class CriteriaTests {
    /** {@code country} is stored in column {@code cc}: criteria name members, not columns. */
    record Customer(@JazminId long id, String name, Integer age, @JazminColumn(name = "cc") String country) {
    }

    private static final String[] NAMES = {"Ann", "anna", "Bob", "BOBBY", "Carla", "carl", "Dana", "Éva", "Zoë", ""};
    private static final String[] COUNTRIES = {"NA", "EU", "eu", "AS", null};
    private static final int ROWS = 300;

    @TempDir
    Path dir;
    private JazminFiles files;
    private JazminTemplate template;
    private final List<Customer> rows = new ArrayList<>();

    @BeforeEach
    void fill() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("customers", dir.resolve("customers.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        Random random = new Random(14);
        for (long id = 0; id < ROWS; id++) {
            rows.add(new Customer(id, random.nextInt(12) == 0 ? null : NAMES[random.nextInt(NAMES.length)],
                    random.nextInt(10) == 0 ? null : random.nextInt(80),
                    COUNTRIES[random.nextInt(COUNTRIES.length)]));
        }
        template.insert(rows);
    }

    @AfterEach
    void close() {
        files.destroy();
    }

    /** A criteria and the predicate that must select the same rows. */
    private record Case(Criteria criteria, Predicate<Customer> oracle) {
    }

    private static Case randomCase(Random random, int depth) {
        if (depth > 0 && random.nextInt(3) == 0) {
            Case a = randomCase(random, depth - 1);
            Case b = randomCase(random, depth - 1);
            return random.nextBoolean() ? new Case(a.criteria().or(b.criteria()), a.oracle().or(b.oracle()))
                    : new Case(a.criteria().and(b.criteria()), a.oracle().and(b.oracle()));
        }
        Case first = condition(random);
        if (random.nextBoolean()) { // a chain: where(..).op(..).and(..).op(..)
            Case second = condition(random);
            return new Case(Criteria.allOf(first.criteria(), second.criteria()), first.oracle().and(second.oracle()));
        }
        return first;
    }

    private static Case condition(Random random) {
        int age = random.nextInt(80);
        String name = NAMES[random.nextInt(NAMES.length)];
        String part = name.isEmpty() ? "" : name.substring(0, 1 + random.nextInt(Math.min(2, name.length())));
        String country = COUNTRIES[random.nextInt(COUNTRIES.length - 1)];
        return switch (random.nextInt(19)) {
            case 0 -> new Case(where("age").is(age), c -> c.age() != null && c.age() == age);
            case 1 -> new Case(where("age").ne(age), c -> c.age() != null && c.age() != age);
            case 2 -> new Case(where("age").lt(age), c -> c.age() != null && c.age() < age);
            case 3 -> new Case(where("age").lte(age), c -> c.age() != null && c.age() <= age);
            case 4 -> new Case(where("age").gt(age), c -> c.age() != null && c.age() > age);
            case 5 -> new Case(where("age").gte(age), c -> c.age() != null && c.age() >= age);
            case 6 -> new Case(where("country").in(country, "AS"),
                    c -> country.equals(c.country()) || "AS".equals(c.country()));
            case 7 -> new Case(where("country").nin(List.of(country)), c -> !country.equals(c.country()));
            case 8 -> new Case(where("name").isNull(), c -> c.name() == null);
            case 9 -> new Case(where("country").isNotNull(), c -> c.country() != null);
            case 10 -> new Case(where("name").startsWith(part), c -> c.name() != null && c.name().startsWith(part));
            case 11 -> new Case(where("name").endsWith(part), c -> c.name() != null && c.name().endsWith(part));
            case 12 -> new Case(where("name").contains(part), c -> c.name() != null && c.name().contains(part));
            case 13 -> new Case(where("name").is(name).ignoreCase(), c -> c.name() != null && c.name().equalsIgnoreCase(name));
            case 14 -> new Case(where("name").startsWith(part).ignoreCase(),
                    c -> c.name() != null && lower(c.name()).startsWith(lower(part)));
            case 15 -> new Case(where("name").contains(part).ignoreCase(),
                    c -> c.name() != null && lower(c.name()).contains(lower(part)));
            case 16 -> new Case(where("country").is(country).ignoreCase().and("age").gt(age),
                    c -> c.country() != null && c.country().equalsIgnoreCase(country) && c.age() != null && c.age() > age);
            case 17 -> new Case(where("name").endsWith(part).ignoreCase(),
                    c -> c.name() != null && lower(c.name()).endsWith(lower(part)));
            default -> new Case(where("country").is(country), c -> country.equals(c.country()));
        };
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    @Test
    void randomCriteriaSelectWhatThePredicateSelects() {
        Random random = new Random(2026);
        for (int i = 0; i < 150; i++) {
            Case c = randomCase(random, 2);
            List<Customer> expected = rows.stream().filter(c.oracle()).toList();
            assertThat(template.find(Query.query(c.criteria()), Customer.class)).as(c.criteria().toString())
                    .containsExactlyElementsOf(expected);
            assertThat(template.countMatching(c.criteria(), Customer.class)).as(c.criteria().toString())
                    .isEqualTo(expected.size());
            assertThat(template.existsMatching(c.criteria(), Customer.class)).isEqualTo(!expected.isEmpty());
        }
    }

    @Test
    void sortAndLimitNameMembers() {
        Criteria adults = where("age").gte(18).and("country").isNotNull();
        Comparator<Customer> byCountryThenIdDesc = Comparator.comparing(Customer::country)
                .thenComparing(Comparator.comparingLong(Customer::id).reversed());
        List<Customer> expected = rows.stream().filter(c -> c.age() != null && c.age() >= 18 && c.country() != null)
                .sorted(byCountryThenIdDesc).toList();
        Query query = Query.query(adults).with(Sort.by("country").and(Sort.by(Sort.Direction.DESC, "id")));
        assertThat(template.find(query.limit(7), Customer.class)).containsExactlyElementsOf(expected.subList(0, 7));
        assertThat(template.find(query.skip(5).limit(3), Customer.class)).containsExactlyElementsOf(expected.subList(5, 8));
        var page = template.page(query, PageRequest.of(2, 10), Customer.class);
        assertThat(page.getTotalElements()).isEqualTo(expected.size());
        assertThat(page.getContent()).containsExactlyElementsOf(expected.subList(20, 30));
        try (var stream = template.stream(query.limit(4), Customer.class)) {
            assertThat(stream.toList()).containsExactlyElementsOf(expected.subList(0, 4));
        }
    }

    @Test
    void findOneAndDeleteUseTheCriteria() {
        Customer first = rows.get(0);
        assertThat(template.findOne(where("id").is(first.id()), Customer.class)).contains(first);
        long eu = rows.stream().filter(c -> c.country() != null && c.country().equalsIgnoreCase("eu")).count();
        assertThat(template.deleteMatching(where("country").is("EU").ignoreCase(), Customer.class)).isEqualTo(eu);
        assertThat(template.countMatching(Criteria.empty(), Customer.class)).isEqualTo(ROWS - eu);
        assertThat(template.existsMatching(where("country").is("eu"), Customer.class)).isFalse();
    }

    @Test
    void unknownMembersAndMisusedOperatorsFailNamingThem() {
        assertThatThrownBy(() -> template.find(Query.query(where("agee").gt(3)), Customer.class))
                .isInstanceOf(PropertyReferenceException.class).hasMessageContaining("agee");
        assertThatThrownBy(() -> template.countMatching(where("cc").is("NA"), Customer.class))
                .as("a column name is not a member").isInstanceOf(PropertyReferenceException.class)
                .hasMessageContaining("cc");
        assertThatThrownBy(() -> template.find(Query.query(Criteria.empty()).with(Sort.by("nme")), Customer.class))
                .isInstanceOf(PropertyReferenceException.class).hasMessageContaining("nme");
        assertThatThrownBy(() -> template.countMatching(where("age").startsWith("1"), Customer.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("'age' is Integer");
        assertThatThrownBy(() -> where("age").gt(3).ignoreCase())
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("ignoreCase()");
        assertThatThrownBy(() -> where("age").and("name"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("'age' has no condition");
        assertThatThrownBy(() -> Criteria.empty().is(3))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("needs a member");
    }
}
