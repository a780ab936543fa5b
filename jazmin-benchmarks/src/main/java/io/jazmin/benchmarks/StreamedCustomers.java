package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * The benchmark operations over a format read as a stream of customers (Jackson streaming,
 * MessagePack, H2 MVStore, Arrow records, Jackson 2 databind): one implementation of each answer
 * whatever the format.
 */
final class StreamedCustomers {
    /** Streams the customers of {@code file} into {@code sink} until it returns false. */
    @FunctionalInterface
    interface Source {
        void stream(Path file, Predicate<Customer> sink);
    }

    /** How a format finds one customer (a scan that stops at the row, or something faster). */
    @FunctionalInterface
    interface Lookup {
        Customer find(Path file, long id);
    }

    private StreamedCustomers() {
    }

    /** The five headline questions over {@code file}, each one pass of {@code source} (a cold open). */
    static CustomerQueries queries(Source source, Lookup lookup, Path file) {
        return CustomerQueries.of(id -> lookup.find(file, id), () -> filterCount(source, file),
                () -> containsCount(source, file), () -> sumBalance(source, file), () -> readAll(source, file));
    }

    /** The first customer with {@code id}, or {@code null}; stops reading once found. */
    static Customer findById(Source source, Path file, long id) {
        Customer[] found = new Customer[1];
        source.stream(file, c -> {
            if (c.id() == id) {
                found[0] = c;
                return false;
            }
            return true;
        });
        return found[0];
    }

    static long filterCount(Source source, Path file) {
        return count(source, file, c -> CustomersData.matchesFilter(c.country(),
                c.age() == null ? Integer.MIN_VALUE : c.age()));
    }

    static long containsCount(Source source, Path file) {
        return count(source, file, c -> CustomersData.matchesContains(c.name()));
    }

    /** A checksum over every customer, so reading all of them cannot be optimised away. */
    static long readAll(Source source, Path file) {
        long[] sum = new long[1];
        source.stream(file, c -> {
            sum[0] += c.id() + c.name().length();
            return true;
        });
        return sum[0];
    }

    /** Sum of balance over every customer. */
    static double sumBalance(Source source, Path file) {
        double[] sum = new double[1];
        source.stream(file, c -> {
            sum[0] += c.balance();
            return true;
        });
        return sum[0];
    }

    private static long count(Source source, Path file, Predicate<Customer> matches) {
        long[] n = new long[1];
        source.stream(file, c -> {
            if (matches.test(c)) {
                n[0]++;
            }
            return true;
        });
        return n[0];
    }
}
