package io.jazmin.spark.fs;

import io.jazmin.JazminReader;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.ReadOptions;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Opens a JAZMIN file named by a Hadoop path. A file of the local file system ({@code file:} or a
 * plain path when that is the default file system) is opened by its local path, so that core checks
 * it for changes by its file key and shares decoded chunks between the readers of one version (its
 * cache knows local files only); any other file system is read through {@link HadoopSource}.
 */
public final class HadoopFiles {
    private HadoopFiles() {
    }

    /**
     * An open file.
     *
     * @param reader the reader
     * @param local  whether it reads a local file (whose bytes Hadoop's statistics do not count)
     */
    public record Opened(JazminReader reader, boolean local) {
    }

    /**
     * Opens {@code path} with {@code options}, as it is now (the driver's schema read, a write's checks).
     *
     * @throws JazminIoException when the file system fails or the file is missing
     * @see JazminReader#open(io.jazmin.source.RandomAccessSource, ReadOptions) for the other failures
     */
    public static Opened open(String path, Configuration conf, ReadOptions options) {
        return open(path, null, conf, options);
    }

    /**
     * Opens the file a scan listed, which must still be the version listed: a remote file changed since
     * fails with {@link JazminIoException} caused by {@link io.jazmin.source.SourceChangedException}
     * ({@link HadoopSource#open(FileSystem, Path, ListedFile)}). A local file is opened by core as it is now
     * (appended chunks beyond the listed length are read by the range ending there).
     *
     * @throws JazminIoException when the file system fails, the file is missing or changed
     */
    public static Opened open(ListedFile listed, Configuration conf, ReadOptions options) {
        return open(listed.path(), listed, conf, options);
    }

    private static Opened open(String path, ListedFile listed, Configuration conf, ReadOptions options) {
        Path p = new Path(path);
        FileSystem fs = fileSystem(p, conf);
        java.nio.file.Path local = localPath(fs, p);
        if (local != null) {
            return new Opened(JazminReader.open(local, options), true);
        }
        HadoopSource source;
        try {
            source = listed == null ? HadoopSource.open(fs, p) : HadoopSource.open(fs, p, listed);
        } catch (IOException e) {
            throw new JazminIoException("cannot open", HadoopSource.nameOf(p), e);
        }
        return new Opened(JazminReader.open(source, options), false);
    }

    /** The file system of {@code path} (Hadoop caches it per scheme, authority and user). */
    public static FileSystem fileSystem(Path path, Configuration conf) {
        try {
            return path.getFileSystem(conf);
        } catch (IOException e) {
            throw new JazminIoException("no file system for", HadoopSource.nameOf(path), e);
        }
    }

    /** {@code path} as a local path when {@code fs} is the local file system, else {@code null}. */
    public static java.nio.file.Path localPath(FileSystem fs, Path path) {
        if (fs instanceof LocalFileSystem l) {
            return l.pathToFile(path).toPath();
        }
        if (fs instanceof RawLocalFileSystem r) {
            return r.pathToFile(path).toPath();
        }
        return null;
    }
}
