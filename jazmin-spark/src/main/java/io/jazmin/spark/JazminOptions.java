package io.jazmin.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.key.UnlockToken;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The options of {@code format("jazmin")} reads and writes, validated once on the driver and
 * shipped to the tasks. The key options are named so that Spark's default
 * {@code spark.redaction.regex} ({@code (?i)secret|password|token|access[.]?key}) hides them in
 * the UI and event logs; {@link #toString()} never shows them.
 *
 * <ul>
 *   <li>{@code path} / {@code paths}: files or folders (set by {@code load(...)} and {@code save(...)})</li>
 *   <li>{@code table}: the table to read (default: each file's first table)</li>
 *   <li>{@code secretKey} ({@code jzk1-…}), {@code password}, {@code accessKey} ({@code jza1-…}, for
 *       shared files), {@code keyFile} (a file holding a {@code jzk1-} or {@code jza1-} text): at most one</li>
 *   <li>{@code unlockToken} ({@code jzu1-…}): with an access key of an online grant</li>
 *   <li>{@code recursiveFileLookup} (default false), {@code pathGlobFilter} (default {@code *.jzm})</li>
 *   <li>{@code columnar} (default true): read columnar batches when every column read maps to a Spark
 *       column vector; {@code false} reads rows</li>
 *   <li>writes: {@code codec} ({@code none}, {@code deflate}, {@code brotli}), {@code chunkRows} (default
 *       {@link #DEFAULT_CHUNK_ROWS}),
 *       {@code truncateMicros} (default false: a timestamp that is not a whole millisecond fails the task)</li>
 * </ul>
 */
public final class JazminOptions implements Serializable {
    private static final long serialVersionUID = 3L;
    /**
     * Rows per chunk of the files the connector writes when option {@code chunkRows} is not given:
     * 65,536, larger than core's default ({@link WriteOptions#DEFAULT_CHUNK_ROWS}, 4,096, sized for
     * lookups in one file), because Spark reads files in scans, as Parquet's row groups are sized: a
     * scan then costs one read per chunk for a few chunks per file instead of dozens (on HDFS each read
     * is a round trip to a data node), while a lookup still reads one chunk.
     */
    public static final int DEFAULT_CHUNK_ROWS = 65_536;
    /**
     * Most raw bytes per chunk of the files the connector writes, roughly: 16 MiB, so that rows of up to
     * 256 bytes still make {@link #DEFAULT_CHUNK_ROWS}-row chunks (core's 1 MiB,
     * {@link WriteOptions#DEFAULT_CHUNK_BYTES}, would cut the benchmark's 70-byte customers rows into
     * chunks of about 15,000), while a task's chunk being built stays small next to its memory.
     */
    public static final int DEFAULT_CHUNK_BYTES = 16 << 20;
    /**
     * Master keys of password files, kept per JVM (driver and each executor), so that the ranges,
     * tasks and planning steps that open one file version derive its PBKDF2 key once. The cache
     * holds a few keys (least recently used go first) and never the passwords.
     */
    private static final DerivedKeyCache PASSWORD_KEYS = new DerivedKeyCache(16);
    private static final Set<String> KNOWN = Set.of("path", "paths", "table", "secretkey", "password", "keyfile",
            "accesskey", "unlocktoken", "recursivefilelookup", "pathglobfilter", "codec", "chunkrows",
            "truncatemicros", "columnar");

    private final List<String> paths;
    private final String table;
    private final String secretKey;
    private final String password;
    private final String accessKey;
    private final String unlockToken;
    private final boolean recursive;
    private final String globFilter;
    private final String codec;
    private final int chunkRows;
    private final boolean truncateMicros;
    private final boolean columnar;

    private JazminOptions(Map<String, String> lower, List<String> paths, String secretKey, String accessKey) {
        this.paths = List.copyOf(paths);
        this.table = lower.get("table");
        this.secretKey = secretKey;
        this.password = lower.get("password");
        this.accessKey = accessKey;
        this.unlockToken = lower.get("unlocktoken") == null ? null : lower.get("unlocktoken").strip();
        this.recursive = parseBoolean(lower, "recursivefilelookup", false);
        this.globFilter = lower.getOrDefault("pathglobfilter", "*.jzm");
        this.codec = lower.get("codec") == null ? null : Codec.fromName(lower.get("codec").toLowerCase(Locale.ROOT)).codecName();
        this.chunkRows = parseChunkRows(lower.get("chunkrows"));
        this.truncateMicros = parseBoolean(lower, "truncatemicros", false);
        this.columnar = parseBoolean(lower, "columnar", true);
    }

    /**
     * Parses Spark's options (keys compared without case, as Spark does).
     *
     * @throws JazminValidationException for an unknown option, no path, a bad boolean, codec or
     *                                   chunk size, more than one key option, or an unlock token without an access key
     * @throws io.jazmin.error.JazminKeyException for a key text that does not parse (the text is not echoed)
     */
    public static JazminOptions parse(Map<String, String> options) {
        Map<String, String> lower = new HashMap<>();
        options.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        for (String k : lower.keySet()) {
            if (!KNOWN.contains(k)) {
                throw new JazminValidationException("unknown jazmin option '" + k + "'; known: " + KNOWN);
            }
        }
        List<String> paths = new ArrayList<>();
        if (lower.get("path") != null) {
            paths.add(lower.get("path"));
        }
        if (lower.get("paths") != null) {
            paths.addAll(parsePaths(lower.get("paths")));
        }
        if (paths.isEmpty()) {
            throw new JazminValidationException("no path: use load(\"dir/\") or load(\"a.jzm\", \"b.jzm\")");
        }
        String secretKey = lower.get("secretkey");
        String accessKey = lower.get("accesskey");
        String keyFile = lower.get("keyfile");
        int keyOptions = count(secretKey) + count(lower.get("password")) + count(keyFile) + count(accessKey);
        if (keyOptions > 1) {
            throw new JazminValidationException("give only one of the options secretKey, password, accessKey and keyFile");
        }
        if (keyFile != null) {
            String text = readKeyFile(keyFile).strip();
            if (text.startsWith(AccessKeyText.PREFIX)) {
                accessKey = text;
            } else {
                secretKey = text;
            }
        }
        // Parsed here to fail early, on the driver; the parsers never echo the text.
        if (secretKey != null) {
            secretKey = secretKey.strip();
            JazminKey.parse(secretKey);
        }
        if (accessKey != null) {
            accessKey = accessKey.strip();
            AccessKeyText.parse(accessKey);
        }
        JazminOptions parsed = new JazminOptions(lower, paths, secretKey, accessKey);
        if (parsed.unlockToken != null) {
            if (accessKey == null) {
                throw new JazminValidationException("option unlockToken needs an access key (option accessKey or keyFile)");
            }
            UnlockToken.parse(parsed.unlockToken);
        }
        return parsed;
    }

    private static int count(String option) {
        return option == null ? 0 : 1;
    }

    private static List<String> parsePaths(String json) {
        try {
            return List.of(new ObjectMapper().readValue(json, String[].class));
        } catch (JsonProcessingException e) {
            throw new JazminValidationException("option 'paths' is not a JSON array of strings");
        }
    }

    private static String readKeyFile(String file) {
        Path path = Path.of(file);
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new JazminIoException("read key file", path, e);
        }
    }

    private static boolean parseBoolean(Map<String, String> options, String name, boolean unset) {
        String v = options.getOrDefault(name, Boolean.toString(unset));
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new JazminValidationException("option '" + name + "' must be true or false, got '" + v + "'");
        }
        return Boolean.parseBoolean(v);
    }

    private static int parseChunkRows(String v) {
        if (v == null) {
            return DEFAULT_CHUNK_ROWS;
        }
        try {
            int rows = Integer.parseInt(v.strip());
            if (rows > 0) {
                return rows;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new JazminValidationException("option 'chunkRows' must be a positive whole number, got '" + v + "'");
    }

    public List<String> paths() {
        return paths;
    }

    /** The table to read, or {@code null} for each file's first table. */
    public String table() {
        return table;
    }

    public boolean recursiveFileLookup() {
        return recursive;
    }

    public String pathGlobFilter() {
        return globFilter;
    }

    /** Whether reads give Spark columnar batches where the columns read allow it (option {@code columnar}). */
    public boolean columnar() {
        return columnar;
    }

    /** Whether files are read or written with a key, password or access key. */
    public boolean encrypted() {
        return secretKey != null || password != null || accessKey != null;
    }

    /** Whether a timestamp that is not a whole millisecond is truncated on write (else it fails). */
    public boolean truncateMicros() {
        return truncateMicros;
    }

    /** Options for opening one file: the key, password or access key, and one decoding thread (a task is one core). */
    public ReadOptions readOptions() {
        ReadOptions r = ReadOptions.defaults().withMaxDegreeOfParallelism(1);
        if (secretKey != null) {
            r = r.withKey(JazminKey.parse(secretKey));
        }
        if (password != null) {
            r = r.withPassword(Secret.of(password)).withKeyCache(PASSWORD_KEYS);
        }
        if (accessKey != null) {
            r = r.withAccessKey(AccessKeyText.parse(accessKey));
        }
        if (unlockToken != null) {
            r = r.withUnlockToken(UnlockToken.parse(unlockToken));
        }
        return r;
    }

    /**
     * Options for writing one file: codec, chunk rows ({@link #DEFAULT_CHUNK_ROWS} unless option
     * {@code chunkRows} is given) and bytes ({@link #DEFAULT_CHUNK_BYTES}), the key or password, the
     * table name, one encoding thread.
     *
     * @throws JazminValidationException with an access key: shared files are written by their owner
     */
    public WriteOptions writeOptions() {
        if (accessKey != null) {
            throw new JazminValidationException("an access key only reads; write with the owner's secretKey");
        }
        WriteOptions w = WriteOptions.defaults().withChunkRows(chunkRows).withChunkBytes(DEFAULT_CHUNK_BYTES)
                .withMaxDegreeOfParallelism(1);
        if (codec != null) {
            w = w.withCodec(Codec.fromName(codec));
        }
        if (table != null) {
            w = w.withTableName(table);
        }
        if (secretKey != null) {
            w = w.withKey(JazminKey.parse(secretKey));
        }
        if (password != null) {
            w = w.withPassword(Secret.of(password)).withKeyCache(PASSWORD_KEYS);
        }
        return w;
    }

    /** This JVM's cache of password-derived keys (see {@link #PASSWORD_KEYS}). */
    static DerivedKeyCache passwordKeys() {
        return PASSWORD_KEYS;
    }

    /** Paths and table only: never the key, password, access key or token. */
    @Override
    public String toString() {
        return "JazminOptions[paths=" + paths + ", table=" + table + ", encrypted="
                + (secretKey != null || password != null || accessKey != null) + "]";
    }
}
