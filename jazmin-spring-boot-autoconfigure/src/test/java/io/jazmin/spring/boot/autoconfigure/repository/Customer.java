package io.jazmin.spring.boot.autoconfigure.repository;

import io.jazmin.schema.IndexKind;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.mapping.annotation.JazminIndex;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.LongStream;
import io.jazmin.spring.data.core.mapping.JazminStore;

/** The benchmark's customer row (plus a nullable nickname), bound to the file {@code customers}. */
@JazminStore("customers")
public record Customer(@JazminId long id, @JazminIndex(IndexKind.TRIGRAM) String name, String email,
                       @JazminIndex String country, int age, double balance, Instant joined, boolean active,
                       String nickname) {
    static final String[] FIRST = {"Ann", "Bob", "Thabo", "Lerato", "Pieter", "Aisha", "Sipho", "Maria"};
    static final String[] LAST = {"Smith", "Johnson", "Ndlovu", "Botha", "Naidoo", "Mokoena", "van Wyk", "Dlamini"};
    static final String[] COUNTRIES = {"ZA", "NA", "BW", "ZW", "MZ", "LS", "SZ", "ZM"};
    static final Instant EPOCH = Instant.parse("2015-01-01T00:00:00Z");

    /** Row {@code i} of the benchmark generator; every fifth customer has no nickname. */
    static Customer of(long i) {
        return new Customer(i, FIRST[(int) (i % 8)] + " " + LAST[(int) ((i * 7) % 8)], "user" + i + "@example.com",
                COUNTRIES[(int) ((i * 13) % 8)], (int) (18 + (i * 31) % 70),
                Math.round(((i * 7919) % 1_000_000) * 1.37) / 100.0, EPOCH.plus(i % 3650, ChronoUnit.DAYS),
                i % 3 != 0, i % 5 == 0 ? null : "c" + i);
    }

    static List<Customer> all(int count) {
        return LongStream.range(0, count).mapToObj(Customer::of).toList();
    }
}
