package io.jazmin.testing;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.export.SavedShape;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Column;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a file holds, read through the public API by whoever sees all of it (the key, the
 * password, or a shared file's owner key), so a test can tell what a change kept: each table's
 * columns, sort order, indexes, partition column, column groups and rows; every embedded file (path,
 * type, groups, size, SHA-256); package; saved shapes; metadata (as a parsed JSON tree); the grants
 * as the owner lists them; the partitions and column groups; the encryption kind; and the raw bytes.
 *
 * @param encryption   {@code plain}, {@code key}, {@code password} or {@code shared}
 * @param tables       each table by name, in file order
 * @param files        the embedded files in path order
 * @param packageJson  the package, or {@code null}
 * @param shapes       the saved shapes as {@code name|description|default|table|groups|shape json}, in file order
 * @param metadata     the metadata, re-serialised from its parsed tree
 * @param grants       the grants the owner lists (empty for a file that is not shared)
 * @param partitions   the partitions the owner sees, sorted (their order follows the rows'; empty for a file that is not shared)
 * @param columnGroups the column groups, in file order
 * @param sha256       SHA-256 of the raw bytes
 * @param size         the file size in bytes
 */
public record FileFingerprint(String encryption, Map<String, TableState> tables, List<EmbeddedFile> files,
                              String packageJson, List<String> shapes, String metadata, List<JazminFile.GrantInfo> grants,
                              List<String> partitions, List<String> columnGroups, String sha256, long size) {

    /**
     * One table as it is.
     *
     * @param columns      its columns
     * @param sortedBy     its sort order
     * @param indexes      its indexes as {@code column:kind}, sorted
     * @param partitionBy  its partition column ({@code ""} when none)
     * @param columnGroups its column groups, group name → columns
     * @param rows         its visible rows as maps, sorted by their text (row order is not what a change keeps)
     */
    public record TableState(List<Column> columns, List<String> sortedBy, List<String> indexes, String partitionBy,
                             Map<String, List<String>> columnGroups, List<Map<String, Object>> rows) {
    }

    /**
     * The fingerprint of {@code path} opened with {@code options}.
     *
     * @param owner a shared file's owner key, to list its grants, or {@code null}
     */
    public static FileFingerprint of(Path path, ReadOptions options, JazminKey owner) {
        byte[] raw;
        try {
            raw = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (JazminReader reader = JazminReader.open(path, options)) {
            Map<String, TableState> tables = new LinkedHashMap<>();
            for (JazminTable t : reader.tables()) {
                tables.put(t.name(), table(t));
            }
            List<EmbeddedFile> files = reader.files().stream().sorted(Comparator.comparing(EmbeddedFile::path)).toList();
            List<String> shapes = reader.shapes().stream().map(FileFingerprint::shape).toList();
            String encryption = reader.accessControlled() ? "shared" : reader.passwordProtected() ? "password"
                    : reader.encrypted() ? "key" : "plain";
            List<JazminFile.GrantInfo> grants = reader.accessControlled() && owner != null
                    ? JazminFile.listGrants(path, owner) : List.of();
            return new FileFingerprint(encryption, tables, files, reader.packageJson().orElse(null), shapes,
                    CanonicalJson.parse(reader.metadata()).toString(), grants, reader.visiblePartitions().stream().sorted().toList(),
                    reader.visibleColumnGroups(), sha256(raw), raw.length);
        }
    }

    private static TableState table(JazminTable t) {
        List<Map<String, Object>> rows;
        try (var stream = t.rows()) {
            rows = new ArrayList<>(stream.map(Row::toMap).toList());
        }
        rows.sort(Comparator.comparing(Object::toString));
        List<String> indexes = t.indexes().stream().map(i -> i.column() + ":" + i.kind()).distinct().sorted().toList();
        return new TableState(t.columns(), t.sortedBy(), indexes, t.partitionBy(), t.columnGroupColumns(),
                List.copyOf(rows));
    }

    private static String shape(SavedShape s) {
        return s.name() + "|" + s.description() + "|" + s.isDefault() + "|" + s.table() + "|" + s.groups() + "|"
                + s.shape().json();
    }

    /** Whether {@code other} was taken of the same bytes. */
    public boolean byteIdentical(FileFingerprint other) {
        return size == other.size && sha256.equals(other.sha256);
    }

    /** The visible rows of table {@code table}, sorted by their text. */
    public List<Map<String, Object>> rows(String table) {
        TableState state = tables.get(table);
        if (state == null) {
            throw new IllegalArgumentException("no table '" + table + "' in " + tables.keySet());
        }
        return state.rows();
    }

    /**
     * What differs between this fingerprint (before a change) and {@code after}, leaving out the
     * rows of table {@code target} (what the change targets) and, when {@code layoutTargeted}, its
     * sort order and indexes (a change that re-declares them). Raw bytes are not compared (a change
     * writes new ones). Empty when the change kept everything else.
     */
    public List<String> differencesOutside(FileFingerprint after, String target, boolean layoutTargeted) {
        List<String> out = new ArrayList<>();
        differ(out, "encryption", encryption, after.encryption);
        differ(out, "table names", List.copyOf(tables.keySet()), List.copyOf(after.tables.keySet()));
        for (Map.Entry<String, TableState> e : tables.entrySet()) {
            TableState a = e.getValue();
            TableState b = after.tables.get(e.getKey());
            if (b == null) {
                continue;
            }
            String name = "table '" + e.getKey() + "' ";
            boolean targeted = e.getKey().equals(target);
            differ(out, name + "columns", a.columns(), b.columns());
            differ(out, name + "partition column", a.partitionBy(), b.partitionBy());
            differ(out, name + "column groups", a.columnGroups(), b.columnGroups());
            if (!targeted || !layoutTargeted) {
                differ(out, name + "sort order", a.sortedBy(), b.sortedBy());
                differ(out, name + "indexes", a.indexes(), b.indexes());
            }
            if (!targeted) {
                differ(out, name + "rows", a.rows(), b.rows());
            }
        }
        differ(out, "embedded files", files, after.files);
        differ(out, "package", packageJson, after.packageJson);
        differ(out, "saved shapes", shapes, after.shapes);
        differ(out, "metadata", metadata, after.metadata);
        differ(out, "grants", grants, after.grants);
        differ(out, "partitions", partitions, after.partitions);
        differ(out, "column groups", columnGroups, after.columnGroups);
        return out;
    }

    private static void differ(List<String> out, String what, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            out.add(what + ": " + before + " -> " + after);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Never shows rows (they may be secret): the encryption kind, tables, file count and hash. */
    @Override
    public String toString() {
        return "FileFingerprint[" + encryption + ", tables=" + tables.keySet() + ", files=" + files.size()
                + ", sha256=" + sha256 + ", size=" + size + "]";
    }
}
