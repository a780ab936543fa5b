package io.jazmin.benchmarks;

import io.jazmin.schema.Codec;
import io.jazmin.key.JazminKey;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The customers files every benchmark reads, made once from {@link CustomersData} and cached in a
 * directory ({@code -Djazmin.bench.dir}, else {@code java.io.tmpdir/jazmin-bench-N}) so that each
 * JMH fork does not rebuild them. Each file is written beside its name and moved into place.
 */
public final class CustomersFiles {
    /** Bumped whenever the generator or the file layouts change, so stale caches are not reused. */
    private static final String VERSION = "v8";

    /** Rows per chunk of {@link #jzm3IndexesSmallChunks}. */
    public static final int SMALL_CHUNK_ROWS = 1024;

    public final int rows;
    public final Path dir;
    public final Path jzmNoIndexes;
    public final Path jzmNoIndexesBrotli;
    public final Path jzm3Indexes;
    public final Path jzm3IndexesKey;
    /** 3 indexes in 1,024-row chunks: a lookup inflates a quarter of a default chunk. */
    public final Path jzm3IndexesSmallChunks;
    /**
     * 3 indexes, without column flush points (the default makes them here): a query inflates every
     * stream up to the last one it reads, as the reference writer's files make it.
     */
    public final Path jzm3IndexesNoFlushPoints;
    public final Path json;
    public final Path jsonGzip;
    public final Path sqlite;
    public final Path msgpack;
    /** Parquet written by DuckDB (Snappy). */
    public final Path parquet;
    /** Arrow IPC file format, uncompressed. */
    public final Path arrow;
    public final Path mvstore;
    public final Path keyFile;

    private CustomersFiles(int rows, Path dir) {
        this.rows = rows;
        this.dir = dir;
        jzmNoIndexes = dir.resolve("customers-noindex-deflate.jzm");
        jzmNoIndexesBrotli = dir.resolve("customers-noindex-brotli.jzm");
        jzm3Indexes = dir.resolve("customers-3indexes.jzm");
        jzm3IndexesKey = dir.resolve("customers-3indexes-key.jzm");
        jzm3IndexesSmallChunks = dir.resolve("customers-3indexes-1024.jzm");
        jzm3IndexesNoFlushPoints = dir.resolve("customers-3indexes-noflushpoints.jzm");
        json = dir.resolve("customers.json");
        jsonGzip = dir.resolve("customers.json.gz");
        sqlite = dir.resolve("customers.sqlite");
        msgpack = dir.resolve("customers.msgpack");
        parquet = dir.resolve("customers.parquet");
        arrow = dir.resolve("customers.arrow");
        mvstore = dir.resolve("customers.mv.db");
        keyFile = dir.resolve("customers.key");
    }

    /** The files of {@code rows} rows, made if missing. */
    public static CustomersFiles ensure(int rows) {
        CustomersFiles f = new CustomersFiles(rows, directory(rows, defaultBase()));
        f.makeHeadline();
        f.makeOthers();
        return f;
    }

    /**
     * Only the files {@link HeadlineBenchmark} reads (the 3-index file and its key file, JSON, SQLite,
     * MessagePack, Parquet), made if missing in the cache directory under {@code base}; the other
     * paths of the returned object may not exist.
     */
    public static CustomersFiles ensureHeadline(int rows, Path base) {
        CustomersFiles f = new CustomersFiles(rows, directory(rows, base));
        f.makeHeadline();
        return f;
    }

    /** {@code -Djazmin.bench.dir}, else the temporary directory. */
    public static Path defaultBase() {
        String base = System.getProperty("jazmin.bench.dir");
        return base == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(base);
    }

    private static Path directory(int rows, Path base) {
        return base.resolve("jazmin-bench-customers-" + rows + "-" + VERSION);
    }

    /** Scratch output for the write benchmarks (overwritten each time). */
    public Path scratch(String name) {
        return dir.resolve("scratch-" + name);
    }

    public JazminKey key() {
        try {
            return JazminKey.parse(Files.readString(keyFile).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void makeHeadline() {
        try {
            Files.createDirectories(dir);
            if (!Files.exists(keyFile)) {
                atomically(keyFile, p -> Files.writeString(p, JazminKey.generate().text()));
            }
            atomically(jzm3Indexes, p -> JazminOps.write(p, CustomersData.valueRows(rows), CustomersData.threeIndexes()));
            atomically(jzm3IndexesKey, p -> JazminOps.write(p, CustomersData.valueRows(rows),
                    CustomersData.threeIndexes().withKey(key())));
            atomically(json, p -> {
                try (OutputStream out = Files.newOutputStream(p)) {
                    JacksonOps.writeReferenceJson(out, rows);
                }
            });
            atomically(sqlite, p -> SqliteOps.write(p, CustomersData.customers(rows)));
            atomically(msgpack, p -> MsgpackOps.write(p, CustomersData.customers(rows)));
            atomically(parquet, p -> ParquetOps.write(p, CustomersData.customers(rows)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void makeOthers() {
        try {
            atomically(jzmNoIndexes, p -> JazminOps.write(p, CustomersData.valueRows(rows), CustomersData.noIndexes()));
            atomically(jzmNoIndexesBrotli, p -> JazminOps.write(p, CustomersData.valueRows(rows),
                    CustomersData.noIndexes().withCodec(Codec.BROTLI)));
            atomically(jzm3IndexesSmallChunks, p -> JazminOps.write(p, CustomersData.valueRows(rows),
                    CustomersData.threeIndexes().withChunkRows(SMALL_CHUNK_ROWS)));
            atomically(jzm3IndexesNoFlushPoints, p -> JazminOps.write(p, CustomersData.valueRows(rows),
                    CustomersData.threeIndexes().withColumnFlushPoints(false)));
            atomically(jsonGzip, p -> {
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p), 1 << 16)) {
                    Files.copy(json, out);
                }
            });
            atomically(arrow, p -> ArrowOps.write(p, CustomersData.customers(rows)));
            atomically(mvstore, p -> MvStoreOps.write(p, CustomersData.customers(rows)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** File sizes in bytes, by label. */
    public Map<String, Long> sizes() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("json", size(json));
        out.put("jsonGzip", size(jsonGzip));
        out.put("noIndexesDeflate", size(jzmNoIndexes));
        out.put("noIndexesBrotli", size(jzmNoIndexesBrotli));
        out.put("indexes3", size(jzm3Indexes));
        out.put("indexes3Key", size(jzm3IndexesKey));
        out.put("indexes3SmallChunks", size(jzm3IndexesSmallChunks));
        out.put("indexes3NoFlushPoints", size(jzm3IndexesNoFlushPoints));
        out.put("sqlite", size(sqlite));
        out.put("msgpack", size(msgpack));
        out.put("parquet", size(parquet));
        out.put("arrow", size(arrow));
        out.put("mvstore", size(mvstore));
        return out;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    interface Maker {
        void make(Path path) throws Exception;
    }

    private static void atomically(Path target, Maker maker) throws IOException {
        if (Files.exists(target)) {
            return;
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try {
            maker.make(tmp);
        } catch (Exception e) {
            Files.deleteIfExists(tmp);
            throw new IllegalStateException("could not make " + target, e);
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
