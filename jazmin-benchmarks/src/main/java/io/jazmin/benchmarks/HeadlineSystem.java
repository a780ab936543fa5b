package io.jazmin.benchmarks;

import io.jazmin.options.ReadOptions;

/**
 * The systems of the headline (issue 33), by the name {@link HeadlineBenchmark} takes as its
 * {@code @Param}: JAZMIN with the process-wide decoded-chunk cache off, on, and on the key file;
 * the key file with its decrypted chunks cached ({@code ReadOptions.cacheDecryptedChunks});
 * SQLite with a connection per query and with one warm connection; DuckDB over Parquet with one
 * connection and with a new in-memory database per query; MessagePack; Jackson streaming and
 * databind. Each says what stays warm between its queries ({@link #cache()}), so every row of the
 * report says whether the shared cache was on.
 */
public enum HeadlineSystem {
    JAZMIN_CACHE_OFF("jazmin-cache-off", "JAZMIN, open per query", "off"),
    JAZMIN_KEY("jazmin-key", "JAZMIN key file (encrypted), open per query", "off"),
    JAZMIN_CACHE_ON("jazmin-cache-on", "JAZMIN, open per query", "on"),
    JAZMIN_KEY_CACHE_ON("jazmin-key-cache-on", "JAZMIN key file (encrypted), open per query",
            "on (ReadOptions.cacheDecryptedChunks)"),
    SQLITE_PER_QUERY("sqlite-per-query", "SQLite, a connection per query", "— (OS page cache only)"),
    SQLITE_ONE_CONNECTION("sqlite-one-connection", "SQLite, one warm connection, statements kept",
            "— (SQLite's page cache in the connection)"),
    DUCKDB_ONE_CONNECTION("duckdb-one-connection", "DuckDB over Parquet, one connection, statements kept",
            "— (DuckDB's own state in the connection)"),
    DUCKDB_PER_QUERY("duckdb-per-query", "DuckDB over Parquet, a new in-memory database per query",
            "— (OS page cache only)"),
    MSGPACK("msgpack", "MessagePack, one streaming pass per query", "— (OS page cache only)"),
    JACKSON_STREAMING("jackson-streaming", "Jackson 3 streaming parser (lookup skips objects, stops at the row)",
            "— (OS page cache only)"),
    JACKSON_DATABIND("jackson-databind", "Jackson 3 databind (parses the whole file per query)",
            "— (OS page cache only)");

    private final String param;
    private final String label;
    private final String cache;

    HeadlineSystem(String param, String label, String cache) {
        this.param = param;
        this.label = label;
        this.cache = cache;
    }

    /** The name {@link HeadlineBenchmark}'s {@code @Param}s use. */
    public String param() {
        return param;
    }

    /** What the system is and how it opens, for the report. */
    public String label() {
        return label;
    }

    /** Whether JAZMIN's shared decoded-chunk cache was on ("on", "off", or what a peer keeps instead). */
    public String cache() {
        return cache;
    }

    /** The system of a {@code @Param} value. */
    public static HeadlineSystem of(String param) {
        for (HeadlineSystem s : values()) {
            if (s.param.equals(param)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no headline system " + param);
    }

    /** The system's queries over the customers files (a connection it keeps is opened here). */
    public CustomerQueries open(CustomersFiles f) {
        return switch (this) {
            case JAZMIN_CACHE_OFF -> JazminOps.queries(f.jzm3Indexes, ReadOptions.defaults().withSharedCache(false));
            case JAZMIN_KEY -> JazminOps.queries(f.jzm3IndexesKey,
                    ReadOptions.defaults().withKey(f.key()).withSharedCache(false));
            case JAZMIN_CACHE_ON -> JazminOps.queries(f.jzm3Indexes, ReadOptions.defaults().withSharedCache(true));
            case JAZMIN_KEY_CACHE_ON -> JazminOps.queries(f.jzm3IndexesKey,
                    ReadOptions.defaults().withKey(f.key()).withCacheDecryptedChunks(true));
            case SQLITE_PER_QUERY -> SqliteOps.perQuery(f.sqlite);
            case SQLITE_ONE_CONNECTION -> SqliteOps.oneConnection(f.sqlite);
            case DUCKDB_ONE_CONNECTION -> ParquetOps.oneConnection(f.parquet);
            case DUCKDB_PER_QUERY -> ParquetOps.perQuery(f.parquet);
            case MSGPACK -> MsgpackOps.queries(f.msgpack);
            case JACKSON_STREAMING -> JacksonOps.streaming(f.json);
            case JACKSON_DATABIND -> JacksonOps.databind(f.json);
        };
    }
}
