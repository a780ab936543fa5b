package io.jazmin.benchmarks;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.options.WriteOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The one generator of the customers table of {@code shared/spec/benchmark-data.md} (N rows, default
 * 200,000), with the answers every system must give. Every benchmark, baseline and fixture in this
 * module takes its rows and expected answers from here.
 */
public final class CustomersData {
    public static final int DEFAULT_ROWS = 200_000;

    static final String[] FIRST = {"Ann", "Bob", "Thabo", "Lerato", "Pieter", "Aisha", "Sipho", "Maria"};
    static final String[] LAST = {"Smith", "Johnson", "Ndlovu", "Botha", "Naidoo", "Mokoena", "van Wyk", "Dlamini"};
    static final String[] COUNTRIES = {"ZA", "NA", "BW", "ZW", "MZ", "LS", "SZ", "ZM"};
    static final Instant EPOCH = Instant.parse("2015-01-01T00:00:00Z");
    static final long DAY_MS = 86_400_000L;

    /** The filter of the published table. */
    public static final String FILTER_JSON = "{\"country\":\"NA\",\"age\":{\"gt\":80}}";
    /** The text search of the published table. */
    public static final String CONTAINS_JSON = "{\"name\":{\"contains\":\"Ndlovu\"}}";
    public static final String FILTER_COUNTRY = "NA";
    public static final int FILTER_AGE_GT = 80;
    /** Rows of the sorted-page benchmark (top by balance). */
    public static final int TOP_ROWS = 20;
    public static final String CONTAINS_TEXT = "Ndlovu";

    /** One customer; the record the mapper, Jackson and the hand-written readers all build. */
    public record Customer(long id, String name, String email, String country, Integer age, Double balance,
                           Instant joined, Boolean active) {
    }

    /** The columns, in order. */
    public static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING),
            Column.of("email", ColumnType.STRING),
            Column.of("country", ColumnType.STRING),
            Column.of("age", ColumnType.INT),
            Column.of("balance", ColumnType.FLOAT),
            Column.of("joined", ColumnType.DATETIME),
            Column.of("active", ColumnType.BOOL));

    private CustomersData() {
    }

    public static String name(long i) {
        return FIRST[(int) (i % 8)] + " " + LAST[(int) ((i * 7) % 8)];
    }

    public static String email(long i) {
        return "user" + i + "@example.com";
    }

    public static String country(long i) {
        return COUNTRIES[(int) ((i * 13) % 8)];
    }

    public static int age(long i) {
        return (int) (18 + ((i * 31) % 70));
    }

    /** round(((i·7919) mod 1,000,000) · 1.37) / 100, rounding half up like JavaScript's Math.round. */
    public static double balance(long i) {
        double x = ((i * 7919) % 1_000_000) * 1.37;
        return Math.floor(x + 0.5) / 100;
    }

    public static long joinedMillis(long i) {
        return EPOCH.toEpochMilli() + (i % 3650) * DAY_MS;
    }

    public static Instant joined(long i) {
        return Instant.ofEpochMilli(joinedMillis(i));
    }

    public static boolean active(long i) {
        return i % 3 != 0;
    }

    public static Customer customer(long i) {
        return new Customer(i, name(i), email(i), country(i), age(i), balance(i), joined(i), active(i));
    }

    /** Row i in column order, as {@link io.jazmin.JazminWriter#writeValues} takes it. */
    public static Object[] values(long i) {
        return new Object[] {i, name(i), email(i), country(i), (long) age(i), balance(i), joined(i), active(i)};
    }

    public static List<Customer> customers(int n) {
        List<Customer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(customer(i));
        }
        return out;
    }

    public static Object[][] valueRows(int n) {
        Object[][] out = new Object[n][];
        for (int i = 0; i < n; i++) {
            out[i] = values(i);
        }
        return out;
    }

    /** The id looked up: floor(N · 0.73). */
    public static long findId(int n) {
        return (long) Math.floor(n * 0.73);
    }

    public static boolean matchesFilter(String country, int age) {
        return FILTER_COUNTRY.equals(country) && age > FILTER_AGE_GT;
    }

    public static boolean matchesContains(String name) {
        return name != null && name.contains(CONTAINS_TEXT);
    }

    /** Rows matching {@link #FILTER_JSON}, computed from the generator. */
    public static long filterCount(int n) {
        long c = 0;
        for (long i = 0; i < n; i++) {
            if (matchesFilter(country(i), age(i))) {
                c++;
            }
        }
        return c;
    }

    /** Rows matching {@link #CONTAINS_JSON}, computed from the generator. */
    public static long containsCount(int n) {
        long c = 0;
        for (long i = 0; i < n; i++) {
            if (matchesContains(name(i))) {
                c++;
            }
        }
        return c;
    }

    /** Sum of the balance column. */
    public static double balanceSum(int n) {
        double s = 0;
        for (long i = 0; i < n; i++) {
            s += balance(i);
        }
        return s;
    }

    /** Deflate (the reference default), no indexes. */
    public static WriteOptions noIndexes() {
        return WriteOptions.defaults().withNow(EPOCH);
    }

    /** The three benchmark indexes: id sorted, name trigram, country sorted. */
    public static WriteOptions threeIndexes() {
        return noIndexes().withIndex("id", IndexKind.SORTED).withIndex("name", IndexKind.TRIGRAM)
                .withIndex("country", IndexKind.SORTED);
    }
}
