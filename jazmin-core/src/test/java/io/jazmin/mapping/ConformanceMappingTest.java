package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.data.RowQuery;
import io.jazmin.testing.SharedFiles;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Issue 5: files written by the JavaScript reference read into records with the expected values. */
class ConformanceMappingTest {
    private static final String[] FIRST = {"Ann", "Bob", "Thabo", "Lerato", "Pieter", "Aisha", "Sipho", "Maria"};
    private static final String[] LAST = {"Smith", "Johnson", "Ndlovu", "Botha", "Naidoo", "Mokoena", "van Wyk",
            "Dlamini"};
    private static final String[] COUNTRIES = {"ZA", "NA", "BW", "ZW", "MZ", "LS", "SZ", "ZM"};
    private static final Instant EPOCH_2015 = Instant.parse("2015-01-01T00:00:00Z");

    record Customer(long id, String name, String email, String country, Integer age, Double balance, Instant joined,
                    Boolean active) {
    }

    record Contact(long id, String email) {
    }

    /** The benchmark-data.md generator. */
    static Customer expected(long i) {
        double balance = Math.round(((i * 7919) % 1_000_000) * 1.37) / 100.0;
        return new Customer(i, FIRST[(int) (i % 8)] + " " + LAST[(int) ((i * 7) % 8)], "user" + i + "@example.com",
                COUNTRIES[(int) ((i * 13) % 8)], (int) (18 + ((i * 31) % 70)), balance,
                EPOCH_2015.plus(i % 3650, ChronoUnit.DAYS), i % 3 != 0);
    }

    @Test
    void customersReadIntoRecords() {
        try (JazminReader reader = JazminReader.open(SharedFiles.conformanceCase("customers-200k").resolve("data.jzm"))) {
            ObjectTable<Customer> customers = JazminMapper.forType(Customer.class).table(reader);
            List<Customer> first = customers.stream().limit(1000).toList();
            for (int i = 0; i < first.size(); i++) {
                assertThat(first.get(i)).isEqualTo(expected(i));
            }
            assertThat(customers.get(146_000)).contains(expected(146_000));
            assertThat(customers.find(Filter.eq("id", 199_999L)).toList()).containsExactly(expected(199_999));
            assertThat(customers.stream().count()).isEqualTo(200_000);
            List<Customer> old = customers.find(Filter.eq("country", "NA").and(Filter.gt("age", 80)),
                    RowQuery.all().withLimit(5)).toList();
            assertThat(old).hasSize(5).allSatisfy(c -> {
                assertThat(c).isEqualTo(expected(c.id()));
                assertThat(c.age()).isGreaterThan(80);
            });
        }
    }

    @Test
    void projectionReadsOnlyItsColumns() {
        try (JazminReader reader = JazminReader.open(SharedFiles.conformanceCase("customers-200k").resolve("data.jzm"))) {
            ObjectTable<Contact> contacts = JazminMapper.forType(Customer.class).table(reader).project(Contact.class);
            assertThat(contacts.get(7)).contains(new Contact(7, "user7@example.com"));
            assertThat(contacts.find(Filter.eq("id", 12L)).toList()).containsExactly(new Contact(12, "user12@example.com"));
        }
    }

    record Mixed(long id, String name, Boolean active, Double score, BigDecimal balance, Instant joined, byte[] avatar,
                 JsonNode tags, Object profile) {
    }

    record Address(String city, String zip) {
    }

    record Profile(Address address, List<String> phones) {
    }

    record ProfileOnly(long id, Profile profile) {
    }

    @Test
    void mixedTypesReadIntoRecords() {
        try (JazminReader reader = JazminReader.open(SharedFiles.conformanceCase("mixed-types").resolve("data.jzm"))) {
            List<Mixed> rows = JazminMapper.forType(Mixed.class).table(reader).stream().toList();
            assertThat(rows).hasSize(12);
            Mixed ann = rows.get(0);
            assertThat(ann.id()).isEqualTo(1);
            assertThat(ann.balance()).isEqualTo(new BigDecimal("1234.50")).extracting(BigDecimal::scale).isEqualTo(2);
            assertThat(ann.joined()).isEqualTo(Instant.parse("2024-01-02T03:04:05.678Z"));
            assertThat(ann.avatar()).containsExactly(1, 2, 3);
            assertThat(ann.tags().get(1).get("b").asInt()).isEqualTo(1);
            assertThat(ann.profile()).isEqualTo(Map.of("address", Map.of("city", "Cape Town", "zip", "8001"),
                    "phones", List.of("+27 21 000 0000")));
            assertThat(Double.doubleToRawLongBits(rows.get(1).score())).isEqualTo(Double.doubleToRawLongBits(-0.25));
            assertThat(rows.get(2).id()).isEqualTo(4611686018427387904L);
            assertThat(rows.get(2).profile()).isEqualTo(List.of());
            assertThat(rows.get(4).score()).isNaN();

            ObjectTable<ProfileOnly> profiles = JazminMapper.forType(ProfileOnly.class).projection(reader.table());
            assertThat(profiles.find(Filter.eq("id", 1L)).toList()).containsExactly(new ProfileOnly(1,
                    new Profile(new Address("Cape Town", "8001"), List.of("+27 21 000 0000"))));
        }
    }
}
