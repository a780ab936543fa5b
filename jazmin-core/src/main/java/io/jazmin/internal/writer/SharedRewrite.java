package io.jazmin.internal.writer;

import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.FileChanges;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Full rewrites of a shared file by its owner (spec §1.25): grants added or changed, grants
 * revoked, and the common path of compaction, full updates ({@link Updater}) and owner-key
 * rotation ({@link OwnerKeyRotation}). Each table's rows, partition column and column groups, sort
 * order and indexes, the file's metadata, embedded files (in their file groups), package and saved
 * shapes, whether the owner catalog holds chunk maps, and the other grants (labels, expiry, mode,
 * and the shares of online grants, so their unlock tokens stay valid) carry over into a new version
 * with a fresh file id, salt, H and O, so a revoked key opens nothing of it (§1.19). The grants are
 * read back from the owner directory. All or nothing, under the writer lock: the new file replaces the old atomically.
 */
public final class SharedRewrite {
    private SharedRewrite() {
    }

    /**
     * Adds {@code grants}; a key that has a grant already gets the new one in its place.
     *
     * @param options the owner key, and the codec and chunking of the new version
     * @throws JazminValidationException when {@code grants} is empty or names a key twice
     */
    public static void grant(Path path, WriteOptions options, List<AccessGrant> grants) {
        if (grants.isEmpty()) {
            throw new JazminValidationException("no grant to add");
        }
        Set<String> keys = new LinkedHashSet<>();
        for (AccessGrant g : grants) {
            if (!keys.add(g.key().keyId())) {
                throw new JazminValidationException("key " + g.key().keyId() + " is granted twice");
            }
        }
        rewrite(path, options, "given new grants", current -> {
            List<AccessGrant> next = new ArrayList<>();
            Map<String, AccessGrant> added = new LinkedHashMap<>();
            grants.forEach(g -> added.put(g.key().keyId(), g));
            for (AccessGrant g : current) {
                AccessGrant replacement = added.remove(g.key().keyId());
                next.add(replacement == null ? g : replacement);
            }
            next.addAll(added.values());
            return next;
        });
    }

    /**
     * Removes the grants of the keys {@code keyIds}.
     *
     * @throws JazminValidationException when {@code keyIds} is empty, or a key has no grant in the file
     */
    public static void revoke(Path path, WriteOptions options, List<String> keyIds) {
        if (keyIds.isEmpty()) {
            throw new JazminValidationException("no key to revoke");
        }
        rewrite(path, options, "changed by a revocation", current -> {
            Set<String> revoked = new LinkedHashSet<>(keyIds);
            List<AccessGrant> next = new ArrayList<>();
            for (AccessGrant g : current) {
                if (!revoked.remove(g.key().keyId())) {
                    next.add(g);
                }
            }
            if (!revoked.isEmpty()) {
                throw new JazminValidationException("key " + revoked.iterator().next()
                        + " has no grant in this file: nothing to revoke");
            }
            return next;
        });
    }

    /**
     * Rewrites the shared file at {@code path} with the grants {@code edit} makes of its current ones.
     *
     * @param change what the rewrite does, for errors
     */
    private static void rewrite(Path path, WriteOptions options, String change, UnaryOperator<List<AccessGrant>> edit) {
        try (WriterLock lock = WriterLock.acquire(path);
             RewriteSource source = RewriteSource.openShared(path, Rewriter.readOptions(options), change)) {
            write(lock, source, options, source.metadata(), FileChanges.none(), edit, COPY);
        }
    }

    /**
     * Compaction of a shared file (spec §1.24): a rewrite with its grants unchanged and fresh
     * secrets. With {@code regroup}, the rows of each partition are written contiguously (one
     * partition after another, in order of first appearance), merging the small chunks appends
     * leave, in tables that are not sorted or sorted by the partition column first.
     */
    static void compact(WriterLock lock, RewriteSource source, WriteOptions options, boolean regroup) {
        TableRows rows = !regroup ? COPY : (table, writer) -> {
            if (regroupable(table)) {
                for (Filter partition : partitions(table)) {
                    Rewriter.copyRows(table.find(partition).iterator(), writer);
                }
            } else {
                COPY.write(table, writer);
            }
        };
        write(lock, source, options, source.metadata(), FileChanges.none(), UnaryOperator.identity(), rows);
    }

    /**
     * A full update of a shared file (spec §1.25): its grants unchanged under fresh secrets, the
     * rows of each table as {@code rows} writes them, {@code metadata}, and the embedded files
     * changed by {@code files}, each table with the sort order and indexes {@code layout} chooses.
     */
    static void update(WriterLock lock, RewriteSource source, WriteOptions options, String metadata, FileChanges files,
                       TableRows rows, Function<TableReader, TableLayoutChoice> layout) {
        write(lock, source, options, metadata, files, UnaryOperator.identity(), rows, layout);
    }

    /** Writes the rows of one table of the version rewritten into the new version's current table. */
    @FunctionalInterface
    interface TableRows {
        void write(TableReader table, FullFileWriter writer);
    }

    /** Every row of the table as it is. */
    static final TableRows COPY = (table, writer) -> Rewriter.copyRows(table.rows().iterator(), writer);

    /**
     * The shared rewrite all others are made of: a new version written under {@code lock} with the
     * owner key of {@code options} (which signs it), the grants {@code edit} makes of the current
     * ones, each table's partition column, groups, sort order and indexes, {@code metadata}, the
     * embedded files, package and saved shapes as {@code files} changes them, and the rows
     * {@code rows} writes per table.
     */
    static void write(WriterLock lock, RewriteSource source, WriteOptions options, String metadata, FileChanges files,
                      UnaryOperator<List<AccessGrant>> edit, TableRows rows) {
        write(lock, source, options, metadata, files, edit, rows, TableLayoutChoice::of);
    }

    /** {@link #write(WriterLock, RewriteSource, WriteOptions, String, FileChanges, UnaryOperator, TableRows)} with each table's sort order and indexes as {@code layout} chooses. */
    private static void write(WriterLock lock, RewriteSource source, WriteOptions options, String metadata,
                              FileChanges files, UnaryOperator<List<AccessGrant>> edit, TableRows rows,
                              Function<TableReader, TableLayoutChoice> layout) {
        Map<String, byte[]> shares = new LinkedHashMap<>();
        try {
            List<AccessGrant> grants = edit.apply(currentGrants(source.file(), shares));
            WriteOptions base = source.rewriteOptions(options, metadata).withAccess(settings(source.tables(), grants));
            FullFileWriter writer = new FullFileWriter(lock, base, shares);
            try {
                writer.carryFiles(source.files(), files);
                for (TableReader table : source.tables()) {
                    writer.startTable(table.name(), table.columns(), layout.apply(table).applyTo(base), division(table));
                    rows.write(table, writer);
                }
                writer.finish();
            } finally {
                writer.close();
            }
        } finally {
            shares.values().forEach(share -> Arrays.fill(share, (byte) 0));
        }
    }

    /**
     * The grants the owner directory of {@code file} lists, in order; the shares of online grants go
     * into {@code shares} (key id → share), which the caller clears.
     */
    static List<AccessGrant> currentGrants(OpenedFile file, Map<String, byte[]> shares) {
        List<AccessGrant> current = new ArrayList<>();
        for (OwnerDirectory.GrantEntry e : OwnerDirectory.grants(file)) {
            current.add(new AccessGrant(e.key(), e.rows(), e.columns(), e.files(), e.label(), e.expires(), null,
                    e.online() ? AccessGrant.Mode.ONLINE : AccessGrant.Mode.OFFLINE));
            if (e.token() != null) {
                shares.put(e.keyId(), e.token().share());
            }
        }
        return current;
    }

    /**
     * The file's access settings: the first table's partition column, every table's groups,
     * {@code grants}, and a chunk map when the version read has one (a file written without keeps
     * its choice).
     */
    static AccessSettings settings(List<TableReader> tables, List<AccessGrant> grants) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        boolean chunkMap = false;
        for (TableReader t : tables) {
            division(t).columnGroups().forEach(groups::putIfAbsent);
            chunkMap |= t.storesChunkMap();
        }
        return new AccessSettings(division(tables.get(0)).partitionBy(), groups, grants, chunkMap);
    }

    /** Whether writing {@code table}'s partitions one after another keeps its sort order. */
    private static boolean regroupable(TableReader table) {
        return !table.partitionBy().isEmpty()
                && (table.sortedBy().isEmpty() || table.sortedBy().get(0).equals(table.partitionBy()));
    }

    /** A filter per partition value of {@code table}, in order of first appearance (null last). */
    private static List<Filter> partitions(TableReader table) {
        String column = table.partitionBy();
        Set<Object> values = new LinkedHashSet<>();
        boolean[] nulls = {false};
        table.rows(RowQuery.all().withSelect(List.of(column))).forEach(row -> {
            Object v = row.get(0);
            if (v == null) {
                nulls[0] = true;
            } else {
                values.add(v);
            }
        });
        List<Filter> out = new ArrayList<>();
        values.forEach(v -> out.add(Filter.eq(column, v)));
        if (nulls[0]) {
            out.add(Filter.isNull(column));
        }
        return out;
    }

    /** How {@code table} is divided now: its partition column and restricted groups, no grant. */
    static AccessSettings division(TableReader table) {
        Map<String, List<String>> groups = new LinkedHashMap<>(table.columnGroupColumns());
        groups.remove(SectionIds.DEFAULT_GROUP);
        return new AccessSettings(table.partitionBy().isEmpty() ? null : table.partitionBy(), groups, List.of());
    }
}
