package io.jazmin.benchmarks.jdbc;

import io.jazmin.benchmarks.SpringSaveBenchmark;
import io.jazmin.benchmarks.SpringSaveBenchmark.Branch;
import io.jazmin.benchmarks.SpringSaveBenchmark.Geo;
import io.jazmin.benchmarks.SpringSaveBenchmark.Loan;
import io.jazmin.benchmarks.SpringSaveBenchmark.Status;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The benchmark's loans in Spring Data JDBC over SQLite (issue 31): a repository of
 * {@link SqlLoan} in a Spring context of its own, over one connection per thread in WAL mode with
 * {@code synchronous=FULL}, in a table the store creates. Loans are converted to and from
 * {@link SqlLoan} on every call (the JSON of the lists and the map included), so both stores take
 * and give the same records.
 */
public final class SqliteLoanStore implements SpringSaveBenchmark.LoanStore, AutoCloseable {
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };
    private static final TypeReference<List<Integer>> INTS = new TypeReference<>() { };
    private static final TypeReference<Map<String, Integer>> COUNTERS = new TypeReference<>() { };

    private final ThreadConnections connections;
    private final AnnotationConfigApplicationContext context;
    private final SqlLoans loans;

    /** The Spring Data JDBC configuration, with the SQLite dialect. */
    @Configuration
    @EnableJdbcRepositories(basePackageClasses = SqlLoans.class, considerNestedRepositories = true)
    static class Config extends AbstractJdbcConfiguration {
        @Bean
        NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource dataSource) {
            return new NamedParameterJdbcTemplate(dataSource);
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource dataSource) {
            return new DataSourceTransactionManager(dataSource);
        }

        @Bean
        @Override
        public JdbcDialect jdbcDialect(NamedParameterJdbcOperations operations) {
            return SqliteDialect.INSTANCE;
        }
    }

    /** A store over the SQLite database {@code file}, whose table is created. */
    public SqliteLoanStore(Path file) {
        connections = new ThreadConnections("jdbc:sqlite:" + file);
        new JdbcTemplate(connections).execute("CREATE TABLE loan (id TEXT PRIMARY KEY, status TEXT, fee TEXT, "
                + "due TEXT, created INTEGER, title TEXT, member TEXT, copies INTEGER, renewals INTEGER, "
                + "overdue INTEGER, tags TEXT, marks TEXT, branch_name TEXT, branch_city TEXT, "
                + "branch_geo_lat REAL, branch_geo_lon REAL, counters TEXT, note TEXT)");
        context = new AnnotationConfigApplicationContext();
        context.registerBean(DataSource.class, () -> connections);
        context.register(Config.class);
        context.refresh();
        loans = context.getBean(SqlLoans.class);
    }

    /** Saves one loan (a transaction of its own, committed when this returns). */
    @Override
    public Loan save(Loan loan) {
        return loan(loans.save(row(loan)));
    }

    /** Saves all {@code all} in one transaction. */
    @Override
    public List<Loan> saveAll(List<Loan> all) {
        return loans.saveAll(all.stream().map(SqliteLoanStore::row).toList()).stream().map(SqliteLoanStore::loan)
                .toList();
    }

    @Override
    public List<Loan> findAll() {
        return loans.findAll().stream().map(SqliteLoanStore::loan).toList();
    }

    private static SqlLoan row(Loan l) {
        Branch b = l.branch();
        return new SqlLoan(l.id().toString(), l.status().name(), l.fee().toPlainString(), l.due().toString(),
                l.created().toEpochMilli(), l.title(), l.member(), l.copies(), l.renewals(), l.overdue(),
                JSON.writeValueAsString(l.tags()), JSON.writeValueAsString(l.marks()),
                b == null ? null : new SqlLoan.SqlBranch(b.name(), b.city(),
                        b.geo() == null ? null : new SqlLoan.SqlGeo(b.geo().lat(), b.geo().lon())),
                JSON.writeValueAsString(l.counters()), l.note().orElse(null));
    }

    private static Loan loan(SqlLoan r) {
        SqlLoan.SqlBranch b = r.branch();
        return new Loan(UUID.fromString(r.id()), Status.valueOf(r.status()), SqlLoan.decimal(r.fee()),
                LocalDate.parse(r.due()), Instant.ofEpochMilli(r.created()), r.title(), r.member(), r.copies(),
                r.renewals(), r.overdue(), JSON.readValue(r.tags(), STRINGS), JSON.readValue(r.marks(), INTS),
                b == null ? null : new Branch(b.name(), b.city(), b.geo() == null ? null
                        : new Geo(b.geo().lat(), b.geo().lon())),
                JSON.readValue(r.counters(), COUNTERS), Optional.ofNullable(r.note()));
    }

    @Override
    public void close() {
        context.close();
        connections.close();
    }
}
