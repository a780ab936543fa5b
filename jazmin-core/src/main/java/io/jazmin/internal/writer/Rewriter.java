package io.jazmin.internal.writer;

import io.jazmin.internal.reader.TableReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * Compaction (spec §1.24): a full rewrite of every table with no changes. Deleted rows and dead
 * bytes are dropped, directory and index segments merged, and a new version gets a fresh file id
 * (and fresh salts when encrypted); {@code append_count} returns to 0 and APPENDED is cleared.
 * Columns, sort order, indexes, metadata and the embedded files (with the package and saved
 * shapes, re-stored under the new version's keys) carry over; a file holding what a rewrite cannot
 * keep is refused before anything is written. The new file replaces the old atomically. A file that
 * is not shared has its intact, well-filled chunks carried as their encoded parts rather than decoded
 * and re-encoded ({@link CarryingCopy}); a shared file's tables are rewritten row by row under fresh
 * secrets ({@link SharedRewrite}).
 */
public final class Rewriter {
    private Rewriter() {
    }

    /**
     * Rewrites {@code path}. {@code options} gives the secret to open it with (also used for the
     * new version) and the codec and chunking of the new file; the file's metadata is kept.
     */
    public static void compact(Path path, WriteOptions options) {
        compact(path, options, false);
    }

    /**
     * Rewrites {@code path}; a shared file (opened with its owner key) keeps its partitions, groups
     * and grants under fresh secrets, and with {@code regroup} gets each partition's rows written
     * contiguously (see {@link SharedRewrite#compact}).
     */
    public static void compact(Path path, WriteOptions options, boolean regroup) {
        try (WriterLock lock = WriterLock.acquire(path)) {
            compact(lock, path, options, regroup);
        }
    }

    /** {@link #compact(Path, WriteOptions, boolean)} under {@code lock}, already held (an append's auto-compaction). */
    static void compact(WriterLock lock, Path path, WriteOptions options, boolean regroup) {
        try (RewriteSource source = RewriteSource.openForRewrite(path, readOptions(options), "compacted")) {
            if (source.file().grant() != null) {
                SharedRewrite.compact(lock, source, options, regroup);
                return;
            }
            WriteOptions base = source.rewriteOptions(options, source.metadata());
            FullFileWriter writer = new FullFileWriter(lock, base);
            try {
                writer.carryFiles(source.files());
                for (TableReader table : source.tables()) {
                    CarryingCopy copy = CarryingCopy.plan(table, TableLayoutChoice.of(table).applyTo(base));
                    writer.startTable(table.name(), table.columns(), copy.options());
                    copy.writeTo(writer);
                }
                writer.finish();
            } finally {
                writer.close();
            }
        }
    }

    /** Writes {@code rows} (every column, in order) into {@code writer}'s current table. */
    static void copyRows(Iterator<Row> rows, FullFileWriter writer) {
        while (rows.hasNext()) {
            Row row = rows.next();
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(i);
            }
            writer.add(values);
        }
    }

    static ReadOptions readOptions(WriteOptions options) {
        return ReadOptions.defaults().withParallelism(options.parallelism()).withKeyCache(options.keyCache())
                .withKey(options.key()).withPassword(options.password());
    }
}
