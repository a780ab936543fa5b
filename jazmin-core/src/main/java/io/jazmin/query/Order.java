package io.jazmin.query;

import io.jazmin.data.SortKey;
import io.jazmin.schema.Column;
import java.util.Objects;

/**
 * One key of a typed query's order: a member, a direction and where null cells go; compiled to a
 * {@link SortKey} (the same comparisons, see there) when given to {@link Query#orderBy}. Immutable.
 *
 * <pre>{@code
 * Query.of(Customer.class).orderBy(Order.desc(Customer::balance), Order.asc(Customer::name).ignoringCase())
 * }</pre>
 *
 * @param <T> the mapped type
 */
public final class Order<T> {
    private final Accessor<T, ?> accessor;
    private final SortKey.Direction direction;
    private final SortKey.Nulls nulls;
    private final boolean ignoreCase;

    private Order(Accessor<T, ?> accessor, SortKey.Direction direction, SortKey.Nulls nulls, boolean ignoreCase) {
        this.accessor = Objects.requireNonNull(accessor, "accessor");
        this.direction = direction;
        this.nulls = nulls;
        this.ignoreCase = ignoreCase;
    }

    /** Ascending, nulls first (as {@link SortKey#asc}). */
    public static <T> Order<T> asc(Accessor<T, ?> accessor) {
        return new Order<>(accessor, SortKey.Direction.ASC, SortKey.Nulls.FIRST, false);
    }

    /** Descending, nulls last (as {@link SortKey#desc}). */
    public static <T> Order<T> desc(Accessor<T, ?> accessor) {
        return new Order<>(accessor, SortKey.Direction.DESC, SortKey.Nulls.LAST, false);
    }

    /** This key with null cells before every value. */
    public Order<T> nullsFirst() {
        return new Order<>(accessor, direction, SortKey.Nulls.FIRST, ignoreCase);
    }

    /** This key with null cells after every value. */
    public Order<T> nullsLast() {
        return new Order<>(accessor, direction, SortKey.Nulls.LAST, ignoreCase);
    }

    /** This key comparing text without regard to case (string columns only). */
    public Order<T> ignoringCase() {
        return new Order<>(accessor, direction, nulls, true);
    }

    /** The engine's sort key on {@code columns}' type; a column without an order is refused. */
    SortKey compile(TypeColumns<T> columns) {
        Column column = columns.column(accessor);
        if (!column.type().isOrdered()) {
            throw new InvalidQueryException("cannot order by " + AccessorMember.of(accessor) + ": "
                    + column.type().typeName() + " columns have no order");
        }
        if (ignoreCase && !column.type().isText()) {
            throw new InvalidQueryException("ignoringCase on " + AccessorMember.of(accessor) + ", a "
                    + column.type().typeName() + " column (only string columns compare text)");
        }
        return new SortKey(column.name(), direction, nulls, ignoreCase);
    }
}
