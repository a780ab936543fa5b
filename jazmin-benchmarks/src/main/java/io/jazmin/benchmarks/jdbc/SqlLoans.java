package io.jazmin.benchmarks.jdbc;

import org.springframework.data.repository.ListCrudRepository;

/** The Spring Data JDBC repository of {@link SqlLoan}. */
public interface SqlLoans extends ListCrudRepository<SqlLoan, String> {
}
