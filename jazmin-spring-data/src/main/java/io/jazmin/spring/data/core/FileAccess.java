package io.jazmin.spring.data.core;

import io.jazmin.options.Priority;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.WriteLock;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Storage;
import io.jazmin.options.WriteOptions;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.change.UpdateChanges;
import java.io.FilterInputStream;
import io.jazmin.source.HttpSource;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.dao.CannotAcquireLockException;

/**
 * One configured file at run time: hands out open readers (kept for reuse as its {@link Priority}
 * says) and serialises writes. Readers are not thread-safe, so each caller gets one of its own.
 * A reader keeps seeing the version it opened, so after every write (append, delete, rewrite or
 * compaction) readers opened before it are closed instead of reused, and before reusing an idle
 * reader each operation checks that no other writer (the CLI, {@code JazminFile}, another
 * process) has committed since it was opened: every read sees every commit made before it started. Inside a
 * {@link JazminTransactionManager transaction} that wrote the file, reads and writes go to the
 * transaction's working copy instead. A password file's PBKDF2 key is derived once per file
 * version (its salt) and kept for the readers and writes that follow until {@link #close()} clears
 * it: appends and deletes keep the salt, full rewrites derive anew. A file opened with an access
 * key (a holder of a shared file) is read-only: every write is refused up front with an
 * {@link AccessKeyWriteException}. So is a file read by URL ({@link ReadOnlyFileException}): its readers
 * read byte ranges over HTTP, and the check before reuse asks the server whether the file still has the
 * ETag it was opened with (one conditional request, answered 304 while it has), so a file published
 * anew is read anew on the next operation, and a reader never mixes two versions (a read that meets
 * another ETag fails).
 */
public final class FileAccess implements AutoCloseable {
    private static final Log LOG = LogFactory.getLog(FileAccess.class);
    private static final long TRANSACTION_LOCK_SECONDS = 30;
    private static final Duration HTTP_CONNECT_TIMEOUT = Duration.ofSeconds(30);
    private final JazminFileDefinition definition;
    private final JazminFiles owner;
    private final Deque<JazminReader> idle = new ArrayDeque<>();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final GroupCommit commits = new GroupCommit(writeLock);
    private final StoredKeys storedKeys = new StoredKeys();
    private final DerivedKeyCache keys;
    private final boolean ownsKeys;
    private long generation;
    private boolean changed;
    private boolean rewritten;
    /** The file's dead bytes as this access's last write left them, for the compaction policy; guarded by {@link #writeLock}. */
    private DeadBytes deadBytes;
    /** For a file read by URL, the client of its readers, made on first use. */
    private HttpClient http;

    /** Access to the file of {@code definition}, outside any transaction manager. */
    public FileAccess(JazminFileDefinition definition) {
        this(definition, null);
    }

    /** Access to one of {@code owner}'s files, joining the transactions bound to {@code owner}. */
    FileAccess(JazminFileDefinition definition, JazminFiles owner) {
        this(definition, owner, definition.password() != null ? new DerivedKeyCache() : null, true);
    }

    private FileAccess(JazminFileDefinition definition, JazminFiles owner, DerivedKeyCache keys, boolean ownsKeys) {
        this.definition = definition;
        this.owner = owner;
        this.keys = keys;
        this.ownsKeys = ownsKeys;
    }

    /**
     * Access to a copy of this file at {@code copy}'s path (a transaction's working copy), outside
     * any transaction manager. A byte copy has the same salt, so it uses this file's password keys;
     * closing it leaves them to this file.
     */
    FileAccess sharingKeys(JazminFileDefinition copy) {
        return new FileAccess(copy, null, keys, false);
    }

    public String name() {
        return definition.name();
    }

    /** The file on disk, or {@code null} for a file read by URL ({@link JazminFileDefinition#url()}). */
    public Path path() {
        return definition.path();
    }

    public JazminFileDefinition definition() {
        return definition;
    }

    /** The definition's {@link JazminFileDefinition#readOptions() read options}, with this file's key cache. */
    public ReadOptions readOptions() {
        return definition.readOptions().withKeyCache(keys);
    }

    /** The definition's {@link JazminFileDefinition#changeOptions() change options}, with this file's key cache. */
    public WriteOptions changeOptions() {
        return definition.changeOptions().withKeyCache(keys);
    }

    /** The definition's {@link JazminFileDefinition#writeOptions write options} over {@code base}, with this file's key cache. */
    public WriteOptions writeOptions(WriteOptions base) {
        return definition.writeOptions(base).withKeyCache(keys);
    }

    /** The password keys kept for this file, or {@code null} when it has no password. */
    DerivedKeyCache keyCache() {
        return keys;
    }

    /** Whether the file exists; a file read by URL is taken to (a read says when it is missing). */
    public boolean exists() {
        WorkingCopy copy = transactionCopy();
        return copy != null ? copy.copy().exists() : definition.url() != null || Files.isRegularFile(definition.path());
    }

    /** Opens one reader now when the priority asks for it and the file exists. */
    public void warmUp() {
        if (ReaderPool.openEagerly(definition.priority()) && exists()) {
            read(table -> table.rowCount());
        }
    }

    /** Runs {@code action} on the file's first table with a reader that is released afterwards. */
    public <R> R read(Function<JazminTable, R> action) {
        WorkingCopy copy = transactionCopy();
        if (copy != null) {
            return copy.copy().read(action);
        }
        Lease lease = lease();
        try {
            return action.apply(lease.reader.table());
        } finally {
            release(lease);
        }
    }

    /**
     * Runs {@code action} with a reader of the whole file (its embedded files, package and export
     * shapes, not only its first table), released afterwards.
     */
    public <R> R withReader(Function<JazminReader, R> action) {
        WorkingCopy copy = transactionCopy();
        if (copy != null) {
            return copy.copy().withReader(action);
        }
        Lease lease = lease();
        try {
            return action.apply(lease.reader);
        } finally {
            release(lease);
        }
    }

    /**
     * A stream of the embedded file at {@code path} (see {@link JazminReader#openFile}); the reader
     * it reads from is released when the stream is closed, so callers must close it.
     */
    public InputStream openEmbeddedFile(String path) {
        WorkingCopy copy = transactionCopy();
        if (copy != null) {
            return copy.copy().openEmbeddedFile(path);
        }
        Lease lease = lease();
        try {
            return new FilterInputStream(lease.reader.openFile(path)) {
                private boolean released;

                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        if (!released) {
                            released = true;
                            release(lease);
                        }
                    }
                }
            };
        } catch (RuntimeException e) {
            release(lease);
            throw e;
        }
    }

    /**
     * The stream {@code query} opens on the file's first table; the reader is released when the
     * stream is closed, so callers must close it.
     */
    public <R> Stream<R> stream(Function<JazminTable, Stream<R>> query) {
        WorkingCopy copy = transactionCopy();
        if (copy != null) {
            return copy.copy().stream(query);
        }
        Lease lease = lease();
        try {
            return query.apply(lease.reader.table()).onClose(() -> release(lease));
        } catch (RuntimeException e) {
            release(lease);
            throw e;
        }
    }

    /**
     * Runs {@code change} alone among this JVM's writes of this file, with a reader of the current
     * version opened for it (its first table, or {@code null} when the file does not exist yet);
     * the engine's appends, deletes, updates and compaction take the file's {@code <path>.lock}
     * themselves, and keep everything the file holds that they do not change. Afterwards the file is compacted when its {@link CompactionPolicy} says so, and readers
     * handed out before are not reused, so no later read sees an older version. {@code change}
     * gets the file it is to change: this one, or inside a transaction its working copy.
     *
     * @throws AccessKeyWriteException when the file is opened with an access key (nothing is touched)
     */
    public <R> R write(BiFunction<FileAccess, JazminTable, R> change) {
        requireWritable(AccessKeyWriteException.Write.CHANGE);
        FileTransaction transaction = JazminTransactionManager.current(owner);
        if (transaction != null) {
            return transaction.join(this).copy().write(change);
        }
        writeLock.lock();
        try {
            R result;
            if (!Files.isRegularFile(path())) {
                result = change.apply(this, null);
            } else {
                try (JazminReader reader = open()) {
                    result = change.apply(this, reader.table());
                }
            }
            changed = true;
            compactIfDue();
            return result;
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    /**
     * Stores {@code rows}, each replacing a stored row with the same {@code keyColumn} cell (an
     * upsert; see {@link InPlaceChanges#store}). Concurrent saves join one change and one
     * append ({@link GroupCommit}); the call returns once its rows are durable. Inside a
     * transaction consecutive saves of one {@code kind} are buffered and written together (see
     * {@link PendingSaves}).
     */
    <T> void save(Object kind, RowCodec<T> codec, List<T> rows, String keyColumn) {
        requireWritable(AccessKeyWriteException.Write.CHANGE);
        FileTransaction transaction = JazminTransactionManager.current(owner);
        if (transaction != null) {
            transaction.join(this).save(kind, codec, rows, keyColumn);
            return;
        }
        submit(new QueuedChanges.Upsert<>(kind, codec, rows, keyColumn));
    }

    /**
     * Makes {@code change} (an insert, a versioned save, a delete by key), joining the changes other
     * threads make meanwhile in one append ({@link GroupCommit}); returns once it is durable, or
     * throws its own failure. Inside a transaction it is one change of the working copy.
     *
     * @throws AccessKeyWriteException when the file is opened with an access key (nothing is touched)
     */
    <R> R commit(QueuedChange<R> change) {
        requireWritable(AccessKeyWriteException.Write.CHANGE);
        FileTransaction transaction = JazminTransactionManager.current(owner);
        if (transaction != null) {
            return transaction.join(this).copy().write(change::alone);
        }
        return submit(change);
    }

    private <R> R submit(QueuedChange<R> change) {
        if (writeLock.isHeldByCurrentThread()) {
            // Called inside a write of this file (from a callback, say): the group's leader may be
            // waiting for this very lock, so the change is written here, at once.
            writeGroup(List.of(change));
            return change.outcome();
        }
        return commits.submit(change, this::writeGroup);
    }

    /** The row ids of the file's keys, kept between upserts (used under the write lock of {@link #write}). */
    StoredKeys storedKeys() {
        return storedKeys;
    }

    /** How many changes wait to join the next group commit (see {@link GroupCommit}). */
    int queuedChanges() {
        return commits.queued();
    }

    /**
     * Writes a group of queued changes (the group's leader calls it), alone among this JVM's
     * writes of the file: each run of changes of one kind of rows as one append where the kept row
     * ids allow ({@link #writeMerged}), else change by change.
     */
    private void writeGroup(List<QueuedChange<?>> group) {
        writeLock.lock();
        try {
            int from = 0;
            while (from < group.size()) {
                int to = from + 1;
                while (to < group.size() && group.get(to).mergesWith(group.get(from))) {
                    to++;
                }
                writeMerged(group.subList(from, to));
                from = to;
            }
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    /**
     * Writes {@code run} (changes of one kind of rows, by one key column) as one append under the
     * engine's writer lock: the kept row ids ({@link StoredKeys}) are checked against the file,
     * each change is merged ({@link MergedChange}; one failing its own check fails alone), and the
     * merge is written with one {@link JazminFile#replaceRows(WriteLock, String, long[],
     * java.util.Iterator, WriteOptions)}: no reader is opened for it while the ids are known. When
     * the append fails (an invalid row; the engine leaves the file unchanged) each change is written
     * again on its own, so only the failing ones fail. Where the ids cannot serve (no file yet, a
     * sorted table, keys of another type) the changes are written one by one ({@link #writeEach}).
     */
    private void writeMerged(List<QueuedChange<?>> run) {
        QueuedChange<?> first = run.get(0);
        if (first.keyColumn() == null || !Files.isRegularFile(path())) {
            writeEach(run);
            return;
        }
        Object[] answers = new Object[run.size()];
        Throwable[] failures = new Throwable[run.size()];
        boolean merged = false;
        boolean written = false;
        JazminFile.ChangeResult result = null;
        try (WriteLock lock = WriteLock.acquire(path())) {
            if (storedKeys.prepare(this, lock, first.kind(), first.keyColumn(),
                    table -> InPlaceChanges.appendsInPlace(this, table, first.codec()))) {
                try (MergedChange merge = new MergedChange(this, storedKeys, first.keyColumn())) {
                    merged = mergeAll(run, merge, answers, failures);
                    if (merged) {
                        result = merge.write(lock);
                        written = true;
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            if (written) {
                // Committed and durable; only releasing the lock failed (the next writer takes a dead one over).
                LOG.warn("JAZMIN file '" + name() + "' was written, but releasing its writer lock failed: "
                        + e.getMessage(), e);
            } else if (run.size() > 1) {
                // Nothing was written (the engine leaves the file as it was): each change again on its
                // own, in order, so only the failing ones fail.
                run.forEach(change -> writeMerged(List.of(change)));
                return;
            } else {
                first.finish(null, e);
                return;
            }
        }
        if (!merged) {
            writeEach(run);
            return;
        }
        if (result != null) {
            changed = true;
        }
        for (int i = 0; i < run.size(); i++) {
            if (failures[i] != null) {
                run.get(i).finish(null, failures[i]);
            } else {
                run.get(i).finishUnchecked(answers[i]);
            }
        }
        if (result != null) {
            compactIfDue(result);
        }
    }

    /**
     * Lands a committing transaction's changes on the file as one append: the rows it deleted (row
     * ids of the version it copied, the file's current one) and the rows it added, together with
     * the calls queued meanwhile for the group commit (they wait for the write lock the
     * transaction holds), made after it, in one {@link MergedChange}. Where they cannot be merged
     * the transaction's changes are one append and the queued calls are written after it as a
     * group. Called by the committing thread, which holds the write lock.
     */
    void landTransaction(long[] deleted, List<Map<String, ?>> added) {
        List<QueuedChange<?>> queued = commits.takeQueued();
        try {
            if (queued.isEmpty() || !landWith(deleted, added, queued)) {
                JazminFile.replaceRows(path(), null, deleted, added.iterator(), changeOptions());
            }
        } finally {
            List<QueuedChange<?>> unwritten = queued.stream().filter(c -> !c.isFinished()).toList();
            if (!unwritten.isEmpty()) {
                writeGroup(new ArrayList<>(unwritten));
            }
        }
    }

    /** {@link #landTransaction} in one append with {@code queued}; {@code false} when nothing was written. */
    private boolean landWith(long[] deleted, List<Map<String, ?>> added, List<QueuedChange<?>> queued) {
        QueuedChange<?> first = queued.get(0);
        if (first.keyColumn() == null || queued.stream().anyMatch(c -> !c.mergesWith(first))) {
            return false;
        }
        Object[] answers = new Object[queued.size()];
        Throwable[] failures = new Throwable[queued.size()];
        boolean written = false;
        try (WriteLock lock = WriteLock.acquire(path())) {
            if (!storedKeys.prepare(this, lock, first.kind(), first.keyColumn(),
                    table -> InPlaceChanges.appendsInPlace(this, table, first.codec()))) {
                return false;
            }
            try (MergedChange merge = new MergedChange(this, storedKeys, first.keyColumn())) {
                if (!merge.transaction(deleted, added) || !mergeAll(queued, merge, answers, failures)) {
                    return false;
                }
                merge.write(lock);
                written = true;
            }
        } catch (RuntimeException | Error e) {
            if (!written) {
                return false; // nothing written: the transaction alone, then the queued calls
            }
            LOG.warn("JAZMIN file '" + name() + "' was written, but releasing its writer lock failed: "
                    + e.getMessage(), e);
        }
        for (int i = 0; i < queued.size(); i++) {
            if (failures[i] != null) {
                queued.get(i).finish(null, failures[i]);
            } else {
                queued.get(i).finishUnchecked(answers[i]);
            }
        }
        return true;
    }

    /** Merges each change of {@code run}; {@code false} when one cannot be merged (nothing may be written then). */
    private static boolean mergeAll(List<QueuedChange<?>> run, MergedChange merge, Object[] answers,
                                    Throwable[] failures) {
        for (int i = 0; i < run.size(); i++) {
            try {
                answers[i] = run.get(i).applyTo(merge);
            } catch (MergedChange.NotMergeable e) {
                return false;
            } catch (RuntimeException | Error e) {
                failures[i] = e; // the change's own failure: it added nothing to the merge
            }
        }
        return true;
    }

    /**
     * Writes {@code run} change by change through {@link #write}, consecutive saves merged into
     * one engine upsert ({@link PendingSaves}; written again one by one when that fails).
     */
    private void writeEach(List<QueuedChange<?>> run) {
        PendingSaves pending = new PendingSaves();
        List<QueuedChanges.Upsert<?>> saves = new ArrayList<>();
        for (QueuedChange<?> change : run) {
            if (change instanceof QueuedChanges.Upsert<?> save) {
                save.addTo(pending);
                saves.add(save);
            } else {
                flushSaves(pending, saves);
                writeAlone(change);
            }
        }
        flushSaves(pending, saves);
    }

    private void flushSaves(PendingSaves pending, List<QueuedChanges.Upsert<?>> saves) {
        if (saves.isEmpty()) {
            return;
        }
        try {
            pending.flushTo(this);
            saves.forEach(save -> save.finish(null, null));
        } catch (RuntimeException | Error e) {
            if (saves.size() == 1) {
                saves.get(0).finish(null, e);
            } else {
                saves.forEach(this::writeAlone);
            }
        }
        saves.clear();
    }

    private <R> void writeAlone(QueuedChange<R> change) {
        try {
            change.finish(write(change::alone), null);
        } catch (RuntimeException | Error e) {
            change.finish(null, e);
        }
    }

    /**
     * Changes the file by a full update through the engine ({@link JazminFile#update}), which keeps
     * everything the update does not target; called by a change running in {@link #write}.
     */
    void update(UpdateChanges changes) {
        rewritten = true;
        JazminFile.update(path(), changes, changeOptions());
    }

    /** A change running in {@link #write} is creating the file (which did not exist). */
    void created() {
        rewritten = true;
    }

    /**
     * Refuses any write up front when the file is opened with an access key (only its owner
     * changes a shared file, and nothing a holder could write would keep what the owner's holds) or
     * read by URL (published by whoever serves it).
     *
     * @throws AccessKeyWriteException naming the file and {@code what} was asked of it
     * @throws ReadOnlyFileException   likewise, for a file read by URL
     */
    private void requireWritable(AccessKeyWriteException.Write what) {
        if (definition.accessKey() != null) {
            throw new AccessKeyWriteException(name(), what);
        }
        if (definition.url() != null) {
            throw new ReadOnlyFileException(name(), definition.location(), what.text());
        }
    }

    /** Compacts the file now (alone among this JVM's writes of it); does nothing when it does not exist. */
    public void compact() {
        requireWritable(AccessKeyWriteException.Write.COMPACTION);
        FileTransaction transaction = JazminTransactionManager.current(owner);
        if (transaction != null) {
            transaction.join(this).copy().compact();
            return;
        }
        writeLock.lock();
        try {
            if (Files.isRegularFile(path())) {
                changed = true;
                rewritten = true;
                JazminFile.compact(path(), changeOptions());
            }
        } finally {
            retire();
            writeLock.unlock();
        }
    }

    /** How the file's bytes are used (dead bytes, deleted rows, appends), read from its catalog. */
    public Storage storage() {
        WorkingCopy copy = transactionCopy();
        if (copy != null) {
            return copy.copy().storage();
        }
        return definition.url() != null ? withReader(JazminReader::storage) : JazminFile.storage(path(), readOptions());
    }

    /**
     * Compacts after a write when the policy says so. A compaction that fails (another process
     * holds the writer lock, say) does not fail the write that succeeded: it is logged and tried
     * again after the next write.
     */
    private void compactIfDue() {
        compactIfDue(null);
    }

    /**
     * Compacts after a write when the policy says so. With the write's {@code result}, the appends
     * and dead-bytes thresholds are judged without measuring the whole file (which reads every
     * directory appended since the last full write): the dead bytes are counted on from the last
     * write's ({@link #deadBytesAfter}). A deleted-rows threshold measures the file.
     */
    private void compactIfDue(JazminFile.ChangeResult result) {
        CompactionPolicy policy = definition.compaction();
        if (!policy.enabled() || !exists()) {
            deadBytes = null;
            return;
        }
        try {
            boolean due;
            if (result == null || policy.deletedRatio() != null) {
                Storage storage = storage();
                deadBytes = new DeadBytes(storage.fileBytes(), storage.deadBytes());
                due = policy.isDue(storage);
            } else {
                due = policy.appendsDue(result.appendCount()) || policy.deadBytesRatio() != null
                        && deadBytesAfter(result).dueUnder(policy);
            }
            if (due) {
                deadBytes = null;
                JazminFile.compact(path(), changeOptions());
            }
        } catch (RuntimeException e) {
            deadBytes = null;
            LOG.warn("compaction of JAZMIN file '" + name() + "' after a write failed; it is tried again after the "
                    + "next write: " + e.getMessage(), e);
        }
    }

    /**
     * The file's size and dead bytes after the append that returned {@code result}: the dead bytes the last write left
     * plus what the append superseded, when it started where that write ended; measured otherwise
     * (the first write, another writer's change in between, a compaction, or an append whose
     * superseded bytes the engine did not count).
     */
    private DeadBytes deadBytesAfter(JazminFile.ChangeResult result) {
        JazminFile.ChangedBytes bytes = result.bytes();
        if (result.compacted()) {
            deadBytes = new DeadBytes(bytes.fileBytes(), 0);
        } else if (deadBytes != null && deadBytes.fileBytes() == bytes.versionEnd() && bytes.superseded() >= 0) {
            deadBytes = new DeadBytes(bytes.fileBytes(), deadBytes.dead() + bytes.superseded());
        } else {
            Storage storage = storage();
            deadBytes = new DeadBytes(storage.fileBytes(), storage.deadBytes());
        }
        return deadBytes;
    }

    /** The working copy of the current transaction, or {@code null} outside one or before its first write. */
    private WorkingCopy transactionCopy() {
        FileTransaction transaction = JazminTransactionManager.current(owner);
        return transaction == null ? null : transaction.copyOf(this);
    }

    /**
     * Locks out this JVM's other writers of the file until {@link #endTransaction()}: a transaction
     * is writing it through a working copy.
     */
    void beginTransaction() {
        try {
            if (!writeLock.tryLock(TRANSACTION_LOCK_SECONDS, TimeUnit.SECONDS)) {
                throw new CannotAcquireLockException("JAZMIN file '" + name() + "' is being written by another "
                        + "transaction or thread; gave up after " + TRANSACTION_LOCK_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CannotAcquireLockException("interrupted while waiting to write JAZMIN file '" + name() + "'", e);
        }
    }

    void endTransaction() {
        writeLock.unlock();
    }

    /** A transaction committed a new version of the file: drop older readers, compact if due. */
    void changedOutside() {
        retire();
        compactIfDue();
    }

    /** Whether a write has gone through this access (for a working copy: whether the transaction wrote). */
    boolean wasChanged() {
        return changed;
    }

    /** Whether the file was created, updated or compacted (a full rewrite) rather than only appended to. */
    boolean wasRewritten() {
        return rewritten;
    }

    private record Lease(JazminReader reader, long generation) {
    }

    /** A file's size and dead bytes as a write of this access left them. */
    private record DeadBytes(long fileBytes, long dead) {
        boolean dueUnder(CompactionPolicy policy) {
            return policy.deadBytesDue(dead, fileBytes);
        }
    }

    /**
     * A reader of the file's latest committed version: an idle one when no writer (of this JVM or
     * another process) has committed since it was opened, else a new one. The check is one
     * {@code stat} of the file, or one conditional request for a file read by URL
     * ({@link JazminReader#isCurrent()}); a reader found outdated retires
     * the whole pool, since every idle reader is at least as old.
     */
    private Lease lease() {
        JazminReader reader;
        long leased;
        synchronized (idle) {
            reader = idle.pollFirst();
            leased = generation;
        }
        if (reader != null) {
            if (reader.isCurrent()) {
                return new Lease(reader, leased);
            }
            reader.close();
            retire();
        }
        // The generation is read before opening, so a write of this JVM during the open retires the reader.
        long opened = currentGeneration();
        return new Lease(open(), opened);
    }

    /**
     * A reader of the file's current version opened now, outside the pool, for the caller to close: a
     * file read by URL through an {@link HttpSource} ({@code Range} requests, its ETag checked on each).
     */
    public JazminReader open() {
        URI url = definition.url();
        return url != null ? JazminReader.open(HttpSource.to(url).client(httpClient()).open(), readOptions())
                : JazminReader.open(definition.path(), readOptions());
    }

    /** The client this file's readers share (a client per reader would start its own threads and connections). */
    private synchronized HttpClient httpClient() {
        if (http == null) {
            http = HttpClient.newBuilder().connectTimeout(HTTP_CONNECT_TIMEOUT)
                    .followRedirects(HttpClient.Redirect.NORMAL).build();
        }
        return http;
    }

    private void release(Lease lease) {
        synchronized (idle) {
            if (lease.generation == generation && idle.size() < ReaderPool.idleReaders(definition.priority())) {
                idle.addFirst(lease.reader);
                return;
            }
        }
        lease.reader.close();
    }

    private long currentGeneration() {
        synchronized (idle) {
            return generation;
        }
    }

    private void retire() {
        synchronized (idle) {
            generation++;
            idle.forEach(JazminReader::close);
            idle.clear();
        }
    }

    /**
     * Closes the idle readers and clears the kept password keys; readers still leased are closed
     * when released.
     */
    @Override
    public void close() {
        retire();
        if (keys != null && ownsKeys) {
            keys.close();
        }
    }
}
