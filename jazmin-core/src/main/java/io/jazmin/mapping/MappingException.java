package io.jazmin.mapping;

import io.jazmin.error.JazminException;

/**
 * An object cannot be mapped to a row, or a row to an object, without losing or inventing
 * information. Names the row (when one is involved), the column and the path inside it
 * ({@code customer.address.owner}, {@code tags[3]}), and says why through {@link #reason()}.
 */
public class MappingException extends JazminException {
    /** Why mapping failed. */
    public enum Reason {
        /** The class cannot be mapped (no constructor, unsupported member type, bad annotations). */
        UNSUPPORTED_TYPE,
        /** A cell's or JSON value's type does not fit the Java type. */
        TYPE_MISMATCH,
        /** A null for a primitive or non-null member, or in a required column. */
        NULL_VALUE,
        /** A number outside the Java type's range (an int column's 2^40 into an {@code int}). */
        OUT_OF_RANGE,
        /** A value JAZMIN cannot hold exactly (a negative-scale {@code BigDecimal}, a datetime that is not a date). */
        NOT_REPRESENTABLE,
        /** NaN or ±Infinity in a member marked {@link io.jazmin.mapping.annotation.JazminFinite}. */
        NOT_FINITE,
        /** An {@code Instant} or {@code LocalDateTime} with sub-millisecond digits, truncation not chosen. */
        SUB_MILLISECOND,
        /** An enum constant the Java enum does not have. */
        UNKNOWN_ENUM_CONSTANT,
        /** A discriminator no sealed subtype or registered subtype carries. */
        UNKNOWN_SUBTYPE,
        /** An object that contains itself. */
        CYCLE,
        /** Nesting deeper than {@link MappingOptions#maxDepth()}. */
        DEPTH_LIMIT,
        /** A collection or text larger than the limits of {@link MappingOptions}. */
        SIZE_LIMIT,
        /** A repeated element in a set cell or a repeated key in a map cell. */
        DUPLICATE,
        /** Strict mode: the file has a column (or JSON property) the type does not. */
        EXTRA_COLUMN,
        /** The file lacks a column the type needs. */
        MISSING_COLUMN,
        /** A text that does not parse as the Java type (a bad UUID, ISO date or JSON text). */
        INVALID_VALUE,
        /** A registered type adapter failed. */
        ADAPTER_FAILED
    }

    private final Reason reason;
    private final long row;
    private final String column;
    private final String path;

    /**
     * @param reason  why mapping failed
     * @param row     the 0-based row, or -1 when no row is involved (schema checks)
     * @param column  the column, or {@code null}
     * @param path    the column and the path inside it, or {@code null}
     * @param problem what went wrong
     */
    public MappingException(Reason reason, long row, String column, String path, String problem) {
        super(describe(row, path == null ? column : path) + problem + " [" + reason + "]");
        this.reason = reason;
        this.row = row;
        this.column = column;
        this.path = path == null ? column : path;
    }

    /** A schema-level problem, with no row involved. */
    static MappingException schema(Reason reason, String where, String problem) {
        return new MappingException(reason, -1, null, where, problem);
    }

    /** Attaches the error that caused this one; returns this exception, to be thrown. */
    MappingException causedBy(Throwable cause) {
        initCause(cause);
        return this;
    }

    private static String describe(long row, String where) {
        StringBuilder s = new StringBuilder();
        if (row >= 0) {
            s.append("row ").append(row).append(", ");
        }
        if (where != null) {
            s.append("'").append(where).append("': ");
        }
        return s.toString();
    }

    public Reason reason() {
        return reason;
    }

    /** The 0-based row, or -1 when no row is involved. */
    public long row() {
        return row;
    }

    /** The column name, or {@code null}. */
    public String column() {
        return column;
    }

    /** The column followed by the path inside its value ({@code customer.address.owner}), or {@code null}. */
    public String path() {
        return path;
    }
}
