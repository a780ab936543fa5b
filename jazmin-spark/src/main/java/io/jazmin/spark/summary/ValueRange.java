package io.jazmin.spark.summary;

import io.jazmin.schema.ColumnType;
import java.io.Serializable;
import java.time.Instant;

/**
 * The smallest and largest non-null value of one column in one file, as the connector wrote them:
 * {@code Long} for int columns, {@code String} for string columns (ordered as
 * {@link String#compareTo}, UTF-16 code units, the order JAZMIN compares strings in), {@code Instant}
 * for datetime columns. Only these types are summarized: floats (NaN, −0) and decimals (scales) are
 * left out, so that a range never rules out a row a filter would match.
 *
 * @param type the column's type
 * @param min  the smallest value
 * @param max  the largest value
 */
public record ValueRange(ColumnType type, Comparable<?> min, Comparable<?> max) implements Serializable {

    /** Whether ranges of columns of {@code type} are summarized. */
    public static boolean summarized(ColumnType type) {
        return type == ColumnType.INT || type == ColumnType.STRING || type == ColumnType.DATETIME;
    }

    /**
     * {@code value} as this range's values are held, or {@code null} when it is not a value of the
     * column's type (the range then decides nothing about it).
     */
    Comparable<?> comparable(Object value) {
        return switch (type) {
            case INT -> value instanceof Long || value instanceof Integer || value instanceof Short
                    || value instanceof Byte ? Long.valueOf(((Number) value).longValue()) : null;
            case STRING -> value instanceof String s ? s : null;
            case DATETIME -> value instanceof Instant i ? i : null;
            case BOOL, FLOAT, DECIMAL, BINARY, JSON, LIST, OBJECT -> null;
        };
    }

    /** Compares two values of this range's type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Comparable<?> a, Comparable<?> b) {
        return ((Comparable) a).compareTo(b);
    }
}
