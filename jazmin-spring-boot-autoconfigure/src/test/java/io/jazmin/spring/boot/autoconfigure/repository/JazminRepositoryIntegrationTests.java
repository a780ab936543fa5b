package io.jazmin.spring.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.spring.data.core.JazminOperations;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every supported keyword and return type against a 300-row file (issue 7). */
@SpringBootTest(classes = RepositoryTestApplication.class)
class JazminRepositoryIntegrationTests {
    static final List<Customer> ALL = Customer.all(300);

    @TempDir
    static Path dir;

    @Autowired
    CustomerRepository customers;

    @Autowired
    JazminOperations template;

    @DynamicPropertySource
    static void file(DynamicPropertyRegistry registry) {
        registry.add("jazmin.files.customers.path", () -> dir.resolve("customers.jzm").toString());
        registry.add("jazmin.files.customers.create-if-missing", () -> "true");
        registry.add("jazmin.files.customers.sorted-by", () -> "id");
    }

    @BeforeEach
    void seed() {
        if (customers.count() != ALL.size()) {
            customers.deleteAll();
            template.insert(ALL);
        }
    }

    static List<Customer> where(Predicate<Customer> p) {
        return ALL.stream().filter(p).toList();
    }

    @Test
    void equalityKeywordsAndPrefixes() {
        List<Customer> na = where(c -> c.country().equals("NA"));
        assertThat(customers.findByCountry("NA")).isEqualTo(na);
        assertThat(customers.readByCountryIs("NA")).isEqualTo(na);
        assertThat(customers.getByCountryEquals("NA")).isEqualTo(na);
        try (Stream<Customer> notNa = customers.streamByCountryNot("NA")) {
            assertThat(notNa.toList()).isEqualTo(where(c -> !c.country().equals("NA")));
        }
    }

    @Test
    void andOrAndComparisons() {
        assertThat(customers.queryByCountryAndAgeGreaterThan("NA", 60))
                .isEqualTo(where(c -> c.country().equals("NA") && c.age() > 60));
        assertThat(customers.searchByCountryOrAge("NA", 20))
                .isEqualTo(where(c -> c.country().equals("NA") || c.age() == 20));
        assertThat(customers.countByAgeLessThan(30)).isEqualTo(where(c -> c.age() < 30).size());
        assertThat(customers.countByAgeLessThanEqual(30)).isEqualTo(where(c -> c.age() <= 30).size());
        assertThat(customers.existsByAgeGreaterThanEqual(87)).isTrue();
        assertThat(customers.existsByAgeGreaterThanEqual(88)).isFalse();
        assertThat(customers.findByAgeBetween(20, 22)).isEqualTo(where(c -> c.age() >= 20 && c.age() <= 22));
        Instant at = Customer.EPOCH.plusSeconds(86_400L * 100);
        assertThat(customers.findByJoinedBefore(at)).isEqualTo(where(c -> c.joined().isBefore(at)));
        assertThat(customers.findByJoinedAfter(at)).isEqualTo(where(c -> c.joined().isAfter(at)));
    }

    @Test
    void inNullAndBooleans() {
        assertThat(customers.findByCountryIn(List.of("NA", "BW")))
                .isEqualTo(where(c -> List.of("NA", "BW").contains(c.country())));
        assertThat(customers.findByCountryNotIn(List.of("NA", "BW")))
                .isEqualTo(where(c -> !List.of("NA", "BW").contains(c.country())));
        assertThat(customers.findByNicknameIsNull()).isEqualTo(where(c -> c.nickname() == null));
        assertThat(customers.countByNicknameIsNotNull()).isEqualTo(where(c -> c.nickname() != null).size());
        assertThat(customers.countByActiveTrue()).isEqualTo(where(Customer::active).size());
        assertThat(customers.countByActiveFalse()).isEqualTo(where(c -> !c.active()).size());
    }

    @Test
    void textKeywords() {
        assertThat(customers.findByNameLike("%Ndlovu%")).isEqualTo(where(c -> c.name().contains("Ndlovu")));
        assertThat(customers.findByNameLike("Ann%")).isEqualTo(where(c -> c.name().startsWith("Ann")));
        assertThat(customers.findByNameLike("Ann Smith")).isEqualTo(where(c -> c.name().equals("Ann Smith")));
        assertThat(customers.findByNameNotLike("%Ndlovu%")).isEqualTo(where(c -> !c.name().contains("Ndlovu")));
        assertThat(customers.findByNameStartingWith("Bob")).isEqualTo(where(c -> c.name().startsWith("Bob")));
        assertThat(customers.findByNameContaining("van")).isEqualTo(where(c -> c.name().contains("van")));
        assertThat(customers.findByNameNotContaining("van")).isEqualTo(where(c -> !c.name().contains("van")));
        assertThat(customers.findByNameContainingIgnoreCase("NDLOVU"))
                .isEqualTo(where(c -> c.name().contains("Ndlovu")));
        assertThat(customers.findByNameEndingWith("Smith")).isEqualTo(where(c -> c.name().endsWith("Smith")));
        assertThat(customers.findByNameIgnoreCase("ANN SMITH"))
                .isEqualTo(where(c -> c.name().equalsIgnoreCase("ann smith")));
        assertThat(customers.findByNameStartingWithIgnoreCase("bob"))
                .isEqualTo(where(c -> c.name().toLowerCase(java.util.Locale.ROOT).startsWith("bob")));
    }

    @Test
    void topFirstDistinctAndSingleResults() {
        assertThat(customers.findTop5ByCountryOrderByAgeDescIdAsc("NA")).isEqualTo(ALL.stream()
                .filter(c -> c.country().equals("NA"))
                .sorted(Comparator.comparingInt(Customer::age).reversed().thenComparingLong(Customer::id))
                .limit(5).toList());
        assertThat(customers.findFirstByOrderByBalanceDesc())
                .isEqualTo(ALL.stream().max(Comparator.comparingDouble(Customer::balance)).orElseThrow());
        assertThat(customers.findDistinctByAgeGreaterThan(80)).extracting(Views.CountryView::country)
                .containsExactlyElementsOf(where(c -> c.age() > 80).stream().map(Customer::country).distinct()
                        .toList());
        assertThat(customers.findByEmail("user7@example.com")).contains(ALL.get(7));
        assertThat(customers.findByEmail("nobody@example.com")).isEmpty();
        assertThat(customers.getByEmail("user8@example.com")).isEqualTo(ALL.get(8));
        assertThatThrownBy(() -> customers.findByAge(20)).isInstanceOf(IncorrectResultSizeDataAccessException.class);
        assertThat(customers.findById(42L)).contains(ALL.get(42));
        assertThat(customers.existsById(299L)).isTrue();
        assertThat(customers.findAllById(List.of(3L, 5L))).containsExactly(ALL.get(3), ALL.get(5));
    }

    @Test
    void pagesSlicesSortsAndLimits() {
        List<Customer> na = where(c -> c.country().equals("NA"));
        Page<Customer> page = customers.findByCountry("NA", PageRequest.of(1, 10, Sort.by("age", "id")));
        assertThat(page.getTotalElements()).isEqualTo(na.size());
        assertThat(page.getContent()).isEqualTo(na.stream()
                .sorted(Comparator.comparingInt(Customer::age).thenComparingLong(Customer::id)).skip(10).limit(10)
                .toList());
        Slice<Customer> slice = customers.findByActiveTrue(PageRequest.of(0, 15));
        assertThat(slice.getContent()).isEqualTo(where(Customer::active).subList(0, 15));
        assertThat(slice.hasNext()).isTrue();
        assertThat(customers.findByCountry("NA", Sort.by(Sort.Direction.DESC, "balance"))).isEqualTo(na.stream()
                .sorted(Comparator.comparingDouble(Customer::balance).reversed()).toList());
        assertThat(customers.findByCountry("NA", Limit.of(3))).isEqualTo(na.subList(0, 3));
        assertThat(customers.findAll(PageRequest.of(2, 10, Sort.by("id"))).getContent())
                .isEqualTo(ALL.subList(20, 30));
        assertThat(customers.findAll(Sort.by(Sort.Direction.DESC, "id")).get(0)).isEqualTo(ALL.get(299));
    }

    @Test
    void scrollsByOffsetAndKeyset() {
        List<Customer> expected = ALL.stream().filter(c -> c.country().equals("NA"))
                .sorted(Comparator.comparingInt(Customer::age).thenComparingLong(Customer::id)).toList();
        for (ScrollPosition start : List.of(ScrollPosition.offset(), ScrollPosition.keyset())) {
            Window<Customer> window = customers.findFirst10ByCountryOrderByAgeAsc("NA", start);
            assertThat(window.getContent()).isEqualTo(expected.subList(0, 10));
            Window<Customer> next = customers.findFirst10ByCountryOrderByAgeAsc("NA",
                    window.positionAt(window.size() - 1));
            assertThat(next.getContent()).isEqualTo(expected.subList(10, 20));
            assertThat(next.hasNext()).isTrue();
        }
    }

    @Test
    void projectionsReadOnlyTheirColumns() {
        List<Views.NameOnly> names = customers.findByAgeGreaterThan(85);
        assertThat(names).extracting(Views.NameOnly::getName)
                .isEqualTo(where(c -> c.age() > 85).stream().map(Customer::name).toList());
        assertThat(names).extracting(Views.NameOnly::getAge).allMatch(age -> age > 85);
        assertThat(customers.findByIdLessThan(3)).containsExactly(new Views.NameAndCountry("Ann Smith", "ZA"),
                new Views.NameAndCountry(ALL.get(1).name(), ALL.get(1).country()),
                new Views.NameAndCountry(ALL.get(2).name(), ALL.get(2).country()));
        assertThat(customers.findByIdBetween(1, 2, Views.CountryView.class))
                .containsExactly(new Views.CountryView(ALL.get(1).country()), new Views.CountryView(ALL.get(2).country()));
        Page<Views.NameAndCountry> page = customers.findByActive(true, PageRequest.of(0, 5, Sort.by("age")));
        assertThat(page.getTotalElements()).isEqualTo(where(Customer::active).size());
        assertThat(page.getContent()).extracting(Views.NameAndCountry::name).isEqualTo(ALL.stream()
                .filter(Customer::active).sorted(Comparator.comparingInt(Customer::age)).limit(5)
                .map(Customer::name).toList());
    }

    /** The current version of the customers file as a fresh reader sees it. */
    static JazminReader reader() {
        return JazminReader.open(dir.resolve("customers.jzm"));
    }

    static String fileId() {
        try (JazminReader r = reader()) {
            return r.fileId();
        }
    }

    @Test
    void writesChangeTheFileInPlace() {
        customers.compact();
        String fileId = fileId();
        // New ids after the last one: appended, though the file is sorted by id.
        Customer added = Customer.of(300);
        customers.saveAll(List.of(added, Customer.of(301)));
        assertThat(customers.findById(300L)).contains(added);
        customers.save(Customer.of(302));
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.appendCount()).isEqualTo(2);
        }
        // Replacing the last row keeps the order: an upsert in place.
        Customer last = new Customer(302, "Last One", "last@example.com", "ZA", 40, 2.5, Customer.EPOCH, true, null);
        customers.save(last);
        customers.deleteById(301L);
        customers.deleteAll(List.of(added));
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.appendCount()).isEqualTo(5);
            assertThat(r.table().deletedRowCount()).isEqualTo(3);
        }
        assertThat(customers.findById(302L)).contains(last);
        assertThat(customers.existsById(301L)).isFalse();
        assertThat(customers.count()).isEqualTo(301);
        customers.deleteAllById(List.of(302L));
        long na = where(c -> c.country().equals("NA")).size();
        assertThat(customers.deleteByCountry("NA")).isEqualTo(na);
        assertThat(customers.removeByAge(30)).isEqualTo(where(c -> c.age() == 30 && !c.country().equals("NA")));
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).isEqualTo(fileId);
            assertThat(r.table().deletedRowCount()).isEqualTo(4 + na + where(c -> c.age() == 30
                    && !c.country().equals("NA")).size());
        }
        assertThat(customers.findByCountry("NA")).isEmpty();
        assertThat(customers.countByAgeLessThanEqual(30)).isEqualTo(where(c -> c.age() < 30
                && !c.country().equals("NA")).size());
        List<Customer> before = customers.findAll();
        customers.compact();
        try (JazminReader r = reader()) {
            assertThat(r.appendCount()).isZero();
            assertThat(r.table().deletedRowCount()).isZero();
            assertThat(r.table().sortedBy()).containsExactly("id");
        }
        assertThat(customers.findAll()).isEqualTo(before);
        customers.deleteAll();
        assertThat(customers.count()).isZero();
    }

    @Test
    void writesOutOfOrderInASortedFileRewriteIt() {
        String fileId = fileId();
        Customer changed = new Customer(10, "Zed Zulu", "zed@example.com", "ZA", 99, 1.5, Customer.EPOCH, true, null);
        customers.save(changed);
        try (JazminReader r = reader()) {
            assertThat(r.fileId()).as("id 10 cannot be appended after id 299").isNotEqualTo(fileId);
            assertThat(r.appendCount()).isZero();
            assertThat(r.table().deletedRowCount()).isZero();
        }
        assertThat(customers.findById(10L)).contains(changed);
        assertThat(customers.count()).isEqualTo(300);
        assertThat(customers.findAll()).extracting(Customer::id).isSorted();
        customers.delete(changed);
        assertThat(customers.existsById(10L)).isFalse();
        customers.save(Customer.of(10));
        assertThat(customers.findAll()).isEqualTo(ALL);
    }

    @Test
    void templateServesNamedFiles() {
        assertThat(template.count("customers", Filter.eq("country", "NA")))
                .isEqualTo(where(c -> c.country().equals("NA")).size());
        assertThat(template.find("customers", io.jazmin.spring.data.core.query.JazminQuery.where(Filter.eq("id", 3L))
                .withSelect(List.of("id", "name")))).containsExactly(java.util.Map.of("id", 3L, "name", ALL.get(3).name()));
        assertThat(template.findOne(Filter.eq("id", 4L), Customer.class)).isEqualTo(Optional.of(ALL.get(4)));
    }
}
