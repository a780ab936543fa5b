package io.jazmin.schema;

import io.jazmin.error.JazminValidationException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The column types of JAZMIN 1.0, with their wire ids (proto enum {@code Type}). Java values:
 * bool {@link Boolean}, int {@link Long}, float {@link Double}, decimal {@link java.math.BigDecimal},
 * string {@link String}, datetime {@link java.time.Instant} (milliseconds), binary {@code byte[]},
 * json {@link JsonText}.
 */
public enum ColumnType {
    BOOL(1, true, Boolean.class),
    INT(2, true, Long.class, Trait.INTEGER),
    FLOAT(3, true, Double.class, Trait.FLOATING_POINT),
    DECIMAL(4, true, BigDecimal.class),
    STRING(5, true, String.class, Trait.TEXT),
    DATETIME(6, true, Instant.class),
    BINARY(7, false, byte[].class),
    JSON(8, false, JsonText.class),
    LIST(9, false, List.class, Trait.ITEMS),
    OBJECT(10, false, Map.class, Trait.FIELDS);

    /**
     * What a type's values are, beyond order, for the questions below: each constant names its own on
     * its line, so a new type is decided there (and the engine's switches over it decide the rest).
     */
    private enum Trait { TEXT, INTEGER, FLOATING_POINT, ITEMS, FIELDS }

    /** Every type, once: {@link #values()} copies its array at each call, and a header's columns ask per column. */
    private static final ColumnType[] ALL = values();
    private final int wireId;
    private final boolean ordered;
    private final Class<?> valueClass;
    private final boolean text;
    private final boolean integer;
    private final boolean floatingPoint;
    private final boolean items;
    private final boolean fields;

    ColumnType(int wireId, boolean ordered, Class<?> valueClass, Trait... traits) {
        this.wireId = wireId;
        this.ordered = ordered;
        this.valueClass = valueClass;
        Set<Trait> has = traits.length == 0 ? Set.of() : Set.of(traits);
        this.text = has.contains(Trait.TEXT);
        this.integer = has.contains(Trait.INTEGER);
        this.floatingPoint = has.contains(Trait.FLOATING_POINT);
        this.items = has.contains(Trait.ITEMS);
        this.fields = has.contains(Trait.FIELDS);
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

    /**
     * Whether values are text ({@link String}, stored as UTF-8): the text operators, case-insensitive
     * order and trigram indexes apply, and statistics bounds may be cut short.
     */
    public boolean isText() {
        return text;
    }

    /** Whether values are whole numbers ({@link Long}), as a shared file's int partition keys are. */
    public boolean isInteger() {
        return integer;
    }

    /** Whether values are floating point ({@link Double}), so NaN and the infinities are values. */
    public boolean isFloatingPoint() {
        return floatingPoint;
    }

    /** Whether values are lists whose items are of the column's one {@link Column#item() item} column. */
    public boolean hasItems() {
        return items;
    }

    /** Whether values are objects whose members are the column's {@link Column#fields() field} columns. */
    public boolean hasFields() {
        return fields;
    }

    /** Whether a column of this type may have an index of {@code kind}: sorted when ordered, trigram when text. */
    public boolean supports(IndexKind kind) {
        return switch (kind) {
            case SORTED -> isOrdered();
            case TRIGRAM -> isText();
        };
    }

    /**
     * The Java class of this type's non-null values as the engine takes and returns them (see the
     * class comment; list values are {@link List}s, object values {@link Map}s).
     */
    public Class<?> valueClass() {
        return valueClass;
    }

    /** The lower-case name used in schemas and by the reference libraries ({@code "datetime"}). */
    public String typeName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type with the given wire id, or {@code null} when the id is unknown. */
    public static ColumnType fromWireId(int id) {
        for (ColumnType t : ALL) {
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
