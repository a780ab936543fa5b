package io.jazmin.mapping;

import io.jazmin.error.JazminValidationException;
import java.util.Objects;

/**
 * How objects are mapped. Immutable; start from {@link #defaults()}:
 * <pre>{@code MappingOptions.defaults().withMode(Mode.LENIENT).withSubMillis(SubMillis.TRUNCATE)}</pre>
 *
 * @param mode          strict or lenient reading of files (see {@link Mode})
 * @param subMillis     what to do with sub-millisecond {@code Instant}/{@code LocalDateTime} values
 * @param maxDepth      deepest nesting of collections and objects inside one cell (read and write)
 * @param maxItems      most items in one collection, map or array (read and write)
 * @param maxTextLength most characters of one string cell, bytes of one binary cell, or characters of
 *                      one json cell's text (read and write)
 * @param adapters      custom type adapters
 * @param subtypes      discriminators of polymorphic types beyond sealed hierarchies
 * @param nestedColumns whether every collection and record member is stored as a nested column
 *                      (as {@link io.jazmin.mapping.annotation.JazminNested} does for one member)
 *                      rather than a json column
 */
public record MappingOptions(Mode mode, SubMillis subMillis, int maxDepth, int maxItems, int maxTextLength,
                             TypeAdapters adapters, SubtypeRegistry subtypes, boolean nestedColumns) {
    /** The spec's deepest nesting (§1.10). */
    public static final int DEFAULT_MAX_DEPTH = 64;
    public static final int DEFAULT_MAX_ITEMS = 1_000_000;
    public static final int DEFAULT_MAX_TEXT_LENGTH = 16 << 20;

    /** How files written elsewhere are read. */
    public enum Mode {
        /**
         * Every column of the file is mapped and every member has its column, of exactly the
         * storage type the member's Java type is written as; a {@code javaType} attribute, when
         * present, must name the member's type; JSON objects may not carry unknown properties.
         */
        STRICT,
        /**
         * Extra columns and JSON properties are ignored, missing columns read as null (or empty),
         * and compatible cells are converted: ISO text to {@code LocalDate}, {@code UUID} or enum,
         * an int column to a {@code double}, an int, float, bool or datetime column to a
         * {@code String} (its JSON or ISO text), and so on.
         */
        LENIENT
    }

    /** Sub-millisecond digits of {@code Instant}/{@code LocalDateTime} in datetime columns (ms only in 1.0). */
    public enum SubMillis {
        /** Refuse the value (the default: nothing is lost silently). */
        REJECT,
        /** Truncate to the millisecond. */
        TRUNCATE
    }

    public MappingOptions {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(subMillis, "subMillis");
        Objects.requireNonNull(adapters, "adapters");
        Objects.requireNonNull(subtypes, "subtypes");
        if (maxDepth < 1 || maxDepth > DEFAULT_MAX_DEPTH) {
            throw new JazminValidationException("maxDepth must be 1-" + DEFAULT_MAX_DEPTH + ", got " + maxDepth);
        }
        if (maxItems < 0 || maxTextLength < 0) {
            throw new JazminValidationException("limits must not be negative");
        }
    }

    /** Strict, sub-milliseconds refused, depth 64, 1,000,000 items, 16 MiB texts, no adapters, json columns. */
    public static MappingOptions defaults() {
        return new MappingOptions(Mode.STRICT, SubMillis.REJECT, DEFAULT_MAX_DEPTH, DEFAULT_MAX_ITEMS,
                DEFAULT_MAX_TEXT_LENGTH, TypeAdapters.none(), SubtypeRegistry.none(), false);
    }

    public MappingOptions withMode(Mode value) {
        return new MappingOptions(value, subMillis, maxDepth, maxItems, maxTextLength, adapters, subtypes,
                nestedColumns);
    }

    public MappingOptions withSubMillis(SubMillis value) {
        return new MappingOptions(mode, value, maxDepth, maxItems, maxTextLength, adapters, subtypes,
                nestedColumns);
    }

    public MappingOptions withMaxDepth(int value) {
        return new MappingOptions(mode, subMillis, value, maxItems, maxTextLength, adapters, subtypes,
                nestedColumns);
    }

    public MappingOptions withMaxItems(int value) {
        return new MappingOptions(mode, subMillis, maxDepth, value, maxTextLength, adapters, subtypes,
                nestedColumns);
    }

    public MappingOptions withMaxTextLength(int value) {
        return new MappingOptions(mode, subMillis, maxDepth, maxItems, value, adapters, subtypes,
                nestedColumns);
    }

    public MappingOptions withAdapters(TypeAdapters value) {
        return new MappingOptions(mode, subMillis, maxDepth, maxItems, maxTextLength, value, subtypes,
                nestedColumns);
    }

    public MappingOptions withSubtypes(SubtypeRegistry value) {
        return new MappingOptions(mode, subMillis, maxDepth, maxItems, maxTextLength, adapters, value,
                nestedColumns);
    }

    public MappingOptions withNestedColumns(boolean value) {
        return new MappingOptions(mode, subMillis, maxDepth, maxItems, maxTextLength, adapters, subtypes, value);
    }

    boolean strict() {
        return mode == Mode.STRICT;
    }
}
