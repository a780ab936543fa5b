package io.jazmin.internal.writer;

import io.jazmin.options.ReadOptions;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.ChunkInfo;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;

/**
 * The current version of a file a full rewrite replaces, opened once: its tables (read through
 * {@link TableReader}s), and its embedded files, whose directory is read and checked here, before
 * anything is written. Refuses files the rewrite would lose part of ({@link ChangeChecks#rewritable}), and shared
 * files not opened with their owner key ({@link ChangeChecks#sharedRewritable}).
 */
final class RewriteSource implements AutoCloseable {
    private final OpenedFile file;
    private final List<TableReader> tables;
    private final EmbeddedFiles files;

    private RewriteSource(OpenedFile file, List<TableReader> tables, EmbeddedFiles files) {
        this.file = file;
        this.tables = tables;
        this.files = files;
    }

    /**
     * Opens a shared file with its owner key for a rewrite that keeps its partitions, groups and
     * grants ({@link ChangeChecks#sharedRewritable}).
     */
    static RewriteSource openShared(Path path, ReadOptions options, String change) {
        return open(path, options, file -> ChangeChecks.sharedRewritable(file, change));
    }

    /**
     * Opens any file a compaction or update rewrites: a shared one with its owner key
     * ({@link ChangeChecks#sharedRewritable}), any other when a rewrite keeps all it holds
     * ({@link ChangeChecks#rewritable}).
     *
     * @param change what the rewrite does, for errors ("compacted", "updated")
     */
    static RewriteSource openForRewrite(Path path, ReadOptions options, String change) {
        return open(path, options, file -> {
            if (file.grant() != null) {
                ChangeChecks.sharedRewritable(file, change);
            } else {
                ChangeChecks.rewritable(file.header(), change);
            }
        });
    }

    private static RewriteSource open(Path path, ReadOptions options, java.util.function.Consumer<OpenedFile> check) {
        OpenedFile file = FileOpener.open(path, options);
        try {
            check.accept(file);
            List<TableReader> tables = new ArrayList<>();
            for (int t = 0; t < file.header().tables().size(); t++) {
                tables.add(new TableReader(file.table(t), options.parallelism()));
            }
            return new RewriteSource(file, List.copyOf(tables), EmbeddedFiles.of(file));
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /** The file's metadata as a JSON object text. */
    String metadata() {
        return file.metadata();
    }

    List<String> readerFeatures() {
        return file.header().readerFeatures();
    }

    /** The tables in file order. */
    List<TableReader> tables() {
        return tables;
    }

    /** The table named {@code name}, or the first table for {@code null}. */
    TableReader table(String name) {
        return name == null ? tables.get(0) : TableReader.named(tables, name);
    }

    /** The version opened. */
    OpenedFile file() {
        return file;
    }

    EmbeddedFiles files() {
        return files;
    }

    /**
     * The write options of a rewrite of this version given {@code options}: its metadata, its
     * index encoding, a password file's PBKDF2 iterations when {@code options} ask for fewer (a
     * rewrite must not leave the file easier to guess), and column flush points as {@code options} say, where {@link ColumnFlushPoints#AUTO}
     * keeps them when the version has some (a rewrite keeps the layout the file was written with) and
     * else decides anew.
     */
    WriteOptions rewriteOptions(WriteOptions options, String metadata) {
        WriteOptions base = options.withMetadata(metadata).withCompactIndexes(readerFeatures().contains("index-deltas"));
        long iterations = file.version().preamble().kdfIterations();
        if (options.password() != null && iterations > options.kdfIterations()) {
            // A rewrite changes no secret: its new salt never gets fewer PBKDF2 iterations than the file had.
            base = base.withKdfIterations((int) iterations);
        }
        return options.columnFlushPoints() == ColumnFlushPoints.AUTO && hasFlushPoints()
                ? base.withColumnFlushPoints(ColumnFlushPoints.ALWAYS) : base;
    }

    private boolean hasFlushPoints() {
        for (int t = 0; t < file.header().tables().size(); t++) {
            for (ChunkInfo c : file.table(t).chunks()) {
                if (c.hasFlushPoints()) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public void close() {
        file.close();
    }
}
