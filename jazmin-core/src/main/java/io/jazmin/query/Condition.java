package io.jazmin.query;

import io.jazmin.data.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A condition on the members of type {@code T}, made by {@link Field} and combined with
 * {@link #and}, {@link #or} and {@link #not}. Immutable. It names members, not columns: a
 * {@link Query} resolves it to its type's columns and compiles it to a {@link Filter} when it is
 * given to {@link Query#where}, which is where a misuse is refused.
 *
 * <pre>{@code
 * Condition<Customer> old = field(Customer::country).eq("NA").and(field(Customer::age).gt(80));
 * Condition<Customer> other = old.not().or(field(Customer::email).isNull());
 * }</pre>
 *
 * @param <T> the mapped type
 */
public final class Condition<T> {
    /** How the parts combine: {@code AND} and {@code OR} flatten chains into one list, as {@link Filter} trees do. */
    private enum Junction { AND, OR, SINGLE }

    private final Junction junction;
    private final List<Condition<T>> parts;
    /** The filter of a single condition (a comparison or a negation), from the query's columns. */
    private final Function<TypeColumns<T>, Filter> single;

    private Condition(Junction junction, List<Condition<T>> parts, Function<TypeColumns<T>, Filter> single) {
        this.junction = junction;
        this.parts = parts;
        this.single = single;
    }

    /** A single condition compiled by {@code filter}. */
    static <T> Condition<T> of(Function<TypeColumns<T>, Filter> filter) {
        return new Condition<>(Junction.SINGLE, List.of(), filter);
    }

    /** Rows matching this condition and {@code other}. */
    public Condition<T> and(Condition<T> other) {
        return join(Junction.AND, other);
    }

    /** Rows matching this condition or {@code other} (or both). */
    public Condition<T> or(Condition<T> other) {
        return join(Junction.OR, other);
    }

    /** Rows not matching this condition (as {@link Filter#negate()}: null cells match no comparison, negated or not). */
    public Condition<T> not() {
        return of(columns -> compile(columns).negate());
    }

    /** {@code conditions} joined by {@code junction}. */
    @SafeVarargs
    static <T> Condition<T> combine(boolean and, Condition<T>... conditions) {
        Junction junction = and ? Junction.AND : Junction.OR;
        if (conditions == null || conditions.length == 0) {
            throw new InvalidQueryException((and ? "allOf" : "anyOf") + " needs a condition");
        }
        Condition<T> out = conditions[0];
        for (int i = 1; i < conditions.length; i++) {
            out = out.join(junction, conditions[i]);
        }
        if (out == null) {
            throw new InvalidQueryException("a condition is null");
        }
        return out;
    }

    private Condition<T> join(Junction with, Condition<T> other) {
        if (other == null) {
            throw new InvalidQueryException("a condition is null");
        }
        List<Condition<T>> joined = new ArrayList<>();
        addParts(with, this, joined);
        addParts(with, other, joined);
        return new Condition<>(with, List.copyOf(joined), null);
    }

    private static <T> void addParts(Junction with, Condition<T> c, List<Condition<T>> into) {
        if (c.junction == with) {
            into.addAll(c.parts);
        } else {
            into.add(c);
        }
    }

    /** The engine filter of this condition on {@code columns}' type; a misuse is an {@link InvalidQueryException}. */
    Filter compile(TypeColumns<T> columns) {
        return switch (junction) {
            case SINGLE -> single.apply(columns);
            case AND -> new Filter.And(compileParts(columns));
            case OR -> new Filter.Or(compileParts(columns));
        };
    }

    private List<Filter> compileParts(TypeColumns<T> columns) {
        List<Filter> out = new ArrayList<>(parts.size());
        for (Condition<T> part : parts) {
            out.add(part.compile(columns));
        }
        return out;
    }
}
