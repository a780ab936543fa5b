package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.Delta;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableDelta;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.index.Postings;
import io.jazmin.internal.query.FilterBinder;
import io.jazmin.internal.query.QueryEngine;
import io.jazmin.internal.query.FileOrder;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.FileVersion;
import io.jazmin.internal.reader.KnownVersion;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.TableData;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.files.FileChanges;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Keyring;
import io.jazmin.internal.reader.EmbeddedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Appends rows to one table of an existing file and/or deletes rows, without rewriting it (spec
 * §1.24): new chunks, a new directory segment with its statistics, new index segments, the full
 * deleted-row list when it changed, a delta when the table's partitions live outside the header,
 * then a new header and trailer. Existing bytes are never changed except the APPENDED flag, which
 * is set first; an interrupted append leaves the previous version readable.
 */
public final class Appender {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Appender() {
    }

    /**
     * What an append did; {@code compacted} when {@link WriteOptions#autoCompact()} compacted the file
     * after it. {@code versionEnd}, {@code fileBytes} and {@code superseded} are
     * {@link io.jazmin.JazminFile.ChangedBytes}'s.
     */
    public record Result(long appendCount, long rowsAppended, long rowsDeleted, long rowCount, boolean compacted,
                         long versionEnd, long fileBytes, long superseded) {
        /** An append that did not compact. */
        Result(long appendCount, long rowsAppended, long rowsDeleted, long rowCount, long versionEnd, long fileBytes,
               long superseded) {
            this(appendCount, rowsAppended, rowsDeleted, rowCount, false, versionEnd, fileBytes, superseded);
        }
    }

    /**
     * The bytes of {@code file}'s version that an append superseding it no longer references: its
     * header, trailer and signature, and its deleted-row list of table {@code t} when the append
     * {@code replacesDeletes}.
     */
    static long superseded(OpenedFile file, int t, boolean replacesDeletes) {
        Trailer trailer = file.version().trailer();
        SectionRef deletes = file.header().tables().get(t).deletes();
        return trailer.headerLength() + Trailer.SIZE + trailer.signatureLength()
                + (replacesDeletes && deletes != null ? deletes.length() : 0);
    }

    /**
     * Appends {@code rows} to table {@code table} ({@code null} for the first) and deletes the rows
     * matching {@code delete} (or none), in one new file version.
     *
     * @param options secrets to open the file and the codec/chunking of the new sections
     */
    public static Result append(Path path, WriteOptions options, String table, Iterator<? extends Map<String, ?>> rows,
                                Filter delete) {
        return append(path, options, table, rows, delete, null);
    }

    /**
     * Like {@link #append(Path, WriteOptions, String, Iterator, Filter)}, writing the new rows with
     * {@code grownColumns}: the table's column definitions where object columns gained nullable
     * trailing fields, stored in the new header ({@code null} keeps the file's definitions).
     *
     * @throws JazminValidationException when {@code grownColumns} changes the columns in another way
     *                                   (the file is left unchanged)
     */
    public static Result append(Path path, WriteOptions options, String table, Iterator<? extends Map<String, ?>> rows,
                                Filter delete, List<Column> grownColumns) {
        return append(path, options, table, rows, delete, grownColumns, FileChanges.none());
    }

    /**
     * Like {@link #append(Path, WriteOptions, String, Iterator, Filter, List)}, also making
     * {@code files} changes: a new embedded-file directory {@code files/dir/<s>} lists the files
     * kept (by reference to their stored contents) and the ones added (spec §1.23).
     *
     * @throws JazminValidationException when a file change is not valid (the file is left unchanged)
     */
    public static Result append(Path path, WriteOptions options, String table, Iterator<? extends Map<String, ?>> rows,
                                Filter delete, List<Column> grownColumns, FileChanges files) {
        return change(path, options, table, rows, data -> delete == null ? null : matching(data, delete, options),
                grownColumns, files);
    }

    /**
     * {@link #append(Path, WriteOptions, String, Iterator, Filter)} under {@code lock}, which the caller
     * took on {@code path} to read and decide the change under it too (applying a change file).
     */
    public static Result append(WriterLock lock, Path path, WriteOptions options, String table,
                                Iterator<? extends Map<String, ?>> rows, Filter delete) {
        return change(lock, path, options, table, rows, data -> delete == null ? null : matching(data, delete, options),
                null, FileChanges.none());
    }

    /** Deletes the rows with ids {@code rowIds} (0-based write order) of table {@code table}, in one new version. */
    public static Result deleteRows(Path path, WriteOptions options, String table, long[] rowIds) {
        return replaceRows(path, options, table, rowIds, List.<Map<String, ?>>of().iterator());
    }

    /**
     * Deletes the rows with ids {@code rowIds} and appends {@code rows} to table {@code table}
     * ({@code null} for the first), in one new version.
     */
    public static Result replaceRows(Path path, WriteOptions options, String table, long[] rowIds,
                                     Iterator<? extends Map<String, ?>> rows) {
        return change(path, options, table, rows, data -> checkedRowIds(data, rowIds), null, FileChanges.none());
    }

    private static long[] checkedRowIds(TableData data, long[] rowIds) {
        for (long id : rowIds) {
            if (id < 0 || id >= data.entry().rowCount()) {
                throw new JazminValidationException("row id " + id + " is outside the table's "
                        + data.entry().rowCount() + " rows");
            }
        }
        return rowIds;
    }

    /**
     * {@link #replaceRows(Path, WriteOptions, String, long[], Iterator)} under {@code lock}, which
     * the caller holds (and keeps): the caller can look at the file and change it as one write.
     */
    public static Result replaceRows(WriterLock lock, WriteOptions options, String table, long[] rowIds,
                                     Iterator<? extends Map<String, ?>> rows) {
        if (!lock.isHeld()) {
            throw new IllegalStateException("the writer lock of " + lock.file() + " was released");
        }
        return change(lock, lock.file(), options, table, rows, data -> checkedRowIds(data, rowIds), null,
                FileChanges.none());
    }

    private static Result change(Path path, WriteOptions options, String table, Iterator<? extends Map<String, ?>> rows,
                                 Function<TableData, long[]> toDelete, List<Column> grownColumns, FileChanges files) {
        try (WriterLock lock = WriterLock.acquire(path)) {
            return change(lock, path, options, table, rows, toDelete, grownColumns, files);
        }
    }

    private static Result change(WriterLock lock, Path path, WriteOptions options, String table,
                                 Iterator<? extends Map<String, ?>> rows, Function<TableData, long[]> toDelete,
                                 List<Column> grownColumns, FileChanges files) {
        Result appended;
        try (ByteSource source = ByteSource.open(path)) {
            // The version this process's last append left, while the file is still as it left it.
            KnownVersion known = path.toAbsolutePath().equals(lock.file()) ? KnownVersions.of(lock) : null;
            KnownVersions.forget(lock);
            OpenedFile file = FileOpener.open(source, Rewriter.readOptions(options), known);
            try {
                appended = appendTo(lock, file, options, table, rows, toDelete, grownColumns, files);
            } finally {
                if (file.cipher() != null) {
                    file.cipher().close();
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot append to", path, e);
        }
        if (!AutoCompaction.due(path, options)) {
            return appended;
        }
        // Still under the append's lock: no other writer comes between the append and the compaction.
        Rewriter.compact(lock, path, options, false);
        long compactedBytes;
        try {
            compactedBytes = Files.size(path);
        } catch (IOException e) {
            throw new JazminIoException("cannot read the size of", path, e);
        }
        return new Result(0, appended.rowsAppended(), appended.rowsDeleted(), appended.rowCount(), true,
                appended.versionEnd(), compactedBytes, 0);
    }

    private static Result appendTo(WriterLock lock, OpenedFile file, WriteOptions options, String tableName,
                                   Iterator<? extends Map<String, ?>> rows, Function<TableData, long[]> toDelete,
                                   List<Column> grownColumns, FileChanges fileChanges) {
        Header header = file.header();
        ChangeChecks.knownWriterFeatures(header, "changed");
        if (file.grant() != null) {
            ChangeChecks.sharedRewritable(file, "appended to");
        } else if (options.access() != null) {
            throw new JazminValidationException("access settings apply to writing a whole file, not to an append: "
                    + "write the file again to share it");
        }
        int t = tableIndex(header, tableName);
        TableEntry entry = header.tables().get(t);
        TableData data = file.table(t);
        List<Column> columns = grownColumns == null ? data.columns() : ColumnGrowth.check(data.columns(), grownColumns);
        long[] deleted = deletedAfter(data, toDelete.apply(data));
        int s = header.appendCount() + 1;
        long validEnd = file.version().trailerOffset() + Trailer.SIZE;
        if (file.grant() != null) {
            return SharedAppend.append(lock, file, options, new SharedAppend.Work(t, rows, deleted, fileChanges, s,
                    validEnd, grownColumns == null ? null : columns));
        }
        SectionWriter sections = new SectionWriter(options.codec(), options.level(), file.cipher());
        AppendOutput out = new AppendOutput(lock, validEnd, file.version().preamble().flags());
        try {
            WriteOptions tableOptions = options.withSortedBy(entry.sortedBy())
                    .withIndexes(IndexBuilders.kindsOfRefs(entry.indexes()))
                    .withCompactIndexes(file.indexDeltas());
            TableStart start = new TableStart(entry.rowCount(), entry.chunkCount(), segmentCount(data), s,
                    entry.sortedBy().isEmpty() ? null : lastRow(data));
            TableWriter writer = new TableWriter(t, entry.name(), columns, tableOptions, out, sections, start);
            while (rows.hasNext()) {
                Map<String, ?> row = rows.next();
                writer.add(writer.byPosition(row));
            }
            WrittenSegment segment = writer.finishSegment(false);
            List<SectionRef> deltas = new ArrayList<>(header.deltas());
            TableEntry defined = grownColumns == null ? entry : ColumnGrowth.withColumns(entry, columns);
            TableEntry next = nextEntry(defined, segment, deltas, t, sections, out);
            if (deleted != null) {
                byte[] raw = Postings.encodeSection(deleted);
                String id = SectionIds.deletes(t, deleted.length);
                byte[] section = sections.catalogSection(id, raw, raw.length);
                next = withDeletes(next, new SectionRef(out.write(section), section.length), deleted.length);
            }
            List<TableEntry> tables = new ArrayList<>(header.tables());
            tables.set(t, next);
            List<String> readerFeatures = new ArrayList<>(header.readerFeatures());
            if (writer.usesIndexDeltas() && !readerFeatures.contains(ReaderFeatures.INDEX_DELTAS)) {
                readerFeatures.add(ReaderFeatures.INDEX_DELTAS);
            }
            Keyring keyring = header.keyring();
            FilesInfo files = header.files();
            if (!fileChanges.isEmpty()) {
                keyring = withFilesSalt(file, keyring);
                files = appendFiles(file, fileChanges, options, sections, out, s);
            }
            long now = options.now() == null ? System.currentTimeMillis() : options.now().toEpochMilli();
            Header newHeader = new Header(readerFeatures, header.writerFeatures(), header.created(), now, s,
                    header.metadata(), tables, keyring, files, header.access(), deltas);
            byte[] raw = newHeader.encode();
            byte[] section = sections.appendedHeader(SectionIds.header(), raw);
            long at = out.write(section);
            Trailer trailer = new Trailer(at, section.length, 0, 0, 0, 0);
            long trailerAt = out.offset();
            out.commit(trailer.encode());
            if (file.cipher() == null) {
                Preamble before = file.version().preamble();
                Preamble after = new Preamble(before.flags() | Preamble.APPENDED, before.fileId(), before.salt(),
                        before.kdfIterations());
                KnownVersions.remember(lock, new KnownVersion(new FileVersion(after, trailer, trailerAt, false),
                        newHeader));
            }
            long deletedNow = deleted == null ? 0 : deleted.length - entry.deletedCount();
            return new Result(s, segment.rows(), deletedNow, next.rowCount() - next.deletedCount(), validEnd,
                    trailerAt + Trailer.SIZE, fileChanges.isEmpty() ? superseded(file, t, deleted != null) : -1);
        } catch (RuntimeException | Error e) {
            out.abort();
            throw e;
        }
    }

    /** Writes the new embedded-file directory of append {@code s}: kept files by reference, added ones stored. */
    private static FilesInfo appendFiles(OpenedFile file, FileChanges changes, WriteOptions options,
                                         SectionWriter sections, Output out, int s) {
        EmbeddedFiles source = EmbeddedFiles.of(file);
        FilesInfo info = file.header().files();
        EmbeddedFilesWriter writer = new EmbeddedFilesWriter(out, sections, options.codec(), options.level(),
                file.version().preamble(), file.cipher() != null, info == null ? 0 : info.nextContent());
        Map<String, List<Column>> tables = new LinkedHashMap<>();
        for (int t = 0; t < file.header().tables().size(); t++) {
            tables.put(file.header().tables().get(t).name(), file.table(t).columns());
        }
        String packageJson = writer.apply(source, changes, true, tables);
        String shapes = SavedShapeList.apply(source.shapesJson(), changes.addShapes(), changes.removeShapes(), tables);
        return writer.finish(packageJson, shapes, s);
    }

    /**
     * The keyring of an encrypted file that stored no embedded file so far gains a {@code files}
     * salt (spec §1.18), which the file's keys take on at once to seal the new directory.
     */
    private static Keyring withFilesSalt(OpenedFile file, Keyring keyring) {
        if (file.cipher() == null || keyring.files().length > 0) {
            return keyring;
        }
        byte[] salt = new byte[32];
        RANDOM.nextBytes(salt);
        Keyring next = new Keyring(keyring.data(), keyring.index(), salt);
        file.cipher().keys().useKeyring(next);
        return next;
    }

    private static int tableIndex(Header header, String name) {
        if (name == null) {
            return 0;
        }
        for (int i = 0; i < header.tables().size(); i++) {
            if (header.tables().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new JazminValidationException("no table named '" + name + "'");
    }

    private static long[] matching(TableData data, Filter delete, WriteOptions options) {
        return new QueryEngine(data, options.parallelism())
                .matchingRowIds(new FilterBinder(data.columns()).bind(delete));
    }

    /**
     * The complete new deleted-row list, or {@code null} when nothing new is deleted. The stored
     * list is sorted: merged with the new ids sorted, in one pass and without boxing (every append
     * with deletes writes the whole list again, so this runs over every deleted row of the table).
     */
    private static long[] deletedAfter(TableData data, long[] newlyDeleted) {
        if (newlyDeleted == null || newlyDeleted.length == 0) {
            return null; // nothing deleted: the stored list is not even read (an insert-only replaceRows)
        }
        return mergedDeletes(data.deleted().toArray(), newlyDeleted);
    }

    /** {@code stored} (ascending, distinct) with {@code added} (any order), or {@code null} when nothing is new. */
    static long[] mergedDeletes(long[] stored, long[] added) {
        long[] sorted = added.clone();
        Arrays.sort(sorted);
        long[] all = new long[stored.length + sorted.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < stored.length || j < sorted.length) {
            long next = j >= sorted.length || (i < stored.length && stored[i] <= sorted[j]) ? stored[i++] : sorted[j++];
            if (n == 0 || all[n - 1] != next) {
                all[n++] = next;
            }
        }
        return n == stored.length ? null : Arrays.copyOf(all, n);
    }

    /** Counted from the catalog: decoding every earlier segment would make each append slower than the last. */
    private static int segmentCount(TableData data) {
        return data.listedSegmentCount();
    }

    /** The table's last row as stored (deleted or not: it still holds its place in the sort order). */
    static Object[] lastRow(TableData data) {
        List<ChunkInfo> chunks = data.chunks();
        if (chunks.isEmpty()) {
            return null;
        }
        // New rows are checked against this row alone: a file already out of order is refused here.
        FileOrder.checkBeforeAppend(data);
        ChunkInfo last = chunks.get(chunks.size() - 1);
        List<Column> columns = data.columns();
        int[] all = new int[columns.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        ColumnVector[] vectors = data.read(last).columns(all);
        Object[] row = new Object[all.length];
        for (int i = 0; i < all.length; i++) {
            row[i] = vectors[i].get(last.rowCount() - 1);
        }
        return row;
    }

    /**
     * The table entry with the new rows, chunks, index segments and directory segment. The segment
     * goes into the header's partition list, or into a delta when the table keeps its partitions in
     * a partition table or the file already has deltas (spec §1.24 step 5).
     */
    private static TableEntry nextEntry(TableEntry e, WrittenSegment segment, List<SectionRef> deltas, int t,
                                        SectionWriter sections, Output out) {
        List<Partition> partitions = new ArrayList<>(e.partitions());
        if (segment.directory() != null) {
            if (e.partitionTable() != null || !deltas.isEmpty()) {
                Delta delta = new Delta(List.of(new TableDelta(t, List.of(new Partition(new byte[0],
                        List.of(segment.directory()))))));
                byte[] raw = delta.encode();
                String id = SectionIds.delta(deltas.size());
                byte[] section = sections.catalogSection(id, raw, raw.length);
                deltas.add(new SectionRef(out.write(section), section.length));
            } else if (partitions.isEmpty()) {
                partitions.add(new Partition(new byte[0], List.of(segment.directory())));
            } else {
                Partition p = partitions.get(0);
                List<SectionRef> segments = new ArrayList<>(p.segments());
                segments.add(segment.directory());
                partitions.set(0, new Partition(p.id(), segments));
            }
        }
        List<IndexRef> indexes = new ArrayList<>(e.indexes());
        indexes.addAll(segment.indexes());
        return new TableEntry(e.name(), e.columnCount(), e.columnGroups(), e.sortedBy(), e.partitionBy(),
                e.rowCount() + segment.rows(), e.deletedCount(), e.chunkCount() + segment.chunks(), partitions,
                e.partitionTable(), indexes, e.deletes());
    }

    private static TableEntry withDeletes(TableEntry e, SectionRef deletes, long count) {
        return new TableEntry(e.name(), e.columnCount(), e.columnGroups(), e.sortedBy(), e.partitionBy(),
                e.rowCount(), count, e.chunkCount(), e.partitions(), e.partitionTable(), e.indexes(), deletes);
    }
}
