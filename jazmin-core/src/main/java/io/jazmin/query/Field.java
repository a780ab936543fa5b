package io.jazmin.query;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A member of type {@code T} named by an accessor ({@code field(Customer::age)}, see
 * {@link Where#field}), and the conditions on it. Operands are the member's own values
 * ({@code LocalDate}, enums, {@code Optional}...): the query stores each as the cell the mapper
 * writes for it, so a condition means what it says about the objects written.
 *
 * <p>Conditions follow {@link Filter}: a null cell matches no comparison but {@link #isNull()}
 * ({@code ne}, {@code notIn} and {@link Condition#not() not} included); {@code eq(null)} is
 * {@code isNull()} and {@code ne(null)} is {@code isNotNull()}; a null among the values of
 * {@code in} matches nothing. Which comparisons a column serves is checked when the query is built:
 * text comparisons need a string column, the others (but {@code isNull}/{@code isNotNull}) a column
 * with an order (not binary, json, list or object).
 *
 * @param <T> the mapped type
 * @param <V> the member's type
 */
public final class Field<T, V> {
    private final Accessor<T, V> accessor;

    Field(Accessor<T, V> accessor) {
        this.accessor = Objects.requireNonNull(accessor, "accessor");
    }

    /** Equal to {@code value}; {@code null}: the same as {@link #isNull()}. */
    public Condition<T> eq(V value) {
        return value == null ? isNull() : condition(Comparison.EQ, value);
    }

    /** Not equal to {@code value} (null cells never match); {@code null}: the same as {@link #isNotNull()}. */
    public Condition<T> ne(V value) {
        return value == null ? isNotNull() : condition(Comparison.NE, value);
    }

    /** Equal to one of {@code values} (a null among them matches nothing). */
    @SafeVarargs
    public final Condition<T> in(V... values) {
        return in(Arrays.asList(values));
    }

    /** Equal to one of {@code values} (a null among them matches nothing). */
    public Condition<T> in(Collection<? extends V> values) {
        return condition(Comparison.IN, List.copyOf(values(values)));
    }

    /** Not equal to any of {@code values} ({@code in} negated: null cells match). */
    @SafeVarargs
    public final Condition<T> notIn(V... values) {
        return notIn(Arrays.asList(values));
    }

    /** Not equal to any of {@code values} ({@code in} negated: null cells match). */
    public Condition<T> notIn(Collection<? extends V> values) {
        return condition(Comparison.NOT_IN, List.copyOf(values(values)));
    }

    /** Less than {@code value}. */
    public Condition<T> lt(V value) {
        return condition(Comparison.LT, required(Comparison.LT, value));
    }

    /** Less than or equal to {@code value}. */
    public Condition<T> le(V value) {
        return condition(Comparison.LE, required(Comparison.LE, value));
    }

    /** Greater than {@code value}. */
    public Condition<T> gt(V value) {
        return condition(Comparison.GT, required(Comparison.GT, value));
    }

    /** Greater than or equal to {@code value}. */
    public Condition<T> ge(V value) {
        return condition(Comparison.GE, required(Comparison.GE, value));
    }

    /** From {@code from} to {@code to}, both included ({@code ge(from).and(le(to))}). */
    public Condition<T> between(V from, V to) {
        return condition(Comparison.BETWEEN, required(Comparison.BETWEEN, from), required(Comparison.BETWEEN, to));
    }

    /** The member is null (or an empty {@code Optional}). */
    public Condition<T> isNull() {
        return condition(Comparison.IS_NULL);
    }

    /** The member is not null. */
    public Condition<T> isNotNull() {
        return condition(Comparison.IS_NOT_NULL);
    }

    /** Starts with {@code prefix}, case-sensitive (string columns). */
    public Condition<T> startsWith(String prefix) {
        return text(Comparison.STARTS_WITH, prefix);
    }

    /** Ends with {@code suffix}, case-sensitive (string columns). */
    public Condition<T> endsWith(String suffix) {
        return text(Comparison.ENDS_WITH, suffix);
    }

    /** Contains {@code text}, case-sensitive (string columns). */
    public Condition<T> contains(String text) {
        return text(Comparison.CONTAINS, text);
    }

    /** Equal to {@code text} ignoring case (string columns). */
    public Condition<T> equalsIgnoreCase(String text) {
        return text(Comparison.EQUALS_IGNORE_CASE, text);
    }

    /** Starts with {@code prefix} ignoring case (string columns). */
    public Condition<T> startsWithIgnoreCase(String prefix) {
        return text(Comparison.STARTS_WITH_IGNORE_CASE, prefix);
    }

    /** Ends with {@code suffix} ignoring case (string columns). */
    public Condition<T> endsWithIgnoreCase(String suffix) {
        return text(Comparison.ENDS_WITH_IGNORE_CASE, suffix);
    }

    /** Contains {@code text} ignoring case (string columns). */
    public Condition<T> containsIgnoreCase(String text) {
        return text(Comparison.CONTAINS_IGNORE_CASE, text);
    }

    private static <V> List<V> values(Collection<? extends V> values) {
        if (values == null) {
            throw new InvalidQueryException("in and notIn need a collection of values, not null");
        }
        List<V> out = new ArrayList<>(values.size());
        for (V v : values) {
            if (v != null) {
                out.add(v); // matches nothing: leaving it out keeps the engine's list free of nulls
            }
        }
        return out;
    }

    private static <V> V required(Comparison comparison, V value) {
        if (value == null) {
            throw new InvalidQueryException(comparison.method() + " needs a value, not null (use isNull)");
        }
        return value;
    }

    private Condition<T> text(Comparison comparison, String text) {
        return condition(comparison, required(comparison, text));
    }

    private Condition<T> condition(Comparison comparison, Object... operands) {
        Object[] given = operands.clone();
        return Condition.of(columns -> {
            Column column = columns.column(accessor);
            comparison.check(column, AccessorMember.of(accessor));
            List<Object> cells = new ArrayList<>(given.length);
            for (Object operand : given) {
                cells.add(cell(columns, column, comparison, operand));
            }
            return comparison.filter(column.name(), cells);
        });
    }

    /** One operand as the filter takes it: text as written, values (and each value of a list) as cells. */
    private static Object cell(TypeColumns<?> columns, Column column, Comparison comparison, Object operand) {
        if (comparison.isText()) {
            return operand;
        }
        if (comparison.takesList()) {
            List<Object> cells = new ArrayList<>();
            for (Object v : (List<?>) operand) {
                Object cell = columns.cell(column, v);
                if (cell != null) {
                    cells.add(cell); // an empty Optional stores null, which matches nothing here
                }
            }
            return cells;
        }
        Object cell = columns.cell(column, operand);
        if (cell == null && !comparison.takesNull()) {
            throw new InvalidQueryException(comparison.method() + " on " + column.name()
                    + " needs a value that is stored as one, not an empty one (use isNull)");
        }
        return cell;
    }
}
