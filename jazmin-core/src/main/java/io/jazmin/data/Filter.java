package io.jazmin.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.ColumnType;

/**
 * A row filter: the same tree as the JSON filter language of the JAZMIN libraries (spec §2.1),
 * built in Java or parsed from JSON.
 *
 * <pre>{@code
 * Filter f = Filter.eq("country", "NA").and(Filter.gt("age", 80));
 * Filter g = Filter.parse("{\"country\":\"NA\",\"age\":{\"gt\":80}}"); // the same filter
 * }</pre>
 *
 * Operands are plain Java values ({@link String}, {@link Number}, {@link Boolean},
 * {@link java.time.Instant}, {@link java.math.BigDecimal}); they are converted to the column's type
 * when the filter is used on a table, where an unknown column, an unknown operator or an operator
 * that does not fit the column's type is a {@link JazminValidationException}.
 */
public sealed interface Filter permits Filter.And, Filter.Or, Filter.Not, Filter.Condition, Filter.Nested {

    /**
     * The column name by which the inner filter of {@code any}/{@code all} on a list whose items are
     * not objects names the item itself: {@code Filter.any("tags", Filter.eq(Filter.ITEM, "vip"))}.
     */
    String ITEM = "";

    /** Operators on list and object columns (spec §2.1). */
    enum NestedOp {
        /** Some item of the list matches the inner filter (an empty list: no). */
        ANY("any"),
        /** Every item of the list matches the inner filter (an empty list: yes). */
        ALL("all"),
        /** The object's fields match the inner filter. */
        MATCH("match");

        private final String jsonName;

        NestedOp(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The type of column it applies to: lists for {@code any} and {@code all}, objects for {@code match}. */
        public ColumnType columnType() {
            return switch (this) {
                case ANY, ALL -> ColumnType.LIST;
                case MATCH -> ColumnType.OBJECT;
            };
        }

        /** The operator's name in JSON filters. */
        public String jsonName() {
            return jsonName;
        }

        /** The operator named {@code name} in JSON, or {@code null}. */
        public static NestedOp fromJsonName(String name) {
            for (NestedOp op : values()) {
                if (op.jsonName.equals(name)) {
                    return op;
                }
            }
            return null;
        }
    }

    /**
     * Comparison operators of the filter language. The last four ({@code endsWith}, {@code ieq},
     * {@code istartsWith}, {@code iendsWith}) are extensions of this library for string columns
     * (Spring Data's EndingWith and IgnoreCase keywords): the JavaScript and .NET libraries do not
     * know them, so filters meant for them should not use them.
     */
    enum Op {
        EQ("eq"), NE("ne"), IN("in"), GT("gt"), GTE("gte"), LT("lt"), LTE("lte"), CONTAINS("contains"),
        ICONTAINS("icontains"), STARTS_WITH("startsWith"), IS_NULL("isNull"),
        ENDS_WITH("endsWith", true), IEQ("ieq", true), ISTARTS_WITH("istartsWith", true),
        IENDS_WITH("iendsWith", true);

        private final String jsonName;
        private final boolean extension;

        Op(String jsonName) {
            this(jsonName, false);
        }

        Op(String jsonName, boolean extension) {
            this.jsonName = jsonName;
            this.extension = extension;
        }

        /** Whether only this library knows the operator (not part of the shared JAZMIN filter language). */
        public boolean isExtension() {
            return extension;
        }

        /** Whether the operator applies to string columns only and compares text. */
        public boolean isText() {
            return switch (this) {
                case CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> true;
                case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> false;
            };
        }

        /** Whether the operand is a list of values, any of which matches ({@code in}). */
        public boolean takesList() {
            return switch (this) {
                case IN -> true;
                case EQ, NE, GT, GTE, LT, LTE, CONTAINS, ICONTAINS, STARTS_WITH, IS_NULL, ENDS_WITH, IEQ,
                     ISTARTS_WITH, IENDS_WITH -> false;
            };
        }

        /** The operator's name in JSON filters. */
        public String jsonName() {
            return jsonName;
        }

        /** The operator named {@code name} in JSON, or {@code null}. */
        public static Op fromJsonName(String name) {
            for (Op op : values()) {
                if (op.jsonName.equals(name)) {
                    return op;
                }
            }
            return null;
        }
    }

    /** All parts must match. */
    record And(List<Filter> parts) implements Filter {
        public And {
            parts = List.copyOf(parts);
        }
    }

    /** At least one part must match. */
    record Or(List<Filter> parts) implements Filter {
        public Or {
            parts = List.copyOf(parts);
        }
    }

    /** The inner filter must not match. */
    record Not(Filter inner) implements Filter {
        public Not {
            Objects.requireNonNull(inner, "inner");
        }
    }

    /**
     * One condition on one column. For {@link Op#IN} the operand is a {@link List}, whose {@code null}
     * and NaN items match no row (as in the reference libraries since 1.3.0: {@code {"in": ["BW", null]}}
     * is {@code {"in": ["BW"]}}, and an {@code in} list of nulls only matches nothing); for
     * {@link Op#IS_NULL} a {@link Boolean}.
     */
    record Condition(String column, Op op, Object operand) implements Filter {
        public Condition {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(op, "op");
            if (op.takesList()) {
                if (!(operand instanceof Collection<?> c)) {
                    throw new JazminValidationException("'" + op.jsonName() + "' needs a list of values");
                }
                // Not List.copyOf: null items are allowed (they match nothing).
                operand = Collections.unmodifiableList(new ArrayList<>(c));
            }
        }
    }

    /**
     * A condition on a list or object column: {@code inner} is a filter over the object's fields (for
     * {@code match}), over each item's fields (lists of objects), or over the item itself named
     * {@link #ITEM} (other lists). All conditions of the inner filter apply to the same item. A null
     * list or object matches nothing, a null item object no inner filter.
     */
    record Nested(String column, NestedOp op, Filter inner) implements Filter {
        public Nested {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(inner, "inner");
        }
    }

    /** This filter and {@code other}. */
    default Filter and(Filter other) {
        return new And(List.of(this, other));
    }

    /** This filter or {@code other}. */
    default Filter or(Filter other) {
        return new Or(List.of(this, other));
    }

    /** The negation of this filter. */
    default Filter negate() {
        return new Not(this);
    }

    /** The JSON form of this filter. */
    default String toJson() {
        return FilterJson.write(this);
    }

    /** Parses a JSON filter such as {@code {"country":"NA","age":{"gt":80}}}. */
    static Filter parse(String json) {
        return FilterJson.parse(json);
    }

    /** Column equals value; {@code eq(col, null)} is the same as {@link #isNull(String)}. */
    static Filter eq(String column, Object value) {
        return value == null ? isNull(column) : new Condition(column, Op.EQ, value);
    }

    /** Column is not equal to value (null cells never match); {@code ne(col, null)} means not null. */
    static Filter ne(String column, Object value) {
        return value == null ? isNotNull(column) : new Condition(column, Op.NE, value);
    }

    /** Column equals one of {@code values}; {@code null} and NaN items match nothing (see {@link Condition}). */
    static Filter in(String column, Collection<?> values) {
        return new Condition(column, Op.IN, values);
    }

    /** {@link #in(String, Collection)} of {@code values}. */
    static Filter in(String column, Object... values) {
        return new Condition(column, Op.IN, Arrays.asList(values));
    }

    static Filter gt(String column, Object value) {
        return new Condition(column, Op.GT, value);
    }

    static Filter gte(String column, Object value) {
        return new Condition(column, Op.GTE, value);
    }

    static Filter lt(String column, Object value) {
        return new Condition(column, Op.LT, value);
    }

    static Filter lte(String column, Object value) {
        return new Condition(column, Op.LTE, value);
    }

    /** Case-sensitive substring (string columns). */
    static Filter contains(String column, String text) {
        return new Condition(column, Op.CONTAINS, text);
    }

    /** Case-insensitive substring (string columns). */
    static Filter icontains(String column, String text) {
        return new Condition(column, Op.ICONTAINS, text);
    }

    /** Case-sensitive prefix (string columns). */
    static Filter startsWith(String column, String prefix) {
        return new Condition(column, Op.STARTS_WITH, prefix);
    }

    /** Case-sensitive suffix (string columns; an extension, see {@link Op}). */
    static Filter endsWith(String column, String suffix) {
        return new Condition(column, Op.ENDS_WITH, suffix);
    }

    /** Equal ignoring case (string columns; an extension, see {@link Op}). */
    static Filter equalsIgnoreCase(String column, String text) {
        return new Condition(column, Op.IEQ, text);
    }

    /** Prefix ignoring case (string columns; an extension, see {@link Op}). */
    static Filter startsWithIgnoreCase(String column, String prefix) {
        return new Condition(column, Op.ISTARTS_WITH, prefix);
    }

    /** Suffix ignoring case (string columns; an extension, see {@link Op}). */
    static Filter endsWithIgnoreCase(String column, String suffix) {
        return new Condition(column, Op.IENDS_WITH, suffix);
    }

    static Filter isNull(String column) {
        return new Condition(column, Op.IS_NULL, Boolean.TRUE);
    }

    static Filter isNotNull(String column) {
        return new Condition(column, Op.IS_NULL, Boolean.FALSE);
    }

    /** Some item of list column {@code column} matches {@code inner} (see {@link Nested}). */
    static Filter any(String column, Filter inner) {
        return new Nested(column, NestedOp.ANY, inner);
    }

    /** Every item of list column {@code column} matches {@code inner} (see {@link Nested}). */
    static Filter all(String column, Filter inner) {
        return new Nested(column, NestedOp.ALL, inner);
    }

    /** The fields of object column {@code column} match {@code inner} (see {@link Nested}). */
    static Filter match(String column, Filter inner) {
        return new Nested(column, NestedOp.MATCH, inner);
    }

    /** All of the filters. */
    static Filter allOf(Filter... filters) {
        return new And(Arrays.asList(filters));
    }

    /** Any of the filters. */
    static Filter anyOf(Filter... filters) {
        return new Or(Arrays.asList(filters));
    }
}
