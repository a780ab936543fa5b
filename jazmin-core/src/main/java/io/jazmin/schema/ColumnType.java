package io.jazmin.schema;

import java.util.Locale;
import io.jazmin.error.JazminValidationException;

/**
 * The column types of JAZMIN 1.0, with their wire ids (proto enum {@code Type}). Java values:
 * bool {@link Boolean}, int {@link Long}, float {@link Double}, decimal {@link java.math.BigDecimal},
 * string {@link String}, datetime {@link java.time.Instant} (milliseconds), binary {@code byte[]},
 * json {@link JsonText}.
 */
public enum ColumnType {
    BOOL(1, true),
    INT(2, true),
    FLOAT(3, true),
    DECIMAL(4, true),
    STRING(5, true),
    DATETIME(6, true),
    BINARY(7, false),
    JSON(8, false),
    LIST(9, false),
    OBJECT(10, false);

    private final int wireId;
    private final boolean ordered;

    ColumnType(int wireId, boolean ordered) {
        this.wireId = wireId;
        this.ordered = ordered;
    }

    /** The id stored in the catalog. */
    public int wireId() {
        return wireId;
    }

    /** Whether values have an order and a key form (usable in ranges, statistics and sorted indexes). */
    public boolean isOrdered() {
        return ordered;
    }

    /** Whether this is a nested type (list or object) stored as child streams. */
    public boolean isNested() {
        return switch (this) {
            case LIST, OBJECT -> true;
            case BOOL, INT, FLOAT, DECIMAL, STRING, DATETIME, BINARY, JSON -> false;
        };
    }

    /** The lower-case name used in schemas and by the reference libraries ({@code "datetime"}). */
    public String typeName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type with the given wire id, or {@code null} when the id is unknown. */
    public static ColumnType fromWireId(int id) {
        for (ColumnType t : values()) {
            if (t.wireId == id) {
                return t;
            }
        }
        return null;
    }

    /** Parses a schema type name such as {@code "int"} or {@code "datetime"}. */
    public static ColumnType fromName(String name) {
        for (ColumnType t : values()) {
            if (t.typeName().equals(name)) {
                return t;
            }
        }
        throw new JazminValidationException("unknown column type '" + name + "'");
    }
}
