package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The answers to the headline's five questions: the generator's ({@link #expected}) and a system's
 * ({@link #of}). {@link #check} compares them before anything is timed, so a system answering a
 * different question fails the run instead of being compared.
 *
 * @param id the id looked up
 * @param found the record found by id
 * @param filterCount rows with country = NA and age > 80
 * @param containsCount rows whose name contains 'Ndlovu'
 * @param balanceSum the sum of balance
 * @param readAllChecksum the sum of id + name length over every row read
 */
public record HeadlineAnswers(long id, Customer found, long filterCount, long containsCount, double balanceSum,
                              long readAllChecksum) {
    /** Relative difference allowed between two sums of the same doubles added in another order. */
    static final double SUM_TOLERANCE = 1e-9;

    /** The answers computed from the generator for a table of {@code rows} rows. */
    public static HeadlineAnswers expected(int rows) {
        long id = CustomersData.findId(rows);
        long checksum = 0;
        for (long i = 0; i < rows; i++) {
            checksum += i + CustomersData.name(i).length();
        }
        return new HeadlineAnswers(id, CustomersData.customer(id), CustomersData.filterCount(rows),
                CustomersData.containsCount(rows), CustomersData.balanceSum(rows), checksum);
    }

    /** What {@code queries} answers, looking up {@code id}. */
    public static HeadlineAnswers of(CustomerQueries queries, long id) {
        return new HeadlineAnswers(id, queries.findById(id), queries.filterCount(), queries.containsCount(),
                queries.sumBalance(), queries.readAll());
    }

    /** Each answer that differs from {@code want}'s, described; empty when all are equal. */
    public List<String> differences(HeadlineAnswers want) {
        List<String> out = new ArrayList<>();
        compare(out, "find by id " + want.id, found, want.found);
        compare(out, "filter count", filterCount, want.filterCount);
        compare(out, "contains count", containsCount, want.containsCount);
        if (!(Math.abs(balanceSum - want.balanceSum) <= SUM_TOLERANCE * Math.max(1, Math.abs(want.balanceSum)))) {
            out.add("sum of balance: got " + balanceSum + ", want " + want.balanceSum);
        }
        compare(out, "read all checksum", readAllChecksum, want.readAllChecksum);
        return out;
    }

    /**
     * Fails with the differences when {@code system}'s answers on a table of {@code rows} rows are not
     * the generator's.
     */
    public static void check(HeadlineSystem system, CustomerQueries queries, int rows) {
        HeadlineAnswers want = expected(rows);
        List<String> wrong = of(queries, want.id).differences(want);
        if (!wrong.isEmpty()) {
            throw new IllegalStateException(system.param() + " answers differently: " + wrong);
        }
    }

    private static void compare(List<String> out, String what, Object got, Object want) {
        if (!Objects.equals(got, want)) {
            out.add(what + ": got " + got + ", want " + want);
        }
    }
}
