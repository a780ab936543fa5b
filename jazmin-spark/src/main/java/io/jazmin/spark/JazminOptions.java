package io.jazmin.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of {@code spark.read().format("jazmin")}, validated once on the driver and shipped
 * to the tasks. The key options are named so that Spark's default {@code spark.redaction.regex}
 * hides them in the UI and event logs; {@link #toString()} never shows them.
 *
 * <ul>
 *   <li>{@code path} / {@code paths}: files or folders (set by {@code load(...)})</li>
 *   <li>{@code table}: the table to read (default: each file's first table)</li>
 *   <li>{@code secretKey} ({@code jzk1-…}), {@code password}, {@code keyFile}: at most one, for encrypted files</li>
 *   <li>{@code recursiveFileLookup} (default false), {@code pathGlobFilter} (default {@code *.jzm})</li>
 * </ul>
 */
public final class JazminOptions implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Set<String> KNOWN = Set.of("path", "paths", "table", "secretkey", "password", "keyfile",
            "recursivefilelookup", "pathglobfilter");

    private final List<String> paths;
    private final String table;
    private final String secretKey;
    private final String password;
    private final boolean recursive;
    private final String globFilter;

    private JazminOptions(List<String> paths, String table, String secretKey, String password, boolean recursive,
                          String globFilter) {
        this.paths = List.copyOf(paths);
        this.table = table;
        this.secretKey = secretKey;
        this.password = password;
        this.recursive = recursive;
        this.globFilter = globFilter;
    }

    /**
     * Parses Spark's options (keys compared without case, as Spark does).
     *
     * @throws JazminValidationException for an unknown option, no path, a bad boolean, or more than one key option
     */
    public static JazminOptions parse(Map<String, String> options) {
        Map<String, String> lower = new java.util.HashMap<>();
        options.forEach((k, v) -> lower.put(k.toLowerCase(java.util.Locale.ROOT), v));
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
        String password = lower.get("password");
        String keyFile = lower.get("keyfile");
        int keyOptions = (secretKey == null ? 0 : 1) + (password == null ? 0 : 1) + (keyFile == null ? 0 : 1);
        if (keyOptions > 1) {
            throw new JazminValidationException("give only one of the options secretKey, password and keyFile");
        }
        if (keyFile != null) {
            secretKey = readKeyFile(keyFile);
        }
        if (secretKey != null) {
            JazminKey.parse(secretKey.strip()); // fails early, on the driver, without echoing the text
        }
        return new JazminOptions(paths, lower.get("table"), secretKey == null ? null : secretKey.strip(), password,
                parseBoolean(lower, "recursivefilelookup"), lower.getOrDefault("pathglobfilter", "*.jzm"));
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

    private static boolean parseBoolean(Map<String, String> options, String name) {
        String v = options.getOrDefault(name, "false");
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new JazminValidationException("option '" + name + "' must be true or false, got '" + v + "'");
        }
        return Boolean.parseBoolean(v);
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

    /** Options for opening one file: the key or password, and one decoding thread (a task is one core). */
    public ReadOptions readOptions() {
        ReadOptions.Builder b = ReadOptions.builder().parallelism(Parallelism.defaults().withMaxDegree(1));
        if (secretKey != null) {
            b.key(JazminKey.parse(secretKey));
        }
        if (password != null) {
            b.password(Secret.of(password));
        }
        return b.build();
    }

    /** Paths and table only: never the key or password. */
    @Override
    public String toString() {
        return "JazminOptions[paths=" + paths + ", table=" + table + ", encrypted=" + (secretKey != null || password != null)
                + "]";
    }
}
