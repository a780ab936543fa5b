package io.jazmin.query;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The comparisons a {@link Field} makes, what column types each serves (the same rules the engine
 * binds filters by, checked when the query is built) and the {@link Filter} each becomes.
 */
enum Comparison {
    EQ(Needs.ORDERED), NE(Needs.ORDERED), IN(Needs.ORDERED), NOT_IN(Needs.ORDERED), LT(Needs.ORDERED),
    LE(Needs.ORDERED), GT(Needs.ORDERED), GE(Needs.ORDERED), BETWEEN(Needs.ORDERED), IS_NULL(Needs.ANY),
    IS_NOT_NULL(Needs.ANY), STARTS_WITH(Needs.STRING), ENDS_WITH(Needs.STRING), CONTAINS(Needs.STRING),
    EQUALS_IGNORE_CASE(Needs.STRING), STARTS_WITH_IGNORE_CASE(Needs.STRING), ENDS_WITH_IGNORE_CASE(Needs.STRING),
    CONTAINS_IGNORE_CASE(Needs.STRING);

    /** The columns a comparison applies to. */
    private enum Needs {
        /** Any column: a null test. */
        ANY,
        /** A column whose values have an order (not binary, json, list or object), as the engine requires. */
        ORDERED,
        /** A string column: a text comparison. */
        STRING
    }

    private final Needs needs;

    Comparison(Needs needs) {
        this.needs = needs;
    }

    /** Whether the operands are text compared as written, not members' values stored as cells. */
    boolean isText() {
        return needs == Needs.STRING;
    }

    /** Refuses a comparison that {@code column}'s type cannot serve; {@code member} names it in the message. */
    void check(Column column, AccessorMember member) {
        ColumnType type = column.type();
        boolean fits = switch (needs) {
            case ANY -> true;
            case ORDERED -> type.isOrdered();
            case STRING -> type.isText();
        };
        if (!fits) {
            throw new InvalidQueryException(method() + " does not apply to " + member + ", a " + type.typeName()
                    + " column" + (needs == Needs.STRING ? " (only string columns compare text)"
                    : " (only isNull and isNotNull do)"));
        }
    }

    /** The filter on {@code column} for the operands, already cells of the column (or text). */
    Filter filter(String column, List<Object> operands) {
        return switch (this) {
            case EQ -> Filter.eq(column, operands.get(0));
            case NE -> Filter.ne(column, operands.get(0));
            case IN -> Filter.in(column, (Collection<?>) operands.get(0));
            case NOT_IN -> Filter.in(column, (Collection<?>) operands.get(0)).negate();
            case LT -> Filter.lt(column, operands.get(0));
            case LE -> Filter.lte(column, operands.get(0));
            case GT -> Filter.gt(column, operands.get(0));
            case GE -> Filter.gte(column, operands.get(0));
            case BETWEEN -> Filter.allOf(Filter.gte(column, operands.get(0)), Filter.lte(column, operands.get(1)));
            case IS_NULL -> Filter.isNull(column);
            case IS_NOT_NULL -> Filter.isNotNull(column);
            case STARTS_WITH -> Filter.startsWith(column, (String) operands.get(0));
            case ENDS_WITH -> Filter.endsWith(column, (String) operands.get(0));
            case CONTAINS -> Filter.contains(column, (String) operands.get(0));
            case EQUALS_IGNORE_CASE -> Filter.equalsIgnoreCase(column, (String) operands.get(0));
            case STARTS_WITH_IGNORE_CASE -> Filter.startsWithIgnoreCase(column, (String) operands.get(0));
            case ENDS_WITH_IGNORE_CASE -> Filter.endsWithIgnoreCase(column, (String) operands.get(0));
            case CONTAINS_IGNORE_CASE -> Filter.icontains(column, (String) operands.get(0));
        };
    }

    /** Whether the one operand is a list of values. */
    boolean takesList() {
        return this == IN || this == NOT_IN;
    }

    /** Whether a null operand means a null test ({@code eq}, {@code ne}) rather than a mistake. */
    boolean takesNull() {
        return this == EQ || this == NE;
    }

    /** The name of the {@link Field} method making it, for messages: the constant's name in camel case. */
    String method() {
        StringBuilder out = new StringBuilder();
        for (String word : name().toLowerCase(Locale.ROOT).split("_")) {
            out.append(out.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return out.toString();
    }
}
