package io.jazmin.spring.data.repository.query;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.Collection;
import java.util.Iterator;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Translates one {@link Part} of a derived query into an engine filter, and checks at startup that
 * every part can be translated. Negations follow the engine: {@code Not} is {@code ne} (null cells
 * never match), while {@code NotIn}, {@code NotContaining} and {@code NotLike} are {@code not(...)}
 * of the positive filter (null cells match).
 */
final class PartFilters {
    private PartFilters() {
    }

    /**
     * Checks every part of {@code tree} and its sort.
     *
     * @throws UnsupportedQueryException naming {@code method} and the keyword that cannot be served
     */
    static void validate(PartTree tree, JazminPersistentEntity<?> entity, String method) {
        for (Part part : tree.getParts()) {
            String problem = problem(part, entity);
            if (problem != null) {
                throw new UnsupportedQueryException("Cannot derive a JAZMIN query for method " + method + ": "
                        + problem);
            }
        }
        tree.getSort().forEach(order -> column(order.getProperty(), entity, method));
    }

    /** The column of a sort or filter property, failing with the method's name when there is none. */
    static String column(String property, JazminPersistentEntity<?> entity, String method) {
        JazminPersistentProperty p = entity.getPersistentProperty(property);
        if (p == null) {
            throw new UnsupportedQueryException("Cannot derive a JAZMIN query for method " + method + ": "
                    + entity.getType().getSimpleName() + " has no property '" + property + "'");
        }
        return p.getColumnName();
    }

    /** The filter for {@code part} with its arguments taken from {@code args}. */
    static Filter toFilter(Part part, String column, Iterator<Object> args, String method) {
        boolean ignoreCase = ignoresCase(part);
        if (part.getProperty().isCollection()) {
            return ListPartFilters.toFilter(part, column, args, ignoreCase);
        }
        return switch (part.getType()) {
            case SIMPLE_PROPERTY -> ignoreCase ? Filter.equalsIgnoreCase(column, text(args))
                    : Filter.eq(column, cell(args));
            case NEGATING_SIMPLE_PROPERTY -> ignoreCase ? Filter.equalsIgnoreCase(column, text(args)).negate()
                    : Filter.ne(column, cell(args));
            case LESS_THAN, BEFORE -> Filter.lt(column, cell(args));
            case LESS_THAN_EQUAL -> Filter.lte(column, cell(args));
            case GREATER_THAN, AFTER -> Filter.gt(column, cell(args));
            case GREATER_THAN_EQUAL -> Filter.gte(column, cell(args));
            case BETWEEN -> Filter.allOf(Filter.gte(column, cell(args)), Filter.lte(column, cell(args)));
            case IN -> Filter.in(column, (Collection<?>) CellValues.toCell(collection(args.next())));
            case NOT_IN -> Filter.in(column, (Collection<?>) CellValues.toCell(collection(args.next()))).negate();
            case IS_NULL -> Filter.isNull(column);
            case IS_NOT_NULL -> Filter.isNotNull(column);
            case TRUE -> Filter.eq(column, true);
            case FALSE -> Filter.eq(column, false);
            case STARTING_WITH -> ignoreCase ? Filter.startsWithIgnoreCase(column, text(args))
                    : Filter.startsWith(column, text(args));
            case ENDING_WITH -> ignoreCase ? Filter.endsWithIgnoreCase(column, text(args))
                    : Filter.endsWith(column, text(args));
            case CONTAINING -> contains(column, text(args), ignoreCase);
            case NOT_CONTAINING -> contains(column, text(args), ignoreCase).negate();
            case LIKE -> LikePattern.toFilter(column, text(args), ignoreCase, method);
            case NOT_LIKE -> LikePattern.toFilter(column, text(args), ignoreCase, method).negate();
            default -> throw new UnsupportedQueryException("method " + method + ": keyword "
                    + Keywords.of(part.getType()) + " is not supported");
        };
    }

    /** Why {@code part} cannot be served, or {@code null} when it can. */
    private static String problem(Part part, JazminPersistentEntity<?> entity) {
        String keyword = Keywords.of(part.getType());
        String property = part.getProperty().toDotPath();
        if (part.getProperty().hasNext()) {
            return "property path '" + property + "' (keyword " + keyword + ") is nested; JAZMIN filters apply to "
                    + "top-level columns";
        }
        JazminPersistentProperty member = entity.getPersistentProperty(part.getProperty().getSegment());
        if (member == null) {
            return entity.getType().getSimpleName() + " has no property '" + property + "'";
        }
        if (part.getProperty().isCollection()) {
            return ListPartFilters.problem(part, entity, member.getColumnName());
        }
        boolean string = part.getProperty().getType() == String.class;
        switch (part.getType()) {
            case STARTING_WITH, ENDING_WITH, CONTAINING, NOT_CONTAINING, LIKE, NOT_LIKE:
                if (!string) {
                    return "keyword " + keyword + " needs a String property, '" + property + "' is "
                            + part.getProperty().getType().getSimpleName();
                }
                return null;
            case SIMPLE_PROPERTY, NEGATING_SIMPLE_PROPERTY:
                if (ignoresCase(part) && !string) {
                    return "keyword IgnoreCase with " + keyword + " needs a String property, '" + property + "' is "
                            + part.getProperty().getType().getSimpleName();
                }
                return null;
            case LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN,
                 GREATER_THAN_EQUAL, BETWEEN, BEFORE, AFTER, IN, NOT_IN:
                if (ignoresCase(part)) {
                    return "keyword IgnoreCase with " + keyword + " (property '" + property + "') is not supported: "
                            + "the engine orders strings by UTF-16 code units only";
                }
                return null;
            case IS_NULL, IS_NOT_NULL, TRUE, FALSE:
                return null;
            default:
                return "keyword " + keyword + " (property '" + property + "') is not supported by the JAZMIN engine";
        }
    }

    /** {@code IgnoreCase} on the part, or {@code AllIgnoreCase} where the property is a string. */
    private static boolean ignoresCase(Part part) {
        return switch (part.shouldIgnoreCase()) {
            case ALWAYS -> true;
            case WHEN_POSSIBLE -> part.getProperty().getType() == String.class;
            case NEVER -> false;
        };
    }

    private static Filter contains(String column, String text, boolean ignoreCase) {
        return ignoreCase ? Filter.icontains(column, text) : Filter.contains(column, text);
    }

    private static Object cell(Iterator<Object> args) {
        return CellValues.toCell(args.next());
    }

    private static String text(Iterator<Object> args) {
        return String.valueOf(args.next());
    }

    /**
     * The items of an {@code In}/{@code NotIn} argument (a collection, an array or one value). Null items
     * stay: the engine's {@code in} matches nothing for them (reference 1.3.0), so {@code findByXIn([a, null])}
     * finds the rows equal to {@code a} and {@code findByXNotIn([a, null])} every other row, null cells
     * included (no item of the list equals them).
     */
    static Collection<?> collection(Object value) {
        if (value instanceof Collection<?> c) {
            return c;
        }
        if (value instanceof Object[] array) {
            return java.util.Arrays.asList(array);
        }
        return java.util.Collections.singletonList(value);
    }
}
