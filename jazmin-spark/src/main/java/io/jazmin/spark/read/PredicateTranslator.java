package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark V2 predicates as a JAZMIN {@link Filter} that keeps every row Spark keeps (design note §5):
 * the reader applies it to skip chunks and rows, and Spark applies every predicate that is not
 * {@link #exact} again after the scan, so a filter that keeps a few extra rows only costs time. Whatever could drop a row Spark
 * would keep is not translated: NOT (JAZMIN's NOT keeps nulls), float {@code >}/{@code >=}, NaN and
 * zero literals (NaN ordering, −0 = 0), string ranges with literals at or above U+D800 (UTF-16 vs
 * UTF-8 order), timestamps that are not whole milliseconds under {@code =}, decimal, binary, json
 * and nested columns (only null tests), and unknown predicate names.
 */
final class PredicateTranslator {
    private final Map<String, Column> columns;

    /** @param columns the top-level columns of the table, by name */
    PredicateTranslator(Map<String, Column> columns) {
        this.columns = columns;
    }

    /** The filter for {@code p}, or {@code null} when it cannot be pushed safely. */
    Filter translate(Predicate p) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "AND": {
                Filter l = child(c[0]);
                Filter r = child(c[1]);
                // Keeping one side of an AND keeps a superset of the rows.
                return l == null ? r : r == null ? l : l.and(r);
            }
            case "OR": {
                Filter l = child(c[0]);
                Filter r = child(c[1]);
                return l == null || r == null ? null : l.or(r);
            }
            case "IS_NULL":
            case "IS_NOT_NULL": {
                Column col = column(c[0]);
                return col == null ? null : p.name().equals("IS_NULL") ? Filter.isNull(col.name()) : Filter.isNotNull(col.name());
            }
            case "=": case "<=>": case "<>": case "<": case "<=": case ">": case ">=":
                return comparison(p.name(), c[0], c[1]);
            case "IN":
                return in(c);
            case "STARTS_WITH": case "ENDS_WITH": case "CONTAINS":
                return text(p.name(), c[0], c[1]);
            default:
                return null;
        }
    }

    private Filter child(Expression e) {
        return e instanceof Predicate p ? translate(p) : null;
    }

    /**
     * Whether {@link #translate} turns {@code p} into a filter that keeps exactly the rows Spark keeps,
     * so Spark need not check it again after the scan (which lets it push limits and counts). True for
     * AND and OR of exact sides and for translated tests on bool, int, string and timestamp columns
     * (JAZMIN compares them as Spark does: integers, whole milliseconds, UTF-16 order only where it
     * agrees with UTF-8) and for null tests on any top-level column. Float tests stay prune-only:
     * NaN and −0 need golden tests before they can be trusted as exact (design note §5).
     */
    boolean exact(Predicate p) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "AND": case "OR":
                return c[0] instanceof Predicate l && c[1] instanceof Predicate r && exact(l) && exact(r);
            case "IS_NULL": case "IS_NOT_NULL":
                return translate(p) != null;
            default:
                if (translate(p) == null) {
                    return false;
                }
                Column col = column(c[0]);
                if (col == null && c.length > 1) {
                    col = column(c[1]); // a comparison written literal first
                }
                return col != null && col.type() != io.jazmin.schema.ColumnType.FLOAT;
        }
    }

    private Filter comparison(String op, Expression left, Expression right) {
        if (left instanceof Literal<?> && right instanceof NamedReference) {
            return comparison(flip(op), right, left);
        }
        Column col = column(left);
        if (col == null || !(right instanceof Literal<?> lit)) {
            return null;
        }
        if (lit.value() == null) {
            return op.equals("<=>") ? Filter.isNull(col.name()) : null;
        }
        String name = col.name();
        return switch (col.type()) {
            case BOOL -> lit.dataType().sameType(DataTypes.BooleanType) && (op.equals("=") || op.equals("<=>"))
                    ? Filter.eq(name, lit.value()) : null;
            case INT -> lit.dataType().sameType(DataTypes.LongType) ? condition(op, name, lit.value()) : null;
            case FLOAT -> {
                if (!lit.dataType().sameType(DataTypes.DoubleType) || !safeDouble((Double) lit.value())
                        || op.equals(">") || op.equals(">=") || op.equals("<>")) {
                    yield null;
                }
                yield condition(op, name, lit.value());
            }
            case STRING -> {
                if (!lit.dataType().sameType(DataTypes.StringType)) {
                    yield null;
                }
                String s = lit.value().toString();
                boolean range = !op.equals("=") && !op.equals("<=>") && !op.equals("<>");
                yield range && !belowSurrogates(s) ? null : condition(op, name, s);
            }
            case DATETIME -> lit.dataType().sameType(DataTypes.TimestampType)
                    ? timestamp(op, name, (Long) lit.value()) : null;
            // not pushed: Spark evaluates these
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> null;
        };
    }

    private static Filter timestamp(String op, String name, long micros) {
        long floor = Math.floorDiv(micros, 1000L);
        long ceil = -Math.floorDiv(-micros, 1000L);
        return switch (op) {
            case ">" -> Filter.gt(name, Instant.ofEpochMilli(floor));
            case ">=" -> Filter.gte(name, Instant.ofEpochMilli(ceil));
            case "<" -> Filter.lt(name, Instant.ofEpochMilli(ceil));
            case "<=" -> Filter.lte(name, Instant.ofEpochMilli(floor));
            default -> floor == ceil ? condition(op, name, Instant.ofEpochMilli(floor)) : null;
        };
    }

    private static Filter condition(String op, String name, Object value) {
        return switch (op) {
            case "=", "<=>" -> Filter.eq(name, value);
            case "<>" -> Filter.ne(name, value);
            case "<" -> Filter.lt(name, value);
            case "<=" -> Filter.lte(name, value);
            case ">" -> Filter.gt(name, value);
            case ">=" -> Filter.gte(name, value);
            default -> null;
        };
    }

    private Filter in(Expression[] c) {
        Column col = column(c[0]);
        if (col == null) {
            return null;
        }
        List<Object> values = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
            if (!(c[i] instanceof Literal<?> lit)) {
                return null;
            }
            if (lit.value() == null) {
                continue; // a null item matches no row
            }
            Object v = inValue(col, lit);
            if (v == null) {
                return null;
            }
            if (v != NO_ROW) {
                values.add(v);
            }
        }
        // Every item null (or matching no row): Spark's IN is null or false for every row, as JAZMIN's
        // empty list is false, so the filter is pushed and prunes every chunk.
        return Filter.in(col.name(), values);
    }

    /** Marks an IN item that matches no row (a timestamp with microseconds), so it can be left out. */
    private static final Object NO_ROW = new Object();

    private static Object inValue(Column col, Literal<?> lit) {
        DataType t = lit.dataType();
        Object v = lit.value();
        return switch (col.type()) {
            case BOOL -> t.sameType(DataTypes.BooleanType) ? v : null;
            case INT -> t.sameType(DataTypes.LongType) ? v : null;
            case FLOAT -> t.sameType(DataTypes.DoubleType) && safeDouble((Double) v) ? v : null;
            case STRING -> t.sameType(DataTypes.StringType) ? v.toString() : null;
            case DATETIME -> !t.sameType(DataTypes.TimestampType) ? null
                    : (Long) v % 1000 != 0 ? NO_ROW : Instant.ofEpochMilli((Long) v / 1000);
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> null;
        };
    }

    private Filter text(String op, Expression left, Expression right) {
        Column col = column(left);
        if (col == null || col.type() != io.jazmin.schema.ColumnType.STRING || !(right instanceof Literal<?> lit)
                || !(lit.value() instanceof UTF8String s)) {
            return null;
        }
        return switch (op) {
            case "STARTS_WITH" -> Filter.startsWith(col.name(), s.toString());
            case "ENDS_WITH" -> Filter.endsWith(col.name(), s.toString());
            default -> Filter.contains(col.name(), s.toString());
        };
    }

    /** A top-level column of the table, or {@code null} (nested field, expression, unknown name). */
    private Column column(Expression e) {
        if (e instanceof NamedReference ref && ref.fieldNames().length == 1) {
            return columns.get(ref.fieldNames()[0]);
        }
        return null;
    }

    /** Not NaN (Spark: NaN = NaN and NaN is largest) and not ±0 (Spark: −0 = 0). */
    private static boolean safeDouble(double d) {
        return !Double.isNaN(d) && d != 0.0;
    }

    /** Every UTF-16 unit below U+D800, where UTF-16 and UTF-8 order agree. */
    private static boolean belowSurrogates(String s) {
        return s.chars().allMatch(ch -> ch < 0xD800);
    }

    /** The comparison with its sides swapped ({@code 1 < x} is {@code x > 1}). */
    static String flip(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }
}
