package io.jazmin.spring.data.core;

import io.jazmin.schema.Column;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.WriteLock;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * A transaction's private copy of one file: every write of the transaction goes to the copy, and
 * the transaction's reads see it, while other threads and processes keep reading the file itself.
 * Commit lands the copy's changes on the file as one new version, rollback deletes the copy, so
 * the file is untouched until commit and byte-identical after a rollback.
 *
 * <p>Commit is one append when the transaction only appended, upserted and deleted (the copy's
 * new rows and the ids of the rows it deleted, replayed as one engine change, joined by the saves,
 * inserts and deletes other threads queued for the file meanwhile: {@link FileAccess#landTransaction});
 * when the
 * transaction rewrote the copy (created the file, updated it in full to merge rows into a sorted
 * file or re-declare its sort order and indexes, compacted it) the compacted copy replaces the file
 * atomically instead. The copy starts as a byte copy of the file and is changed only through the
 * engine's change API with the file's own secret, so the file moved into place keeps everything the
 * old one held besides the transaction's changes, and its protection: encryption, secret, and a
 * shared file's partitions, column groups and grants.
 */
final class WorkingCopy implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final FileAccess original;
    private final FileAccess copy;
    private final Path copyPath;
    private final boolean existed;
    private final long baseSize;
    private final FileTime baseModified;
    private final PendingSaves pending = new PendingSaves();

    private WorkingCopy(FileAccess original, FileAccess copy, Path copyPath) throws IOException {
        this.original = original;
        this.copy = copy;
        this.copyPath = copyPath;
        this.existed = original.exists();
        if (existed) {
            Files.copy(original.path(), copyPath, StandardCopyOption.COPY_ATTRIBUTES);
            this.baseSize = Files.size(original.path());
            this.baseModified = Files.getLastModifiedTime(original.path());
        } else {
            this.baseSize = -1;
            this.baseModified = null;
        }
    }

    /**
     * Copies {@code original} for a transaction. The caller holds the file's write lock in this
     * JVM, so no other thread of it changes the file until the copy is committed or dropped.
     */
    static WorkingCopy of(FileAccess original) {
        Path path = original.path().toAbsolutePath();
        // Named like the engine's temporary files, so a copy left by a killed process is cleaned
        // up with them by the next successful write.
        Path copyPath = path.resolveSibling("." + path.getFileName() + "." + HexFormat.of().toHexDigits(
                RANDOM.nextLong()) + ".jzm.tmp");
        FileAccess copy = original.sharingKeys(original.definition().withPath(copyPath)
                .withCompaction(CompactionPolicy.NONE));
        try {
            Files.createDirectories(path.getParent());
            return new WorkingCopy(original, copy, copyPath);
        } catch (IOException e) {
            deleteQuietly(copyPath);
            throw new DataAccessResourceFailureException("cannot copy JAZMIN file '" + original.name()
                    + "' for a transaction: " + e.getMessage(), e);
        }
    }

    /** The copy the transaction reads and writes, with every buffered save written to it. */
    FileAccess copy() {
        pending.flushTo(copy);
        return copy;
    }

    /**
     * Buffers saves of {@code kind} (rows replacing stored ones with the same {@code keyColumn}
     * cell) until the copy is next used; see {@link PendingSaves}.
     */
    <T> void save(Object kind, RowCodec<T> codec, List<T> rows, String keyColumn) {
        if (!pending.accepts(kind, keyColumn)) {
            pending.flushTo(copy);
        }
        pending.add(kind, codec, rows, keyColumn);
    }

    /** Lands the transaction's changes on the file as one new version. */
    void commit() {
        pending.flushTo(copy);
        if (!copy.wasChanged()) {
            return;
        }
        requireUnchangedOriginal();
        if (existed && !copy.wasRewritten()) {
            appendChanges();
        } else {
            replaceOriginal();
        }
        original.changedOutside();
    }

    /** The file was changed by someone else since the copy was taken: committing would lose that. */
    private void requireUnchangedOriginal() {
        try {
            boolean same = existed
                    ? Files.exists(original.path()) && Files.size(original.path()) == baseSize
                    && Files.getLastModifiedTime(original.path()).equals(baseModified)
                    : !Files.exists(original.path());
            if (!same) {
                throw new ConcurrencyFailureException("JAZMIN file '" + original.name() + "' was changed outside "
                        + "this transaction (by another process); its changes are rolled back");
            }
        } catch (IOException e) {
            throw new DataAccessResourceFailureException("cannot check JAZMIN file '" + original.name() + "': "
                    + e.getMessage(), e);
        }
    }

    /**
     * The copy holds the original's rows with the original's row ids, some deleted, and new rows
     * after them: delete those ids and append those rows to the original in one change.
     */
    private void appendChanges() {
        long[] deleted;
        List<Map<String, ?>> added = new ArrayList<>();
        long base;
        try (JazminReader before = JazminReader.open(original.path(), original.readOptions());
             JazminReader after = JazminReader.open(copyPath, copy.readOptions())) {
            base = before.table().writtenRowCount();
            if (base > Integer.MAX_VALUE) {
                // Row ids beyond a BitSet's reach: land the compacted copy instead.
                replaceOriginal();
                return;
            }
            BitSet visibleBefore = visibleIds(before.table(), base);
            BitSet visibleAfter = visibleIds(after.table(), base);
            visibleBefore.andNot(visibleAfter);
            deleted = visibleBefore.stream().asLongStream().toArray();
            List<Column> columns = after.table().columns();
            try (Stream<Row> rows = after.table().rows()) {
                rows.filter(row -> row.rowId() >= base).forEach(row -> added.add(cells(row, columns)));
            }
        }
        if (deleted.length > 0 || !added.isEmpty()) {
            // With the calls of other threads queued meanwhile for the file's group commit, in one append.
            original.landTransaction(deleted, added);
        }
    }

    private static BitSet visibleIds(JazminTable table, long below) {
        BitSet ids = new BitSet();
        RowQuery firstColumn = RowQuery.all().withSelect(List.of(table.columns().get(0).name()));
        try (Stream<Row> rows = table.rows(firstColumn)) {
            rows.mapToLong(Row::rowId).filter(id -> id < below).forEach(id -> ids.set((int) id));
        }
        return ids;
    }

    private static Map<String, ?> cells(Row row, List<Column> columns) {
        Map<String, Object> cells = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            cells.put(columns.get(i).name(), row.get(i));
        }
        return cells;
    }

    /** Compacts the copy into one version and moves it over the original under the writer lock. */
    private void replaceOriginal() {
        if (!copy.exists()) {
            return;
        }
        JazminFile.compact(copyPath, copy.changeOptions());
        try (WriteLock lock = WriteLock.acquire(original.path())) {
            requireUnchangedOriginal();
            try {
                Files.move(copyPath, original.path(), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(copyPath, original.path(), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new DataAccessResourceFailureException("cannot move the committed version of JAZMIN file '"
                    + original.name() + "' into place: " + e.getMessage(), e);
        }
    }

    /** Drops the copy (after commit or rollback) and releases the file's write lock. */
    @Override
    public void close() {
        try {
            copy.close();
            deleteQuietly(copyPath);
            deleteQuietly(copyPath.resolveSibling(copyPath.getFileName() + ".lock"));
        } finally {
            original.endTransaction();
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // A leftover copy never replaces the file and is cleaned up with the engine's temporary files.
        }
    }
}
