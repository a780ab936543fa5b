package io.jazmin.benchmarks.jdbc;

import java.util.Collection;
import java.util.List;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.jdbc.core.dialect.JdbcDialect;
import org.springframework.data.relational.core.dialect.AbstractDialect;
import org.springframework.data.relational.core.dialect.LimitClause;
import org.springframework.data.relational.core.dialect.LockClause;
import org.springframework.data.relational.core.sql.LockOptions;

/**
 * The smallest Spring Data JDBC dialect for SQLite, which Spring Data JDBC does not ship: SQLite's
 * {@code LIMIT}/{@code OFFSET}, no row locks (a SQLite write locks the whole database), and
 * booleans read back from the integers SQLite stores them as.
 * Identifiers keep Spring Data's quoting; SQLite matches them without regard to case.
 */
final class SqliteDialect extends AbstractDialect implements JdbcDialect {
    static final SqliteDialect INSTANCE = new SqliteDialect();

    private static final LimitClause LIMIT = new LimitClause() {
        @Override
        public String getLimit(long limit) {
            return "LIMIT " + limit;
        }

        @Override
        public String getOffset(long offset) {
            return "LIMIT -1 OFFSET " + offset;
        }

        @Override
        public String getLimitOffset(long limit, long offset) {
            return "LIMIT " + limit + " OFFSET " + offset;
        }

        @Override
        public Position getClausePosition() {
            return Position.AFTER_ORDER_BY;
        }
    };

    private static final LockClause NO_LOCK = new LockClause() {
        @Override
        public String getLock(LockOptions options) {
            return "";
        }

        @Override
        public Position getClausePosition() {
            return Position.AFTER_ORDER_BY;
        }
    };

    /** SQLite has no boolean type: a boolean is stored as 0 or 1 and read back as an integer. */
    @ReadingConverter
    private enum NumberToBoolean implements Converter<Number, Boolean> {
        INSTANCE;

        @Override
        public Boolean convert(Number source) {
            return source.intValue() != 0;
        }
    }

    private SqliteDialect() {
    }

    @Override
    public Collection<Object> getConverters() {
        return List.of(NumberToBoolean.INSTANCE);
    }

    @Override
    public LimitClause limit() {
        return LIMIT;
    }

    @Override
    public LockClause lock() {
        return NO_LOCK;
    }
}
