package io.jazmin;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How a file is written. Immutable; start from {@link #defaults()} and change what you need:
 * <pre>{@code WriteOptions.defaults().withCodec(Codec.BROTLI).withSortedBy(List.of("id"))}</pre>
 *
 * @param codec      section compression (default Deflate, like the reference writers)
 * @param level      compression level (Deflate 0-9, Brotli 0-11), or -1 for the reference default (6)
 * @param chunkRows  most rows per chunk (default 4,096)
 * @param chunkBytes most raw bytes per chunk, roughly (default 1 MiB)
 * @param sortedBy   columns the rows are sorted by (checked while writing), or empty
 * @param metadata   a JSON object text of application metadata, or empty
 * @param tableName  the name of the table written
 * @param now        the write time recorded in the file, or {@code null} for the current time
 *                   (set it for reproducible output)
 */
public record WriteOptions(Codec codec, int level, int chunkRows, int chunkBytes, List<String> sortedBy,
                           String metadata, String tableName, Instant now) {
    public static final int DEFAULT_CHUNK_ROWS = 4096;
    public static final int DEFAULT_CHUNK_BYTES = 1 << 20;
    /** The table name the reference writers give a single table: empty. */
    public static final String DEFAULT_TABLE_NAME = "";

    public WriteOptions {
        Objects.requireNonNull(codec, "codec");
        sortedBy = sortedBy == null ? List.of() : List.copyOf(sortedBy);
        metadata = metadata == null ? "" : metadata;
        tableName = tableName == null ? DEFAULT_TABLE_NAME : tableName;
        if (chunkRows < 1) {
            throw new JazminValidationException("chunkRows must be at least 1, got " + chunkRows);
        }
        if (chunkBytes < 1) {
            throw new JazminValidationException("chunkBytes must be at least 1, got " + chunkBytes);
        }
        int max = codec == Codec.BROTLI ? 11 : 9;
        if (level != -1 && (level < 0 || level > max)) {
            throw new JazminValidationException(codec.codecName() + " level must be 0-" + max + ", got " + level);
        }
    }

    /** Deflate at level 6, 4,096 rows or 1 MiB per chunk, not sorted, no metadata. */
    public static WriteOptions defaults() {
        return new WriteOptions(Codec.DEFLATE, -1, DEFAULT_CHUNK_ROWS, DEFAULT_CHUNK_BYTES, List.of(), "",
                DEFAULT_TABLE_NAME, null);
    }

    public WriteOptions withCodec(Codec value) {
        return new WriteOptions(value, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now);
    }

    public WriteOptions withLevel(int value) {
        return new WriteOptions(codec, value, chunkRows, chunkBytes, sortedBy, metadata, tableName, now);
    }

    public WriteOptions withChunkRows(int value) {
        return new WriteOptions(codec, level, value, chunkBytes, sortedBy, metadata, tableName, now);
    }

    public WriteOptions withChunkBytes(int value) {
        return new WriteOptions(codec, level, chunkRows, value, sortedBy, metadata, tableName, now);
    }

    public WriteOptions withSortedBy(List<String> value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, value, metadata, tableName, now);
    }

    /** Application metadata as a JSON object text. */
    public WriteOptions withMetadata(String jsonObject) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, jsonObject, tableName, now);
    }

    public WriteOptions withTableName(String value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, value, now);
    }

    /** The write time to record (for reproducible files); {@code null} means the current time. */
    public WriteOptions withNow(Instant value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, value);
    }
}
