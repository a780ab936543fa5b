package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;

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
}
