package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * The H2 MVStore baseline: one map from id to the other seven values as an {@code Object[]} (the
 * store's own {@code ObjectDataType}; datetime as epoch milliseconds), default settings (no
 * compression). The map is a B-tree on id, so a lookup is one {@code get}; the filter, the text search
 * and read all scan the values in id order. Each read opens the store read-only (a cold open).
 */
public final class MvStoreOps {
    private static final String MAP = "customers";

    private MvStoreOps() {
    }

    public static long write(Path file, List<Customer> rows) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MVStore store = new MVStore.Builder().fileName(file.toString()).open();
        try {
            MVMap<Long, Object[]> map = store.openMap(MAP);
            for (Customer c : rows) {
                map.put(c.id(), new Object[] {c.name(), c.email(), c.country(), c.age(), c.balance(),
                    c.joined().toEpochMilli(), c.active()});
            }
            store.commit();
        } finally {
            store.close();
        }
        return rows.size();
    }

    private static MVStore open(Path file) {
        return new MVStore.Builder().fileName(file.toString()).readOnly().open();
    }

    private static Customer customer(long id, Object[] v) {
        return new Customer(id, (String) v[0], (String) v[1], (String) v[2], (Integer) v[3], (Double) v[4],
                Instant.ofEpochMilli((Long) v[5]), (Boolean) v[6]);
    }

    /** Every row in id order as a record, for {@link StreamedCustomers}. */
    static void stream(Path file, Predicate<Customer> sink) {
        MVStore store = open(file);
        try {
            MVMap<Long, Object[]> map = store.openMap(MAP);
            for (var e : map.entrySet()) {
                if (!sink.test(customer(e.getKey(), e.getValue()))) {
                    return;
                }
            }
        } finally {
            store.close();
        }
    }

    /** One B-tree lookup. */
    public static Customer findById(Path file, long id) {
        MVStore store = open(file);
        try {
            Object[] v = store.<Long, Object[]>openMap(MAP).get(id);
            return v == null ? null : customer(id, v);
        } finally {
            store.close();
        }
    }

    public static long filterCount(Path file) {
        return StreamedCustomers.filterCount(MvStoreOps::stream, file);
    }

    public static long containsCount(Path file) {
        return StreamedCustomers.containsCount(MvStoreOps::stream, file);
    }

    public static long readAllRecords(Path file) {
        return StreamedCustomers.readAll(MvStoreOps::stream, file);
    }

    public static double sumBalance(Path file) {
        return StreamedCustomers.sumBalance(MvStoreOps::stream, file);
    }
}
