/**
 * Spring Data JDBC over SQLite beside the Spring store (issue 31): the benchmark's entity, its
 * repository, a connection per thread and the smallest SQLite dialect.
 */
package io.jazmin.benchmarks.jdbc;
