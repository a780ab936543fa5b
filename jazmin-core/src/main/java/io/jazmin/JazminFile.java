package io.jazmin;

import io.jazmin.writer.Appender;
import io.jazmin.writer.Rewriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Changes to existing files (spec §1.24): appends, deletes and upserts that add a new version at
 * the end of the file in milliseconds without rewriting it, and compaction, which rewrites it.
 * One writer at a time per file ({@code <path>.lock}); readers are never blocked and keep seeing
 * the version they opened. An interrupted append leaves the file readable at its previous version.
 *
 * <p>{@code options} gives the key or password of an encrypted file, and the codec, level and
 * chunking of the new sections; its columns, sort order and indexes come from the file.
 */
public final class JazminFile {
    private JazminFile() {
    }

    /** What a change did: the file's append count after it, rows added and deleted, visible rows. */
    public record ChangeResult(long appendCount, long rowsAppended, long rowsDeleted, long rowCount) {
    }

    /** Appends rows (by column name) to the file's first table. */
    public static ChangeResult append(Path path, Iterator<? extends Map<String, ?>> rows, WriteOptions options) {
        return append(path, null, rows, options);
    }

    /** Appends rows to table {@code table}. */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options) {
        return result(Appender.append(path, options, table, rows, null));
    }

    /** Deletes the rows of the first table matching {@code filter}. */
    public static ChangeResult delete(Path path, Filter filter, WriteOptions options) {
        return delete(path, null, filter, options);
    }

    /** Deletes the rows of table {@code table} matching {@code filter}. */
    public static ChangeResult delete(Path path, String table, Filter filter, WriteOptions options) {
        return result(Appender.append(path, options, table, List.<Map<String, ?>>of().iterator(), filter));
    }

    /**
     * Replaces the rows whose key columns equal those of {@code rows} and adds the others, in one
     * new version (delete + append, spec §1.17): the replaced rows get new row ids at the end.
     */
    public static ChangeResult upsert(Path path, String table, List<String> keyColumns,
                                      Collection<? extends Map<String, ?>> rows, WriteOptions options) {
        if (keyColumns.isEmpty()) {
            throw new JazminValidationException("upsert needs at least one key column");
        }
        Filter matching = null;
        for (Map<String, ?> row : rows) {
            Filter key = null;
            for (String column : keyColumns) {
                if (!row.containsKey(column)) {
                    throw new JazminValidationException("an upserted row lacks key column '" + column + "'");
                }
                Filter eq = Filter.eq(column, row.get(column));
                key = key == null ? eq : key.and(eq);
            }
            matching = matching == null ? key : matching.or(key);
        }
        return result(Appender.append(path, options, table, rows.iterator(), matching));
    }

    /**
     * Rewrites the file without its deleted rows and dead bytes, merging segments; the new version
     * replaces the old atomically and keeps columns, sort order, indexes and metadata.
     */
    public static void compact(Path path, WriteOptions options) {
        Rewriter.compact(path, options);
    }

    private static ChangeResult result(Appender.Result r) {
        return new ChangeResult(r.appendCount(), r.rowsAppended(), r.rowsDeleted(), r.rowCount());
    }
}
