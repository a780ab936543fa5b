package io.jazmin;

import io.jazmin.crypto.DerivedKeyCache;
import io.jazmin.crypto.JazminKey;
import io.jazmin.crypto.PasswordKdf;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * @param indexes    the indexes to build, by column name
 * @param compactIndexes whether sorted index pages use the compact {@code index-deltas} encoding
 *                   (smaller; readers older than library 1.2 cannot read it)
 * @param key        encrypts the file with this key (a key file), or {@code null}
 * @param password   encrypts the file with a key derived from this password (a password file), or
 *                   {@code null}; never shown by {@link #toString()}
 * @param kdfIterations PBKDF2 iterations of password files (default 600,000; 1,000-10,000,000)
 * @param parallelism how many chunks are encoded and compressed at once on worker threads (default
 *                   balanced); the bytes written are the same whatever it is
 * @param keyCache   keeps the PBKDF2 keys of password files between calls, or {@code null} to derive
 *                   on every open (see {@link #withKeyCache})
 * @param access     makes the file a shared (access-controlled) file with these partitions, column
 *                   groups and grants, owned by {@code key}; or {@code null}
 */
public record WriteOptions(Codec codec, int level, int chunkRows, int chunkBytes, List<String> sortedBy,
                           String metadata, String tableName, Instant now, Map<String, Set<IndexKind>> indexes,
                           boolean compactIndexes, JazminKey key, String password, int kdfIterations,
                           Parallelism parallelism, DerivedKeyCache keyCache, AccessSettings access) {
    public static final int DEFAULT_CHUNK_ROWS = 4096;
    public static final int DEFAULT_CHUNK_BYTES = 1 << 20;
    /** The table name the reference writers give a single table: empty. */
    public static final String DEFAULT_TABLE_NAME = "";

    public WriteOptions {
        Objects.requireNonNull(codec, "codec");
        parallelism = parallelism == null ? Parallelism.defaults() : parallelism;
        sortedBy = sortedBy == null ? List.of() : List.copyOf(sortedBy);
        indexes = indexes == null ? Map.of() : copyIndexes(indexes);
        metadata = metadata == null ? "" : metadata;
        tableName = tableName == null ? DEFAULT_TABLE_NAME : tableName;
        if (chunkRows < 1) {
            throw new JazminValidationException("chunkRows must be at least 1, got " + chunkRows);
        }
        if (chunkBytes < 1) {
            throw new JazminValidationException("chunkBytes must be at least 1, got " + chunkBytes);
        }
        if (key != null && password != null) {
            throw new JazminValidationException("give a key or a password, not both");
        }
        if (access != null && key == null) {
            throw new JazminValidationException("a shared file needs its owner key: give the key with the access settings");
        }
        if (password != null && password.isEmpty()) {
            throw new JazminValidationException("the password must not be empty");
        }
        PasswordKdf.checkWriteIterations(kdfIterations);
        int max = codec == Codec.BROTLI ? 11 : 9;
        if (level != -1 && (level < 0 || level > max)) {
            throw new JazminValidationException(codec.codecName() + " level must be 0-" + max + ", got " + level);
        }
    }

    /** Deflate at level 6, 4,096 rows or 1 MiB per chunk, not sorted, no metadata. */
    public static WriteOptions defaults() {
        return new WriteOptions(Codec.DEFLATE, -1, DEFAULT_CHUNK_ROWS, DEFAULT_CHUNK_BYTES, List.of(), "",
                DEFAULT_TABLE_NAME, null, Map.of(), false, null, null, PasswordKdf.DEFAULT_ITERATIONS, Parallelism.defaults(),
                null, null);
    }

    public WriteOptions withCodec(Codec value) {
        return new WriteOptions(value, level, chunkRows, chunkBytes, sortedBy, metadata, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    public WriteOptions withLevel(int value) {
        return new WriteOptions(codec, value, chunkRows, chunkBytes, sortedBy, metadata, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    public WriteOptions withChunkRows(int value) {
        return new WriteOptions(codec, level, value, chunkBytes, sortedBy, metadata, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    public WriteOptions withChunkBytes(int value) {
        return new WriteOptions(codec, level, chunkRows, value, sortedBy, metadata, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    public WriteOptions withSortedBy(List<String> value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, value, metadata, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Application metadata as a JSON object text. */
    public WriteOptions withMetadata(String jsonObject) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, jsonObject, tableName,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    public WriteOptions withTableName(String value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, value,
                now, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** The write time to record (for reproducible files); {@code null} means the current time. */
    public WriteOptions withNow(Instant value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName,
                value, indexes, compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Builds {@code kinds} indexes on {@code column} (in addition to any declared before). */
    public WriteOptions withIndex(String column, IndexKind... kinds) {
        Map<String, Set<IndexKind>> next = new LinkedHashMap<>(indexes);
        Set<IndexKind> set = new LinkedHashSet<>(next.getOrDefault(column, Set.of()));
        set.addAll(Arrays.asList(kinds));
        next.put(column, set);
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, next,
                compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Replaces the declared indexes with {@code value} (column name to kinds). */
    public WriteOptions withIndexes(Map<String, Set<IndexKind>> value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, value,
                compactIndexes, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Whether sorted index pages use the compact encoding (reader feature {@code index-deltas}). */
    public WriteOptions withCompactIndexes(boolean value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                value, key, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Keeps declaration order: the reference writer lists indexes in the order they were requested. */
    private static Map<String, Set<IndexKind>> copyIndexes(Map<String, Set<IndexKind>> in) {
        Map<String, Set<IndexKind>> out = new LinkedHashMap<>();
        in.forEach((column, kinds) -> out.put(column, Collections.unmodifiableSet(new LinkedHashSet<>(kinds))));
        return Collections.unmodifiableMap(out);
    }

    /** Encrypts the file with {@code value} ({@code null}: no key). */
    public WriteOptions withKey(JazminKey value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, value, password, kdfIterations, parallelism, keyCache, access);
    }

    /** Encrypts the file with a key derived from {@code value} ({@code null}: no password). */
    public WriteOptions withPassword(String value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, value, kdfIterations, parallelism, keyCache, access);
    }

    /** PBKDF2 iterations for a password file (1,000-10,000,000; default 600,000). */
    public WriteOptions withKdfIterations(int value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, value, parallelism, keyCache, access);
    }

    /** Encodes and compresses chunks on worker threads as {@code value} allows (default {@link Priority#BALANCED}). */
    public WriteOptions withPriority(Priority value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, kdfIterations, parallelism.withPriority(value), keyCache, access);
    }

    /**
     * At most {@code value} chunks encoded at once on worker threads, whatever the priority; 1 keeps
     * every write on the calling thread, 0 follows the priority.
     */
    public WriteOptions withMaxDegreeOfParallelism(int value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, kdfIterations, parallelism.withMaxDegree(value), keyCache, access);
    }

    /**
     * Password keys are taken from and kept in {@code value} ({@code null}: derived every time):
     * appends and deletes then reuse the key of the file version they open, and a new file's key
     * is kept for the readers that follow. The caller closes the cache.
     */
    public WriteOptions withKeyCache(DerivedKeyCache value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, kdfIterations, parallelism, value, access);
    }

    /**
     * Chunks are encoded and compressed on {@code value} (an application's task executor, say)
     * instead of the library's shared daemon threads; {@code null} goes back to those. See
     * {@link Parallelism#executor()}.
     */
    public WriteOptions withExecutor(java.util.concurrent.Executor value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, kdfIterations, parallelism.withExecutor(value), keyCache, access);
    }

    /**
     * Writes a shared (access-controlled) file with {@code value}'s partitions, column groups and
     * grants ({@code null}: an ordinary file); the key set by {@link #withKey} is its owner key.
     */
    public WriteOptions withAccess(AccessSettings value) {
        return new WriteOptions(codec, level, chunkRows, chunkBytes, sortedBy, metadata, tableName, now, indexes,
                compactIndexes, key, password, kdfIterations, parallelism, keyCache, value);
    }

    /** Like the record's own, but never shows the password. */
    @Override
    public String toString() {
        return "WriteOptions[codec=" + codec + ", level=" + level + ", chunkRows=" + chunkRows + ", chunkBytes="
                + chunkBytes + ", sortedBy=" + sortedBy + ", metadata=" + metadata + ", tableName=" + tableName
                + ", now=" + now + ", indexes=" + indexes + ", compactIndexes=" + compactIndexes + ", key=" + key
                + ", password=" + (password == null ? "null" : "(hidden)") + ", kdfIterations=" + kdfIterations
                + ", parallelism=" + parallelism + ", keyCache=" + keyCache + ", access=" + access + "]";
    }
}
