package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.util.function.DoubleSupplier;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * One system's answers to the five questions of the headline (issue 33), each call one timed
 * operation: a system that opens its file per query opens it inside each call. {@link HeadlineAnswers}
 * checks every system's answers against the generator's before anything is timed, so every system
 * answers the same questions.
 */
public interface CustomerQueries extends AutoCloseable {
    /** The customer with {@code id} as a record (every value read), or {@code null}. */
    Customer findById(long id);

    /** Rows with {@code country = 'NA' and age > 80}. */
    long filterCount();

    /** Rows whose name contains {@code 'Ndlovu'} (case-sensitive). */
    long containsCount();

    /** The sum of the balance column. */
    double sumBalance();

    /** Every row into a record; returns the sum of id + name length over the rows, so nothing is dead code. */
    long readAll();

    /** Releases what the system keeps between queries (a connection); nothing for the others. */
    @Override
    default void close() {
    }

    /** The questions answered by five functions (a system that keeps nothing between queries). */
    static CustomerQueries of(LongFunction<Customer> findById, LongSupplier filterCount, LongSupplier containsCount,
                              DoubleSupplier sumBalance, LongSupplier readAll) {
        return new Functions(findById, filterCount, containsCount, sumBalance, readAll);
    }

    /** {@link #of}'s questions. */
    record Functions(LongFunction<Customer> find, LongSupplier filter, LongSupplier contains, DoubleSupplier sum,
                     LongSupplier all) implements CustomerQueries {
        @Override
        public Customer findById(long id) {
            return find.apply(id);
        }

        @Override
        public long filterCount() {
            return filter.getAsLong();
        }

        @Override
        public long containsCount() {
            return contains.getAsLong();
        }

        @Override
        public double sumBalance() {
            return sum.getAsDouble();
        }

        @Override
        public long readAll() {
            return all.getAsLong();
        }
    }
}
