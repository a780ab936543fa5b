package io.jazmin.query;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A collection member of type {@code T} stored as a {@code list} column ({@code @JazminNested}),
 * named by its accessor ({@code items(Post::tags)}, see {@link Where#items}), and the conditions on
 * its items, compiled to {@link Filter#any}. A null list has no items. A collection stored as a
 * {@code json} cell (the mapping's default) cannot be searched: the query refuses it when built.
 *
 * <pre>{@code
 * Query.of(Post.class).where(items(Post::tags).contains("vip").and(items(Post::tags).isNotEmpty()))
 * // Filter.any("tags", Filter.eq(Filter.ITEM, "vip")).and(...)
 * }</pre>
 *
 * @param <T> the mapped type
 * @param <E> the item type
 */
public final class Items<T, E> {
    private final Accessor<T, ? extends Collection<E>> accessor;

    Items(Accessor<T, ? extends Collection<E>> accessor) {
        this.accessor = Objects.requireNonNull(accessor, "accessor");
    }

    /** Some item equals {@code item} (a null {@code item}: some item is null). */
    public Condition<T> contains(E item) {
        return Condition.of(columns -> {
            Column column = listColumn(columns, true);
            Object cell = itemCells(columns, column, Collections.singletonList(item)).get(0);
            return Filter.any(column.name(), Filter.eq(Filter.ITEM, cell));
        });
    }

    /** Some item equals {@code text} ignoring case (string items). */
    public Condition<T> containsIgnoreCase(String text) {
        if (text == null) {
            throw new InvalidQueryException("containsIgnoreCase needs a value, not null");
        }
        return Condition.of(columns -> {
            Column column = listColumn(columns, true);
            if (!column.item().type().isText()) {
                throw new InvalidQueryException("containsIgnoreCase on " + AccessorMember.of(accessor) + ", whose items are "
                        + column.item().type().typeName() + " values (only string items compare text)");
            }
            return Filter.any(column.name(), Filter.equalsIgnoreCase(Filter.ITEM, text));
        });
    }

    /** Some item equals one of {@code items} (a null among them matches nothing). */
    @SafeVarargs
    public final Condition<T> containsAny(E... items) {
        return containsAny(Arrays.asList(items));
    }

    /** Some item equals one of {@code items} (a null among them matches nothing). */
    public Condition<T> containsAny(Collection<? extends E> items) {
        if (items == null) {
            throw new InvalidQueryException("containsAny needs a collection of values, not null");
        }
        List<E> given = new ArrayList<>();
        for (E item : items) {
            if (item != null) {
                given.add(item);
            }
        }
        return Condition.of(columns -> {
            Column column = listColumn(columns, true);
            return Filter.any(column.name(), Filter.in(Filter.ITEM, itemCells(columns, column, given)));
        });
    }

    /** The list has an item (null or not): neither null nor empty. */
    public Condition<T> isNotEmpty() {
        return Condition.of(columns -> hasItem(listColumn(columns, false)));
    }

    /** The list is null or empty. */
    public Condition<T> isEmpty() {
        return Condition.of(columns -> hasItem(listColumn(columns, false)).negate());
    }

    /** The member is null (not the same as empty). */
    public Condition<T> isNull() {
        return Condition.of(columns -> Filter.isNull(columns.column(accessor).name()));
    }

    /** The member is not null. */
    public Condition<T> isNotNull() {
        return Condition.of(columns -> Filter.isNotNull(columns.column(accessor).name()));
    }

    private static Filter hasItem(Column column) {
        return Filter.any(column.name(), Filter.anyOf(Filter.isNull(Filter.ITEM), Filter.isNotNull(Filter.ITEM)));
    }

    /** A hint for a member stored as JSON text, which {@code @JazminNested} would store as a list. */
    private static String nestedHint(ColumnType type) {
        return switch (type) {
            case JSON -> " (mark it @JazminNested)";
            case BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, BINARY, LIST, OBJECT -> "";
        };
    }

    /** The member's column, which must be a list (of ordered items, when items are compared). */
    private Column listColumn(TypeColumns<T> columns, boolean comparesItems) {
        Column column = columns.column(accessor);
        if (!column.type().hasItems()) {
            throw new InvalidQueryException(AccessorMember.of(accessor) + " is stored as a " + column.type().typeName()
                    + " column, not a list" + nestedHint(column.type()));
        }
        if (comparesItems && !column.item().type().isOrdered()) {
            throw new InvalidQueryException(AccessorMember.of(accessor) + " has " + column.item().type().typeName()
                    + " items, which compare with nothing");
        }
        return column;
    }

    /** {@code items} as the list column stores them: through the member's own converter, as a collection of them. */
    private static List<Object> itemCells(TypeColumns<?> columns, Column column, List<?> items) {
        List<Object> out = new ArrayList<>(items.size());
        for (Object item : items) {
            out.add(((List<?>) columns.cell(column, Collections.singletonList(item))).get(0));
        }
        return out;
    }
}
