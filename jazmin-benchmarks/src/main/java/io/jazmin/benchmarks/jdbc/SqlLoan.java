package io.jazmin.benchmarks.jdbc;

import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Persistable;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/**
 * The benchmark's loan as Spring Data JDBC maps it to one SQLite row: the nested records embedded
 * as prefixed columns, the lists and the map as JSON text (Spring Data JDBC maps collections of
 * simple values to arrays, which SQLite lacks), the id, decimal and dates as text. Always new
 * ({@link Persistable}): its id is set by the application, so {@code save} inserts.
 */
@Table("loan")
public record SqlLoan(@Id String id, String status, String fee, String due, long created, String title, String member,
               long copies, int renewals, boolean overdue, String tags, String marks,
               @Embedded.Nullable(prefix = "branch_") SqlBranch branch, String counters, String note)
        implements Persistable<String> {

    /** The nested record. */
    public record SqlBranch(String name, String city, @Embedded.Nullable(prefix = "geo_") SqlGeo geo) {
    }

    /** Its nested record. */
    public record SqlGeo(double lat, double lon) {
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public boolean isNew() {
        return true;
    }

    static BigDecimal decimal(String text) {
        return new BigDecimal(text);
    }
}
