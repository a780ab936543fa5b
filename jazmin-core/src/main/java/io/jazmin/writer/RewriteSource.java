package io.jazmin.writer;

import io.jazmin.JazminIoException;
import io.jazmin.JazminReader;
import io.jazmin.ReadOptions;
import io.jazmin.reader.EmbeddedFiles;
import io.jazmin.reader.FileOpener;
import io.jazmin.reader.OpenedFile;
import io.jazmin.wire.ByteSource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The current version of a file a full rewrite replaces, opened once: its rows through a
 * {@link JazminReader}, and its embedded files, whose directory is read and checked here, before
 * anything is written. Refuses files the rewrite would lose part of ({@link ChangeChecks#rewritable}).
 */
final class RewriteSource implements AutoCloseable {
    private final JazminReader reader;
    private final EmbeddedFiles files;

    private RewriteSource(JazminReader reader, EmbeddedFiles files) {
        this.reader = reader;
        this.files = files;
    }

    /** @param change what the rewrite does, for errors ("compacted", "updated") */
    static RewriteSource open(Path path, ReadOptions options, String change) {
        ByteSource source;
        try {
            source = ByteSource.open(path);
        } catch (IOException e) {
            throw new JazminIoException("cannot open", path, e);
        }
        OpenedFile file;
        try {
            file = FileOpener.open(source, options);
        } catch (RuntimeException e) {
            try {
                source.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        JazminReader reader = JazminReader.of(file, options.parallelism());
        try {
            ChangeChecks.rewritable(file.header(), change);
            return new RewriteSource(reader, EmbeddedFiles.of(file));
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    JazminReader reader() {
        return reader;
    }

    EmbeddedFiles files() {
        return files;
    }

    @Override
    public void close() {
        reader.close();
    }
}
