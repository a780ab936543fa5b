package io.jazmin.options;

import io.jazmin.error.JazminValidationException;

/**
 * The resource bounds a reader applies to a file before it allocates anything for it (spec §1.29:
 * every offset, length and count in a file is hostile). A file beyond a bound is refused with a
 * {@link JazminFormatException} naming the bound; raise it with the matching wither when a trusted
 * file really is that large. Immutable:
 * <pre>{@code
 * ReadOptions.defaults().withLimits(ReadLimits.defaults().withMaxSectionLength(256 << 20));
 * }</pre>
 *
 * <p>What is checked, and against what:
 * <ul>
 *   <li>a section's raw (decompressed) length against {@link #maxSectionLength()}, before its
 *       stored bytes are read or inflated;</li>
 *   <li>a Deflate section's raw length against its stored length × {@value #DEFLATE_MAX_RATIO}, the
 *       most raw Deflate (RFC 1951) can expand; a larger claim cannot be valid. Brotli has no useful
 *       bound (one command can repeat 16 MiB; a million to one is easy), so a Brotli section is
 *       bounded by {@link #maxSectionLength()} alone, and its output buffer grows only as bytes
 *       really arrive;</li>
 *   <li>the number of tables in a file and of columns in a table, against {@link #maxTables()} and
 *       {@link #maxColumns()};</li>
 *   <li>counts the format declares (a table's chunks, a chunk's rows, a stream's values, list
 *       lengths, postings) against the bytes that could hold them; these need no setting.</li>
 * </ul>
 *
 * @param maxSectionLength most raw bytes of one section (default {@value #DEFAULT_MAX_SECTION_LENGTH},
 *                         64 MiB; writers cut chunks at about 1 MiB)
 * @param maxColumns       most columns of one table (default {@value #DEFAULT_MAX_COLUMNS})
 * @param maxTables        most tables of one file (default {@value #DEFAULT_MAX_TABLES})
 */
public record ReadLimits(int maxSectionLength, int maxColumns, int maxTables) {
    /** Default {@link #maxSectionLength()}: 64 MiB. */
    public static final int DEFAULT_MAX_SECTION_LENGTH = 64 << 20;
    /** Default {@link #maxColumns()}. */
    public static final int DEFAULT_MAX_COLUMNS = 10_000;
    /** Default {@link #maxTables()}. */
    public static final int DEFAULT_MAX_TABLES = 1_000;
    /** The most raw bytes Deflate can produce per stored byte (2 bits per 258-byte match). */
    public static final int DEFLATE_MAX_RATIO = 1032;

    private static final ReadLimits DEFAULTS =
            new ReadLimits(DEFAULT_MAX_SECTION_LENGTH, DEFAULT_MAX_COLUMNS, DEFAULT_MAX_TABLES);

    public ReadLimits {
        // Arrays are indexed by int and the JVM reserves a few header words: 2^31 - 9 is the real ceiling.
        if (maxSectionLength < 1 || maxSectionLength > Integer.MAX_VALUE - 8) {
            throw new JazminValidationException("maxSectionLength must be 1 to " + (Integer.MAX_VALUE - 8)
                    + " bytes, got " + maxSectionLength);
        }
        if (maxColumns < 1) {
            throw new JazminValidationException("maxColumns must be at least 1, got " + maxColumns);
        }
        if (maxTables < 1) {
            throw new JazminValidationException("maxTables must be at least 1, got " + maxTables);
        }
    }

    /** The defaults listed above. */
    public static ReadLimits defaults() {
        return DEFAULTS;
    }

    public ReadLimits withMaxSectionLength(int value) {
        return new ReadLimits(value, maxColumns, maxTables);
    }

    public ReadLimits withMaxColumns(int value) {
        return new ReadLimits(maxSectionLength, value, maxTables);
    }

    public ReadLimits withMaxTables(int value) {
        return new ReadLimits(maxSectionLength, maxColumns, value);
    }
}
