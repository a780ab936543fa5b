package io.jazmin.internal.wire;

import io.jazmin.source.FileStamp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Which file on disk a {@link ByteSource} reads: the file system's key of the file (device and inode
 * where the platform has one, else its real path), its size and its last-modified time. Two sources
 * with equal identities read the same bytes as long as files are replaced by rename (a new inode)
 * and only grown by appends (a new size), as our writers do. Where the key names the file, its path
 * adds nothing (a hard link is the same file) and is not resolved: resolving it (a look-up of every
 * directory on the way) was a sixth of an open + find of a cached file.
 *
 * @param realPath the real path where the platform has no file key, else {@code null}
 * @param fileKey  {@link java.nio.file.attribute.BasicFileAttributes#fileKey()}, or {@code null} where the
 *                 platform has none
 */
public record DiskIdentity(Path realPath, Object fileKey, long size, long modifiedNanos) {

    /**
     * The identity of the file opened at {@code path} with {@code size} bytes, from its stamps taken
     * just before opening it and at any time after; {@code null} (not identifiable) when either is
     * missing, they differ, or they disagree with the size opened: the path may have been replaced or
     * grown meanwhile.
     */
    static DiskIdentity of(Path path, FileStamp before, FileStamp after, long size) {
        if (before == null || before.size() != size || !before.equals(after)) {
            return null;
        }
        if (before.fileKey() != null) {
            return of(before);
        }
        try {
            return new DiskIdentity(RealPaths.of(path), null, size, before.modified().to(TimeUnit.NANOSECONDS));
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * The identity of the file {@code stamp} found, which has a file key: for a channel known to read
     * that file (see {@link ByteSource#openReusing}).
     */
    static DiskIdentity of(FileStamp stamp) {
        return new DiskIdentity(null, stamp.fileKey(), stamp.size(), stamp.modified().to(TimeUnit.NANOSECONDS));
    }
}
