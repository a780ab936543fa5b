package io.jazmin.spark.read;

import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Decides Spark predicates on partition columns alone for one file's partition values, on the
 * driver, so that files in folders no row of which can match are never read (partition pruning, as
 * Spark's file sources do). Every row of a file has the same partition values, so a predicate over
 * them has one answer per file; a file is dropped only when it is false or null (SQL keeps rows where
 * a predicate is true). A shape it does not know (functions, casts, mixed types) keeps the file, and
 * Spark still applies every predicate after the scan.
 */
final class PartitionPruner {
    /** A predicate's answer for one file: SQL's three values, or unknown to this pruner. */
    enum Answer {
        TRUE, FALSE, NULL, UNKNOWN;

        static Answer of(boolean b) {
            return b ? TRUE : FALSE;
        }
    }

    private PartitionPruner() {
    }

    /** Whether {@code p} refers to partition columns only (and to at least one). */
    static boolean onlyOn(Predicate p, Set<String> partitionKeys) {
        NamedReference[] refs = p.references();
        if (refs.length == 0) {
            return false;
        }
        for (NamedReference r : refs) {
            if (r.fieldNames().length != 1 || !partitionKeys.contains(r.fieldNames()[0])) {
                return false;
            }
        }
        return true;
    }

    /** {@code p}'s answer for a file whose partition columns hold {@code values} (Spark values by column). */
    static Answer answer(Predicate p, Map<String, Object> values) {
        Expression[] c = p.children();
        switch (p.name()) {
            case "ALWAYS_TRUE":
                return Answer.TRUE;
            case "ALWAYS_FALSE":
                return Answer.FALSE;
            case "AND":
                return and(child(c[0], values), child(c[1], values));
            case "OR":
                return not(and(not(child(c[0], values)), not(child(c[1], values))));
            case "NOT":
                return not(child(c[0], values));
            case "IS_NULL":
            case "IS_NOT_NULL": {
                if (!(c[0] instanceof NamedReference ref)) {
                    return Answer.UNKNOWN;
                }
                boolean isNull = values.get(ref.fieldNames()[0]) == null;
                return Answer.of(p.name().equals("IS_NULL") == isNull);
            }
            case "=": case "<=>": case "<>": case "<": case "<=": case ">": case ">=":
                return compare(p.name(), c[0], c[1], values);
            case "IN":
                return in(c, values);
            default:
                return Answer.UNKNOWN;
        }
    }

    private static Answer child(Expression e, Map<String, Object> values) {
        return e instanceof Predicate p ? answer(p, values) : Answer.UNKNOWN;
    }

    private static Answer and(Answer l, Answer r) {
        if (l == Answer.FALSE || r == Answer.FALSE) {
            return Answer.FALSE;
        }
        if (l == Answer.UNKNOWN || r == Answer.UNKNOWN) {
            return Answer.UNKNOWN;
        }
        return l == Answer.NULL || r == Answer.NULL ? Answer.NULL : Answer.TRUE;
    }

    private static Answer not(Answer a) {
        return switch (a) {
            case TRUE -> Answer.FALSE;
            case FALSE -> Answer.TRUE;
            case NULL -> Answer.NULL;
            case UNKNOWN -> Answer.UNKNOWN;
        };
    }

    private static Answer compare(String op, Expression left, Expression right, Map<String, Object> values) {
        if (!(left instanceof NamedReference ref) || !(right instanceof Literal<?> lit)) {
            return left instanceof Literal<?> && right instanceof NamedReference ? compare(PredicateTranslator.flip(op), right, left, values)
                    : Answer.UNKNOWN;
        }
        Object v = values.get(ref.fieldNames()[0]);
        Object l = lit.value();
        if (op.equals("<=>")) {
            return v == null || l == null ? Answer.of(v == l) : order(v, l) == null ? Answer.UNKNOWN : Answer.of(order(v, l) == 0);
        }
        if (v == null || l == null) {
            return Answer.NULL;
        }
        Integer o = order(v, l);
        if (o == null) {
            return Answer.UNKNOWN;
        }
        return Answer.of(switch (op) {
            case "=" -> o == 0;
            case "<>" -> o != 0;
            case "<" -> o < 0;
            case "<=" -> o <= 0;
            case ">" -> o > 0;
            default -> o >= 0;
        });
    }

    private static Answer in(Expression[] c, Map<String, Object> values) {
        if (!(c[0] instanceof NamedReference ref)) {
            return Answer.UNKNOWN;
        }
        Object v = values.get(ref.fieldNames()[0]);
        if (v == null) {
            return Answer.NULL;
        }
        boolean sawNull = false;
        for (int i = 1; i < c.length; i++) {
            if (!(c[i] instanceof Literal<?> lit)) {
                return Answer.UNKNOWN;
            }
            if (lit.value() == null) {
                sawNull = true;
                continue;
            }
            Integer o = order(v, lit.value());
            if (o == null) {
                return Answer.UNKNOWN;
            }
            if (o == 0) {
                return Answer.TRUE;
            }
        }
        return sawNull ? Answer.NULL : Answer.FALSE;
    }

    /** The order of two Spark values of one class (as Spark orders them), or null for other pairs. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Integer order(Object a, Object b) {
        if (a.getClass() != b.getClass() || !(a instanceof Comparable)) {
            return null;
        }
        if (a instanceof Double x) {
            // Spark: NaN = NaN and above every number, -0.0 = 0.0.
            return Double.isNaN(x) || Double.isNaN((Double) b) ? Boolean.compare(Double.isNaN(x), Double.isNaN((Double) b))
                    : Double.compare(x + 0.0, (Double) b + 0.0);
        }
        return ((Comparable) a).compareTo(b);
    }
}
