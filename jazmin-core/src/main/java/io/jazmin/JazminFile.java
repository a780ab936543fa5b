package io.jazmin;

import io.jazmin.reader.FileOpener;
import io.jazmin.reader.OpenedFile;
import io.jazmin.reader.StorageReport;
import io.jazmin.wire.ByteSource;
import io.jazmin.writer.Appender;
import io.jazmin.writer.Rewriter;
import io.jazmin.writer.Updater;
import java.io.IOException;
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

    /**
     * Appends rows to table {@code table} ({@code null} for the first), writing them with
     * {@code grownColumns}: the table's column definitions in which object columns (at any depth)
     * gained nullable fields at the end (spec §1.10, §1.24). The new header stores the grown
     * definitions; rows written before read the new fields as null.
     *
     * @throws JazminValidationException naming the column when {@code grownColumns} changes the
     *                                   columns in any other way; the file is then left unchanged
     */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options, List<Column> grownColumns) {
        return result(Appender.append(path, options, table, rows, null, grownColumns));
    }

    /**
     * Appends rows to table {@code table} ({@code null} for the first) and changes the embedded
     * files (spec §1.23) in the same new version: added files are stored, removed ones no longer
     * listed (their bytes stay until the file is compacted), the others listed by reference.
     *
     * @throws JazminValidationException when a file change is not valid; the file is left unchanged
     */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options, FileChanges files) {
        return result(Appender.append(path, options, table, rows, null, null, files));
    }

    /** Changes the embedded files and {@code package} only, by an append (see {@link #append(Path, String, Iterator, WriteOptions, FileChanges)}). */
    public static ChangeResult changeFiles(Path path, FileChanges files, WriteOptions options) {
        return append(path, null, List.<Map<String, ?>>of().iterator(), options, files);
    }

    /** Deletes the rows of the first table matching {@code filter}. */
    public static ChangeResult delete(Path path, Filter filter, WriteOptions options) {
        return delete(path, null, filter, options);
    }

    /** Deletes the rows of table {@code table} matching {@code filter}. */
    public static ChangeResult delete(Path path, String table, Filter filter, WriteOptions options) {
        return result(Appender.append(path, options, table, List.<Map<String, ?>>of().iterator(), filter));
    }

    /** Deletes the rows of table {@code table} ({@code null} for the first) with ids {@code rowIds}. */
    public static ChangeResult deleteRows(Path path, String table, long[] rowIds, WriteOptions options) {
        return result(Appender.deleteRows(path, options, table, rowIds));
    }

    /**
     * Deletes the rows of table {@code table} ({@code null} for the first) with ids {@code rowIds}
     * and appends {@code rows}, in one new version: how a batch of changes made elsewhere (a
     * transaction's working copy, say) lands as a single append.
     */
    public static ChangeResult replaceRows(Path path, String table, long[] rowIds,
                                           Iterator<? extends Map<String, ?>> rows, WriteOptions options) {
        return result(Appender.replaceRows(path, options, table, rowIds, rows));
    }

    /**
     * Replaces the rows whose key columns equal those of {@code rows} and adds the others, in one
     * new version (delete + append, spec §1.17): the replaced rows get new row ids at the end.
     */
    public static ChangeResult upsert(Path path, String table, List<String> keyColumns,
                                      Collection<? extends Map<String, ?>> rows, WriteOptions options) {
        Filter matching = Updater.keyFilter(keyColumns, rows);
        return result(Appender.append(path, options, table, rows.iterator(), matching));
    }

    /**
     * Rewrites the file without its deleted rows and dead bytes, merging segments; the new version
     * replaces the old atomically and keeps columns, sort order, indexes and metadata.
     */
    public static void compact(Path path, WriteOptions options) {
        Rewriter.compact(path, options);
    }

    /** {@link #storage(Path, ReadOptions)} of a plain file. */
    public static Storage storage(Path path) {
        return storage(path, ReadOptions.defaults());
    }

    /**
     * How the file's bytes are used by its current version: file size, live and dead bytes,
     * deleted rows, chunks and directory segments per table, append count, so a caller can decide
     * when to {@link #compact compact}. Reads the catalog only, no chunk; takes no lock.
     *
     * @param options the key or password of an encrypted file
     */
    public static Storage storage(Path path, ReadOptions options) {
        try (ByteSource source = ByteSource.open(path)) {
            OpenedFile file = FileOpener.open(source, options);
            try {
                return StorageReport.of(file, source.size());
            } finally {
                if (file.cipher() != null) {
                    file.cipher().close();
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read", path, e);
        }
    }

    /**
     * A full update (spec §1.25): deletes by filter, upserts by key columns, inserts and a metadata
     * merge, written as a complete new version that replaces the file atomically. Unlike an
     * upsert by append, a {@code sortedBy} table keeps its order (new rows are merged into place)
     * and the file is compacted on the way.
     */
    public static Updater.Result update(Path path, Updater.Changes changes, WriteOptions options) {
        return Updater.update(path, options, changes);
    }

    private static ChangeResult result(Appender.Result r) {
        return new ChangeResult(r.appendCount(), r.rowsAppended(), r.rowsDeleted(), r.rowCount());
    }
}
