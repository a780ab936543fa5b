package io.jazmin.spark.fs;

import io.jazmin.source.RandomAccessSource;
import io.jazmin.source.SourceChangedException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.EtagSource;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * A file on a Hadoop file system ({@code hdfs://}, {@code s3a://}, {@code abfs://}, ...) read by
 * positioned reads ({@code readFully(position, ...)}), which any number of threads may issue at once.
 * The size and modification time are fixed when the source is opened; a read that fails is checked
 * against the file's status now, and reported as {@link SourceChangedException} when the file was
 * replaced (another ETag, where the store has them), grown, shrunk, touched or deleted since. A read
 * that succeeds is not checked (that would cost a status call per read): it relies on the file
 * system's own guard, such as S3A's ETag check ({@code fs.s3a.change.detection.*}), which did not
 * fire against S3Proxy for a first read after the object was replaced (see the README).
 */
public final class HadoopSource implements RandomAccessSource {
    /** Hadoop's read-policy option of {@code openFile}: the engine reads scattered ranges. */
    private static final String READ_POLICY = "fs.option.openfile.read.policy";
    private final FileSystem fs;
    private final Path path;
    private final FileStatus opened;
    private final FSDataInputStream in;
    private final String name;

    private HadoopSource(FileSystem fs, Path path, FileStatus opened, FSDataInputStream in) {
        this.fs = fs;
        this.path = path;
        this.opened = opened;
        this.in = in;
        this.name = nameOf(path);
    }

    /** Opens the current version of {@code path} on {@code fs}. */
    public static HadoopSource open(FileSystem fs, Path path) throws IOException {
        FileStatus status = fs.getFileStatus(path);
        FSDataInputStream in = FutureIO.awaitFuture(fs.openFile(path).withFileStatus(status)
                .opt(READ_POLICY, "random").build());
        return new HadoopSource(fs, path, status, in);
    }

    /** {@code path} (a Hadoop path's text) without user information or query, which could hold credentials. */
    public static String nameOf(String path) {
        return nameOf(new Path(path));
    }

    /** The path without user information or query, which could hold credentials. */
    public static String nameOf(Path path) {
        URI u = path.toUri();
        if (u.getScheme() == null) {
            return u.getPath();
        }
        if (u.getHost() == null) {
            return u.getScheme() + ":" + u.getPath();
        }
        return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort()) + u.getPath();
    }

    @Override
    public long size() {
        return opened.getLen();
    }

    @Override
    public void read(long position, ByteBuffer into) throws IOException {
        int length = into.remaining();
        try {
            if (into.hasArray()) {
                in.readFully(position, into.array(), into.arrayOffset() + into.position(), length);
                into.position(into.position() + length);
            } else {
                byte[] bytes = new byte[length];
                in.readFully(position, bytes, 0, length);
                into.put(bytes);
            }
        } catch (IOException e) {
            throw changedOr(e);
        }
    }

    /** {@code failure}, or a {@link SourceChangedException} when the file is not the version opened. */
    private IOException changedOr(IOException failure) {
        String change;
        try {
            FileStatus now = fs.getFileStatus(path);
            String etagOpened = etag(opened);
            String etagNow = etag(now);
            if (etagOpened != null && etagNow != null && !etagOpened.equals(etagNow)) {
                change = "its ETag went from " + etagOpened + " to " + etagNow;
            } else if (now.getLen() != opened.getLen()) {
                change = "its size went from " + opened.getLen() + " to " + now.getLen() + " bytes";
            } else if (now.getModificationTime() != opened.getModificationTime()) {
                change = "its modification time went from " + opened.getModificationTime() + " to " + now.getModificationTime();
            } else {
                return failure;
            }
        } catch (FileNotFoundException gone) {
            change = "it was deleted";
        } catch (IOException statFailed) {
            failure.addSuppressed(statFailed);
            return failure;
        }
        SourceChangedException changed = new SourceChangedException(name, change);
        changed.initCause(failure);
        return changed;
    }

    /** The status's ETag where the store has one (S3A, ABFS), else {@code null}. */
    private static String etag(FileStatus status) {
        return status instanceof EtagSource e ? e.getEtag() : null;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
