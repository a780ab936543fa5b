package io.jazmin.sample;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** The customers of the published JAZMIN benchmark, row {@code i} of {@code n} (shared/spec/benchmark-data.md). */
final class CustomerGenerator {
    private static final String[] FIRST = {"Ann", "Bob", "Thabo", "Lerato", "Pieter", "Aisha", "Sipho", "Maria"};
    private static final String[] LAST = {"Smith", "Johnson", "Ndlovu", "Botha", "Naidoo", "Mokoena", "van Wyk",
            "Dlamini"};
    private static final String[] COUNTRIES = {"ZA", "NA", "BW", "ZW", "MZ", "LS", "SZ", "ZM"};
    private static final Instant START = Instant.parse("2015-01-01T00:00:00Z");

    private CustomerGenerator() {
    }

    static Customer customer(long i) {
        return new Customer(i, FIRST[(int) (i % 8)] + " " + LAST[(int) (i * 7 % 8)], "user" + i + "@example.com",
                COUNTRIES[(int) (i * 13 % 8)], (int) (18 + i * 31 % 70), balance(i),
                START.plus(i % 3650, ChronoUnit.DAYS), i % 3 != 0);
    }

    static Stream<Customer> customers(long n) {
        return LongStream.range(0, n).mapToObj(CustomerGenerator::customer);
    }

    /** round(((i·7919) mod 1,000,000) · 1.37) half up, then divided by 100 as doubles. */
    private static double balance(long i) {
        return Math.floor(i * 7919 % 1_000_000 * 1.37 + 0.5) / 100;
    }
}
