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
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * A file on a Hadoop file system ({@code hdfs://}, {@code s3a://}, {@code abfs://}, ...) read by
 * positioned reads ({@code readFully(position, ...)}), which any number of threads may issue at once.
 * The size and modification time are fixed when the source is opened. A task opens the version the
 * scan was planned from ({@link #open(FileSystem, Path, ListedFile)}): a file replaced, grown, shrunk
 * or deleted since the listing fails the open with {@link SourceChangedException} naming it (on HDFS
 * the file is opened by the inode id the listing gave, so the open costs one name-node call and no
 * status request). A read
 * that fails is checked against the file's status now, and reported the same way when the file
 * changed since the open. A read that succeeds is not checked (that would cost a status call per
 * read): it relies on the file system's own guard against a change after the open: HDFS reads the
 * blocks of the file it opened, and S3A compares the ETag of every answer with the one of the status
 * the stream was opened with ({@code fs.s3a.change.detection.*}).
 */
public final class HadoopSource implements RandomAccessSource {
    /** Hadoop's read-policy option of {@code openFile}: the engine reads scattered ranges. */
    private static final String READ_POLICY = "fs.option.openfile.read.policy";
    /** HDFS's reserved folder that reaches a file by its inode id, whatever its path now. */
    private static final String INODES = "/.reserved/.inodes/";
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
        return new HadoopSource(fs, path, status, stream(fs, path, status));
    }

    /**
     * Opens {@code path} on {@code fs}, which must still be the version {@code listed} saw when the
     * scan was planned: the same ETag where the store gives one (its modification time then is not
     * compared, since S3 lists it in milliseconds and answers a status in seconds); on HDFS, where the
     * listing gave an inode id, the same inode and length ({@link #openInode}, no status request); else
     * the same length and modification time.
     *
     * @throws SourceChangedException naming the file when it changed or was deleted since the listing
     */
    public static HadoopSource open(FileSystem fs, Path path, ListedFile listed) throws IOException {
        if (listed.etag() != null) {
            // An object store: its status now (one request), compared with the listing's, opens the stream,
            // so the store's change detection holds every later read to that ETag.
            FileStatus status = statusOrGone(fs, path);
            checkListed(nameOf(path), listed, status);
            return new HadoopSource(fs, path, status, stream(fs, path, status));
        }
        if (listed.fileId() > 0) {
            return openInode(fs, path, listed);
        }
        // Without ETags or inode ids: the stream first, which reads the blocks of the file as it is now, then
        // the status compared; the other way round, a file replaced in between would be read unchecked.
        FSDataInputStream in;
        try {
            in = stream(fs, path, null);
        } catch (FileNotFoundException e) {
            throw gone(nameOf(path), e);
        }
        try {
            FileStatus status = statusOrGone(fs, path);
            checkListed(nameOf(path), listed, status);
            return new HadoopSource(fs, path, status, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * HDFS: opens the listed file by its inode ({@code /.reserved/.inodes/<id>}), in the one name-node
     * call of the open, without a status request: a file replaced (a new inode) or deleted since the
     * listing is not found, and one appended to or truncated shows another visible length. What this
     * does not see, which the status's modification time would, is a file truncated and appended back to
     * its listed length between the listing and the open (JAZMIN's writers never truncate).
     */
    private static HadoopSource openInode(FileSystem fs, Path path, ListedFile listed) throws IOException {
        URI u = path.toUri();
        Path inode = new Path(u.getScheme(), u.getAuthority(), INODES + listed.fileId());
        FSDataInputStream in;
        try {
            in = stream(fs, inode, null);
        } catch (FileNotFoundException e) {
            SourceChangedException changed = new SourceChangedException(nameOf(path),
                    "the file listed when the scan was planned was replaced or deleted since");
            changed.initCause(e);
            throw changed;
        }
        try {
            long visible = in instanceof HdfsDataInputStream h ? h.getVisibleLength() : -1;
            if (visible != listed.length()) {
                throw new SourceChangedException(nameOf(path), "it had " + listed.length()
                        + " bytes when the scan was planned, now " + visible);
            }
            FileStatus status = new FileStatus(listed.length(), false, 0, 0, listed.modificationTime(), path);
            return new HadoopSource(fs, path, status, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static FSDataInputStream stream(FileSystem fs, Path path, FileStatus status) throws IOException {
        var builder = fs.openFile(path).opt(READ_POLICY, "random");
        if (status != null) {
            builder.withFileStatus(status); // S3A: no second status request, and its ETag checked on every read
        }
        return FutureIO.awaitFuture(builder.build());
    }

    private static FileStatus statusOrGone(FileSystem fs, Path path) throws IOException {
        try {
            return fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw gone(nameOf(path), e);
        }
    }

    private static SourceChangedException gone(String name, FileNotFoundException cause) {
        SourceChangedException changed = new SourceChangedException(name, "it was deleted after the scan was planned");
        changed.initCause(cause);
        return changed;
    }

    /** Throws when {@code now} is not the version {@code listed}. */
    static void checkListed(String name, ListedFile listed, FileStatus now) throws SourceChangedException {
        String etag = etag(now);
        String change = null;
        if (listed.etag() != null && etag != null && !listed.etag().equals(etag)) {
            change = "its ETag was " + listed.etag() + " when the scan was planned, now " + etag;
        } else if (now.getLen() != listed.length()) {
            change = "it had " + listed.length() + " bytes when the scan was planned, now " + now.getLen();
        } else if ((listed.etag() == null || etag == null) && now.getModificationTime() != listed.modificationTime()) {
            change = "its modification time was " + listed.modificationTime() + " when the scan was planned, now "
                    + now.getModificationTime();
        }
        if (change != null) {
            throw new SourceChangedException(name, change);
        }
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
    public static String etag(FileStatus status) {
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
