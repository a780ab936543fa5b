package io.jazmin.spring.data.repository.query;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import java.util.Collection;
import java.util.Iterator;
import org.springframework.data.repository.query.parser.Part;

/**
 * Derived-query parts on collection members, served by the engine's {@code any} filter on a
 * {@code list} column (spec §2.1): {@code Containing} is "some item equals the argument",
 * {@code In} "some item is one of the arguments", {@code IsNotEmpty} "the list has an item" and
 * {@code IsEmpty} its negation (a null list is empty). A collection stored as a {@code json} cell
 * (the mapping's default) cannot be filtered, so such methods are refused at startup.
 */
final class ListPartFilters {
    private ListPartFilters() {
    }

    /** Why {@code part}, on the collection member stored in {@code column}, cannot be served, or {@code null}. */
    static String problem(Part part, JazminPersistentEntity<?> entity, String column) {
        String keyword = Keywords.of(part.getType());
        String property = part.getProperty().toDotPath();
        Part.Type type = part.getType();
        boolean takesItem = type == Part.Type.CONTAINING || type == Part.Type.NOT_CONTAINING
                || type == Part.Type.IN || type == Part.Type.NOT_IN;
        boolean nullness = type == Part.Type.IS_NULL || type == Part.Type.IS_NOT_NULL;
        if (!takesItem && !nullness && type != Part.Type.IS_EMPTY && type != Part.Type.IS_NOT_EMPTY) {
            return "keyword " + keyword + " does not apply to the collection property '" + property + "'; use "
                    + "Containing, In, IsEmpty, IsNotEmpty or IsNull";
        }
        if (nullness) {
            return null;
        }
        Column stored = entity.getMapper().schema().column(column);
        if (!stored.type().hasItems()) {
            return "keyword " + keyword + " on the collection property '" + property + "' needs a list column, but "
                    + "it is stored as a " + stored.type().typeName() + " column; mark it @JazminNested";
        }
        if (takesItem && !stored.item().type().isOrdered()) {
            return "keyword " + keyword + " on '" + property + "' compares items, but its items are "
                    + stored.item().type().typeName() + " values";
        }
        boolean ignoreCase = part.shouldIgnoreCase() == Part.IgnoreCaseType.ALWAYS;
        if (ignoreCase && (type != Part.Type.CONTAINING && type != Part.Type.NOT_CONTAINING
                || !stored.item().type().isText())) {
            return "keyword IgnoreCase with " + keyword + " on '" + property + "' needs string items and "
                    + "Containing";
        }
        return null;
    }

    /** The filter for {@code part} (checked by {@link #problem}) with its arguments taken from {@code args}. */
    static Filter toFilter(Part part, String column, Iterator<Object> args, boolean ignoreCase) {
        return switch (part.getType()) {
            case CONTAINING -> Filter.any(column, item(args.next(), ignoreCase));
            case NOT_CONTAINING -> Filter.any(column, item(args.next(), ignoreCase)).negate();
            case IN -> Filter.any(column, Filter.in(Filter.ITEM, items(args.next())));
            case NOT_IN -> Filter.any(column, Filter.in(Filter.ITEM, items(args.next()))).negate();
            case IS_NOT_EMPTY -> hasItem(column);
            case IS_EMPTY -> hasItem(column).negate();
            case IS_NULL -> Filter.isNull(column);
            case IS_NOT_NULL -> Filter.isNotNull(column);
            default -> throw new IllegalStateException("checked at startup: " + part.getType());
        };
    }

    private static Filter item(Object value, boolean ignoreCase) {
        return ignoreCase ? Filter.equalsIgnoreCase(Filter.ITEM, String.valueOf(value))
                : Filter.eq(Filter.ITEM, CellValues.toCell(value));
    }

    private static Collection<?> items(Object value) {
        return (Collection<?>) CellValues.toCell(PartFilters.collection(value));
    }

    /** Some item, null or not: the list is neither null nor empty. */
    private static Filter hasItem(String column) {
        return Filter.any(column, Filter.anyOf(Filter.isNull(Filter.ITEM), Filter.isNotNull(Filter.ITEM)));
    }
}
