package io.jazmin.query;

import java.util.Collection;

/**
 * Where typed conditions start: a member named by its accessor, and conditions joined. Meant to be
 * imported statically.
 *
 * <pre>{@code
 * import static io.jazmin.query.Where.*;
 *
 * Query<Customer> q = Query.of(Customer.class)
 *         .where(field(Customer::country).eq("NA").and(field(Customer::age).gt(80)));
 * Condition<Customer> c = anyOf(field(Customer::name).startsWith("A"), field(Customer::email).isNull());
 * }</pre>
 */
public final class Where {
    private Where() {
    }

    /**
     * The member {@code accessor} reads, such as {@code Customer::age} (a record component) or
     * {@code Customer::getAge} (a POJO getter). Which column it is, and whether the conditions made
     * on it fit that column, is settled when the condition is given to {@link Query#where}.
     */
    public static <T, V> Field<T, V> field(Accessor<T, V> accessor) {
        return new Field<>(accessor);
    }

    /**
     * The items of the collection member {@code accessor} reads, such as {@code Post::tags}, stored
     * as a list column ({@code @JazminNested}): conditions on its items.
     */
    public static <T, E> Items<T, E> items(Accessor<T, ? extends Collection<E>> accessor) {
        return new Items<>(accessor);
    }

    /** All of {@code conditions}: {@code c1.and(c2).and(...)}. */
    @SafeVarargs
    public static <T> Condition<T> allOf(Condition<T>... conditions) {
        return Condition.combine(true, conditions);
    }

    /** Any of {@code conditions}: {@code c1.or(c2).or(...)}. */
    @SafeVarargs
    public static <T> Condition<T> anyOf(Condition<T>... conditions) {
        return Condition.combine(false, conditions);
    }

    /** Rows not matching {@code condition}: {@code condition.not()}. */
    public static <T> Condition<T> not(Condition<T> condition) {
        if (condition == null) {
            throw new InvalidQueryException("a condition is null");
        }
        return condition.not();
    }
}
