package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;

/**
 * The bounds text input (JSON, JSON Lines, CSV, XML, and their {@code .gz} forms) is read within, so that
 * one huge value, row or decompressed stream is a typed {@link io.jazmin.error.InputLimitException} naming
 * where it is and the bound, never an out-of-memory. The defaults keep a conversion to a {@code .jzm} file within a
 * 256 MiB heap: the writer holds a row's UTF-8 bytes about twenty times over while it encodes and compresses the
 * chunks in flight, so rows of 4 MiB characters (12 MB of UTF-8 at worst) convert in 256 MiB and not in 200 MiB.
 * Raise a bound with its wither when trusted input really is that large and the heap allows. Immutable:
 * <pre>{@code
 * RowSources.open(path, RowFormat.CSV, columns, FloatOverflow.REFUSE,
 *         TextLimits.defaults().withMaxValueLength(64 << 20).withMaxRowLength(128 << 20));
 * }</pre>
 * Every bound is checked while the input streams in, before the value or row it bounds is held whole.
 *
 * @param maxValueLength  most characters of one value: a CSV field (the header's too), a JSON string, the text
 *                        of an XML value element. In XML also the most bytes of one token the parser holds whole
 *                        (a CDATA section, comment, processing instruction or tag with its attributes). Default
 *                        {@value #DEFAULT_MAX_VALUE_LENGTH} (2 MiB)
 * @param maxRowLength    most input one row spans: characters of a CSV record, bytes of a JSON row object or
 *                        an XML row element (counted as the parser reads, so within its 64 KiB read-ahead).
 *                        Default {@value #DEFAULT_MAX_ROW_LENGTH} (4 MiB)
 * @param maxRowValues    most values nested in one row's list and object values (every list item and object
 *                        member counts), which cost far more memory than their text. Default
 *                        {@value #DEFAULT_MAX_ROW_VALUES}
 * @param maxColumns      most fields of one CSV record, XML row or JSON row object, and most columns
 *                        inferred from a file; the same as a reader's default {@code ReadLimits.maxColumns}.
 *                        Default {@value #DEFAULT_MAX_COLUMNS}
 * @param maxNestingDepth most nested JSON arrays and objects (Jackson's own bound). Default
 *                        {@value #DEFAULT_MAX_NESTING_DEPTH}
 * @param maxGzipRatio    most bytes a {@code .gz} file may expand to per compressed byte, checked once it
 *                        has expanded to {@value #GZIP_RATIO_FROM} bytes (smaller outputs are never refused).
 *                        Default {@value #DEFAULT_MAX_GZIP_RATIO}
 * @param maxGzipBytes    most bytes a {@code .gz} file may expand to in all. Default {@link Long#MAX_VALUE}:
 *                        none, since conversion streams and memory does not grow with the file
 */
public record TextLimits(int maxValueLength, int maxRowLength, int maxRowValues, int maxColumns,
                         int maxNestingDepth, int maxGzipRatio, long maxGzipBytes) {
    /** Default {@link #maxValueLength()}: 2 MiB characters. */
    public static final int DEFAULT_MAX_VALUE_LENGTH = 2 << 20;
    /** Default {@link #maxRowLength()}: 4 MiB characters (bytes for JSON and XML). */
    public static final int DEFAULT_MAX_ROW_LENGTH = 4 << 20;
    /** Default {@link #maxRowValues()}. */
    public static final int DEFAULT_MAX_ROW_VALUES = 100_000;
    /** Default {@link #maxColumns()}. */
    public static final int DEFAULT_MAX_COLUMNS = 10_000;
    /** Default {@link #maxNestingDepth()}. */
    public static final int DEFAULT_MAX_NESTING_DEPTH = 500;
    /** Default {@link #maxGzipRatio()}. */
    public static final int DEFAULT_MAX_GZIP_RATIO = 100;
    /** Decompressed bytes below which {@link #maxGzipRatio()} is not checked: 16 MiB. */
    public static final long GZIP_RATIO_FROM = 16L << 20;

    private static final TextLimits DEFAULTS = new TextLimits(DEFAULT_MAX_VALUE_LENGTH, DEFAULT_MAX_ROW_LENGTH,
            DEFAULT_MAX_ROW_VALUES, DEFAULT_MAX_COLUMNS, DEFAULT_MAX_NESTING_DEPTH, DEFAULT_MAX_GZIP_RATIO,
            Long.MAX_VALUE);

    public TextLimits {
        // A String holds at most 2^31 - 9 characters on HotSpot.
        positive("maxValueLength", maxValueLength, Integer.MAX_VALUE - 8);
        positive("maxRowLength", maxRowLength, Integer.MAX_VALUE);
        positive("maxRowValues", maxRowValues, Integer.MAX_VALUE);
        positive("maxColumns", maxColumns, Integer.MAX_VALUE);
        positive("maxNestingDepth", maxNestingDepth, Integer.MAX_VALUE);
        positive("maxGzipRatio", maxGzipRatio, Integer.MAX_VALUE);
        positive("maxGzipBytes", maxGzipBytes, Long.MAX_VALUE);
    }

    private static void positive(String name, long value, long most) {
        if (value < 1 || value > most) {
            throw new JazminValidationException(name + " must be 1 to " + most + ", got " + value);
        }
    }

    /** The defaults listed above. */
    public static TextLimits defaults() {
        return DEFAULTS;
    }

    public TextLimits withMaxValueLength(int value) {
        return new TextLimits(value, maxRowLength, maxRowValues, maxColumns, maxNestingDepth, maxGzipRatio,
                maxGzipBytes);
    }

    public TextLimits withMaxRowLength(int value) {
        return new TextLimits(maxValueLength, value, maxRowValues, maxColumns, maxNestingDepth, maxGzipRatio,
                maxGzipBytes);
    }

    public TextLimits withMaxRowValues(int value) {
        return new TextLimits(maxValueLength, maxRowLength, value, maxColumns, maxNestingDepth, maxGzipRatio,
                maxGzipBytes);
    }

    public TextLimits withMaxColumns(int value) {
        return new TextLimits(maxValueLength, maxRowLength, maxRowValues, value, maxNestingDepth, maxGzipRatio,
                maxGzipBytes);
    }

    public TextLimits withMaxNestingDepth(int value) {
        return new TextLimits(maxValueLength, maxRowLength, maxRowValues, maxColumns, value, maxGzipRatio,
                maxGzipBytes);
    }

    public TextLimits withMaxGzipRatio(int value) {
        return new TextLimits(maxValueLength, maxRowLength, maxRowValues, maxColumns, maxNestingDepth, value,
                maxGzipBytes);
    }

    public TextLimits withMaxGzipBytes(long value) {
        return new TextLimits(maxValueLength, maxRowLength, maxRowValues, maxColumns, maxNestingDepth,
                maxGzipRatio, value);
    }
}
