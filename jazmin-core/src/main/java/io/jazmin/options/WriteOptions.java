package io.jazmin.options;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.keys.PasswordKdf;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * How a file is written: settings of the whole file (codec, encryption, metadata, write time,
 * parallelism) and the {@link TableOptions} of the table written. Immutable; start from
 * {@link #defaults()} and change what you need (each {@code with} method returns new options):
 * <pre>{@code
 * WriteOptions.defaults().withCodec(Codec.BROTLI).withSortedBy(List.of("id"))
 * WriteOptions.defaults().withKey(key).withTable(TableOptions.defaults().withSortedBy(List.of("id")))
 * }</pre>
 * {@link #toString()} never shows the password, and keys show only their key id.
 */
public final class WriteOptions {
    /** PBKDF2 iterations a password file is written with unless told otherwise (the reference's default). */
    public static final int DEFAULT_KDF_ITERATIONS = PasswordKdf.DEFAULT_ITERATIONS;
    /** The fewest PBKDF2 iterations a writer accepts. */
    public static final int MIN_KDF_ITERATIONS = PasswordKdf.MIN_ITERATIONS;
    /** The most PBKDF2 iterations a writer accepts. */
    public static final int MAX_KDF_ITERATIONS = PasswordKdf.MAX_ITERATIONS;
    public static final int DEFAULT_CHUNK_ROWS = TableOptions.DEFAULT_CHUNK_ROWS;
    public static final int DEFAULT_CHUNK_BYTES = TableOptions.DEFAULT_CHUNK_BYTES;
    /** The table name the reference writers give a single table: empty. */
    public static final String DEFAULT_TABLE_NAME = TableOptions.DEFAULT_NAME;

    private final Codec codec;
    private final int level;
    private final String metadata;
    private final Instant now;
    private final boolean compactIndexes;
    private final ColumnFlushPoints columnFlushPoints;
    private final JazminKey key;
    private final Secret password;
    private final int kdfIterations;
    private final Parallelism parallelism;
    private final DerivedKeyCache keyCache;
    private final TableOptions table;
    private final AccessSettings access;
    private final AutoCompact autoCompact;

    private WriteOptions(Builder b) {
        Objects.requireNonNull(b.codec, "codec");
        if (b.key != null && b.password != null) {
            throw new JazminValidationException("give a key or a password, not both");
        }
        if (b.access != null && b.key == null) {
            throw new JazminValidationException("a shared file needs its owner key: give the key with the access settings");
        }
        PasswordKdf.checkWriteIterations(b.kdfIterations);
        int max = b.codec == Codec.BROTLI ? 11 : 9;
        if (b.level != -1 && (b.level < 0 || b.level > max)) {
            throw new JazminValidationException(b.codec.codecName() + " level must be 0-" + max + ", got " + b.level);
        }
        this.codec = b.codec;
        this.level = b.level;
        this.metadata = b.metadata == null ? "" : b.metadata;
        this.now = b.now;
        this.compactIndexes = b.compactIndexes;
        this.columnFlushPoints = b.columnFlushPoints;
        this.key = b.key;
        this.password = b.password;
        this.kdfIterations = b.kdfIterations;
        this.parallelism = b.parallelism;
        this.keyCache = b.keyCache;
        this.table = b.table;
        this.access = b.access;
        this.autoCompact = b.autoCompact == null ? AutoCompact.NONE : b.autoCompact;
    }

    /** Deflate at level 6, 4,096 rows or 1 MiB per chunk, not sorted, no metadata, not encrypted. */
    public static WriteOptions defaults() {
        return builder().build();
    }

    private static Builder builder() {
        return new Builder();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.codec = codec;
        b.level = level;
        b.metadata = metadata;
        b.now = now;
        b.compactIndexes = compactIndexes;
        b.columnFlushPoints = columnFlushPoints;
        b.key = key;
        b.password = password;
        b.kdfIterations = kdfIterations;
        b.parallelism = parallelism;
        b.keyCache = keyCache;
        b.table = table;
        b.access = access;
        b.autoCompact = autoCompact;
        return b;
    }

    /** Section compression (default Deflate, like the reference writers). */
    public Codec codec() {
        return codec;
    }

    /** Compression level (Deflate 0-9, Brotli 0-11), or -1 for the reference default (6). */
    public int level() {
        return level;
    }

    /** A JSON object text of application metadata, or empty. */
    public String metadata() {
        return metadata;
    }

    /** The write time recorded in the file, or {@code null} for the current time. */
    public Instant now() {
        return now;
    }

    /**
     * Whether sorted index pages use the compact {@code index-deltas} encoding (smaller; readers
     * older than library 1.2 cannot read it).
     */
    public boolean compactIndexes() {
        return compactIndexes;
    }

    /**
     * When chunk parts get column flush points (see {@link #withColumnFlushPoints(ColumnFlushPoints)};
     * default {@link ColumnFlushPoints#AUTO}).
     */
    public ColumnFlushPoints columnFlushPoints() {
        return columnFlushPoints;
    }

    /** These options with column flush points {@link ColumnFlushPoints#ALWAYS} or {@link ColumnFlushPoints#NEVER}. */
    public WriteOptions withColumnFlushPoints(boolean value) {
        return toBuilder().columnFlushPoints(value).build();
    }

    /**
     * Column flush points: in each Deflate chunk part the writer makes a Deflate full flush before
     * every column stream and records where each stream starts (raw and compressed) in optional
     * chunk-directory fields that other readers skip, so this reader inflates only the columns a
     * query reads instead of every stream up to the last one it needs. The parts stay ordinary
     * Deflate streams that every reader reads; in encrypted files the points lie in the sealed
     * payload, whose tag the reader still checks whole. What it costs: each flush ends a Deflate
     * block (a new block header, about five bytes for the flush) and restarts the compressor's
     * window, so a stream cannot refer to the bytes of the streams before it, and the directory
     * holds two small numbers per stream. On the benchmarks' 200,000 customers (8 columns) the file
     * is 5–7 % smaller with them; on the 300-column wide table 54 % larger, on 200 tiny boolean and
     * small-int columns 2 % larger or more. Hence the default {@link ColumnFlushPoints#AUTO}, which
     * measures the cost on each table's first chunk. They are never made in Brotli or uncompressed
     * files, nor in tables of several column groups (the directory every partition holder reads
     * would give the sizes of columns hidden from some of them).
     *
     * @throws JazminValidationException when {@code value} is {@code null}
     */
    public WriteOptions withColumnFlushPoints(ColumnFlushPoints value) {
        return toBuilder().columnFlushPoints(value).build();
    }

    /** Encrypts the file with this key (a key file), or {@code null}. */
    public JazminKey key() {
        return key;
    }

    /** Encrypts the file with a key derived from this password (a password file), or {@code null}. */
    public Secret password() {
        return password;
    }

    /** PBKDF2 iterations of password files (default 600,000; 1,000-10,000,000). */
    public int kdfIterations() {
        return kdfIterations;
    }

    /** How many chunks are encoded and compressed at once on worker threads; the bytes are the same whatever it is. */
    public Parallelism parallelism() {
        return parallelism;
    }

    /** Keeps the PBKDF2 keys of password files between calls, or {@code null} to derive on every open. */
    public DerivedKeyCache keyCache() {
        return keyCache;
    }

    /**
     * Makes the file a shared (access-controlled) file with these partitions, column groups and
     * grants, owned by {@link #key()}; or {@code null} for an ordinary file.
     */
    public AccessSettings access() {
        return access;
    }

    /**
     * When an append (delete, upsert) compacts the file right after it, under the same lock
     * ({@link AutoCompact#NONE}, the default: never). Full writes and rewrites do not use it.
     */
    public AutoCompact autoCompact() {
        return autoCompact;
    }

    /** These options with {@link #autoCompact()} {@code value} ({@code null}: {@link AutoCompact#NONE}). */
    public WriteOptions withAutoCompact(AutoCompact value) {
        return toBuilder().autoCompact(value).build();
    }

    /** The settings of the table written. */
    public TableOptions table() {
        return table;
    }

    /** Shorthand for {@code table().chunkRows()}. */
    public int chunkRows() {
        return table.chunkRows();
    }

    /** Shorthand for {@code table().chunkBytes()}. */
    public int chunkBytes() {
        return table.chunkBytes();
    }

    /** Shorthand for {@code table().sortedBy()}. */
    public List<String> sortedBy() {
        return table.sortedBy();
    }

    /** Shorthand for {@code table().name()}. */
    public String tableName() {
        return table.name();
    }

    /** Shorthand for {@code table().indexes()}. */
    public Map<String, Set<IndexKind>> indexes() {
        return table.indexes();
    }

    /** Section compression {@code value} (see {@link #codec()}). */
    public WriteOptions withCodec(Codec value) {
        return toBuilder().codec(value).build();
    }

    /** Compression level {@code value} (see {@link #level()}; checked against the codec). */
    public WriteOptions withLevel(int value) {
        return toBuilder().level(value).build();
    }

    /** Application metadata as a JSON object text. */
    public WriteOptions withMetadata(String jsonObject) {
        return toBuilder().metadata(jsonObject).build();
    }

    /** The write time to record (for reproducible files); {@code null} means the current time. */
    public WriteOptions withNow(Instant value) {
        return toBuilder().now(value).build();
    }

    /** Whether sorted index pages use the compact encoding (reader feature {@code index-deltas}). */
    public WriteOptions withCompactIndexes(boolean value) {
        return toBuilder().compactIndexes(value).build();
    }

    /** Encrypts the file with {@code value} ({@code null}: no key). */
    public WriteOptions withKey(JazminKey value) {
        return toBuilder().key(value).build();
    }

    /** Encrypts the file with a key derived from {@code value} ({@code null}: no password). */
    public WriteOptions withPassword(String value) {
        return toBuilder().password(value == null ? null : Secret.of(value)).build();
    }

    /** Encrypts the file with a key derived from {@code value}, wiped when the caller closes it. */
    public WriteOptions withPassword(Secret value) {
        return toBuilder().password(value).build();
    }

    /** PBKDF2 iterations for a password file (1,000-10,000,000; default 600,000). */
    public WriteOptions withKdfIterations(int value) {
        return toBuilder().kdfIterations(value).build();
    }

    /**
     * Priority, degree and executor of the worker threads at once ({@code null}: the defaults); the
     * three withers below change one of them.
     */
    public WriteOptions withParallelism(Parallelism value) {
        return toBuilder().parallelism(value).build();
    }

    /** Encodes and compresses chunks on worker threads as {@code value} allows (default {@link Priority#BALANCED}). */
    public WriteOptions withPriority(Priority value) {
        return toBuilder().parallelism(parallelism.withPriority(value)).build();
    }

    /**
     * At most {@code value} chunks encoded at once on worker threads, whatever the priority; 1 keeps
     * every write on the calling thread, 0 follows the priority.
     */
    public WriteOptions withMaxDegreeOfParallelism(int value) {
        return toBuilder().parallelism(parallelism.withMaxDegree(value)).build();
    }

    /**
     * Password keys are taken from and kept in {@code value} ({@code null}: derived every time):
     * appends and deletes then reuse the key of the file version they open, and a new file's key
     * is kept for the readers that follow. The caller closes the cache.
     */
    public WriteOptions withKeyCache(DerivedKeyCache value) {
        return toBuilder().keyCache(value).build();
    }

    /**
     * Chunks are encoded and compressed on {@code value} (an application's task executor, say)
     * instead of the library's shared daemon threads; {@code null} goes back to those. See
     * {@link Parallelism#executor()}.
     */
    public WriteOptions withExecutor(Executor value) {
        return toBuilder().parallelism(parallelism.withExecutor(value)).build();
    }

    /**
     * Writes a shared (access-controlled) file with {@code value}'s partitions, column groups and
     * grants ({@code null}: an ordinary file); the key set by {@link #withKey} is its owner key.
     */
    public WriteOptions withAccess(AccessSettings value) {
        return toBuilder().access(value).build();
    }

    /** The table settings {@code value} instead of the current ones. */
    public WriteOptions withTable(TableOptions value) {
        return toBuilder().table(value).build();
    }

    /** Shorthand for {@code withTable(table().withName(value))}. */
    public WriteOptions withTableName(String value) {
        return withTable(table.withName(value));
    }

    /** Shorthand for {@code withTable(table().withChunkRows(value))}. */
    public WriteOptions withChunkRows(int value) {
        return withTable(table.withChunkRows(value));
    }

    /** Shorthand for {@code withTable(table().withChunkBytes(value))}. */
    public WriteOptions withChunkBytes(int value) {
        return withTable(table.withChunkBytes(value));
    }

    /** Shorthand for {@code withTable(table().withSortedBy(value))}. */
    public WriteOptions withSortedBy(List<String> value) {
        return withTable(table.withSortedBy(value));
    }

    /** Builds {@code kinds} indexes on {@code column} (in addition to any declared before). */
    public WriteOptions withIndex(String column, IndexKind... kinds) {
        return withTable(table.withIndex(column, kinds));
    }

    /** Replaces the declared indexes with {@code value} (column name to kinds). */
    public WriteOptions withIndexes(Map<String, Set<IndexKind>> value) {
        return withTable(table.withIndexes(value));
    }

    @Override
    public String toString() {
        return "WriteOptions[codec=" + codec + ", level=" + level + ", metadata=" + metadata + ", now=" + now
                + ", compactIndexes=" + compactIndexes + ", columnFlushPoints=" + columnFlushPoints + ", key=" + key
                + ", password=" + (password == null ? "null" : "(hidden)") + ", kdfIterations=" + kdfIterations
                + ", parallelism=" + parallelism + ", keyCache=" + keyCache + ", table=" + table + ", access=" + access
                + ", autoCompact=" + autoCompact + "]";
    }

    /**
     * The settings being changed by one wither: a copy of the options, checked together when built
     * (a key and a password, say), so the withers stay one line each.
     */
    private static final class Builder {
        private Codec codec = Codec.DEFLATE;
        private int level = -1;
        private String metadata = "";
        private Instant now;
        private boolean compactIndexes;
        private ColumnFlushPoints columnFlushPoints = ColumnFlushPoints.AUTO;
        private JazminKey key;
        private Secret password;
        private int kdfIterations = PasswordKdf.DEFAULT_ITERATIONS;
        private Parallelism parallelism = Parallelism.defaults();
        private DerivedKeyCache keyCache;
        private TableOptions table = TableOptions.defaults();
        private AccessSettings access;
        private AutoCompact autoCompact;

        /** See {@link WriteOptions#autoCompact()}. */
        public Builder autoCompact(AutoCompact value) {
            autoCompact = value;
            return this;
        }

        private Builder() {
        }

        public Builder access(AccessSettings value) {
            access = value;
            return this;
        }

        public Builder codec(Codec value) {
            codec = value;
            return this;
        }

        public Builder level(int value) {
            level = value;
            return this;
        }

        public Builder metadata(String jsonObject) {
            metadata = jsonObject;
            return this;
        }

        public Builder now(Instant value) {
            now = value;
            return this;
        }

        public Builder compactIndexes(boolean value) {
            compactIndexes = value;
            return this;
        }

        public Builder columnFlushPoints(ColumnFlushPoints value) {
            if (value == null) {
                throw new JazminValidationException("columnFlushPoints needs a value (AUTO, ALWAYS or NEVER)");
            }
            columnFlushPoints = value;
            return this;
        }

        public Builder columnFlushPoints(boolean value) {
            return columnFlushPoints(value ? ColumnFlushPoints.ALWAYS : ColumnFlushPoints.NEVER);
        }

        public Builder key(JazminKey value) {
            key = value;
            return this;
        }

        public Builder password(Secret value) {
            password = value;
            return this;
        }

        public Builder kdfIterations(int value) {
            kdfIterations = value;
            return this;
        }

        /** Priority, degree and executor of the worker threads ({@link Parallelism#withPriority} and the others). */
        public Builder parallelism(Parallelism value) {
            parallelism = value == null ? Parallelism.defaults() : value;
            return this;
        }

        public Builder keyCache(DerivedKeyCache value) {
            keyCache = value;
            return this;
        }

        public Builder table(TableOptions value) {
            table = value == null ? TableOptions.defaults() : value;
            return this;
        }

        WriteOptions build() {
            return new WriteOptions(this);
        }
    }
}
