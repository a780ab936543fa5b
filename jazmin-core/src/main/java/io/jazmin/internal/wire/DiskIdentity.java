package io.jazmin.internal.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * Which file on disk a {@link ByteSource} reads: its real path, the file system's key of the file
 * (device and inode where the platform has one), its size and its last-modified time. Two sources
 * with equal identities read the same bytes as long as files are replaced by rename (a new inode)
 * and only grown by appends (a new size), as our writers do.
 *
 * @param fileKey {@link BasicFileAttributes#fileKey()}, or {@code null} where the platform has none
 */
public record DiskIdentity(Path realPath, Object fileKey, long size, long modifiedNanos) {

    /** The attributes of {@code path} now, or {@code null} when they cannot be read. */
    static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return null;
        }
    }

    /**
     * The identity of the file opened at {@code path} with {@code size} bytes, from its attributes read
     * just before opening it and at any time after; {@code null} (not identifiable) when either is
     * missing, they differ, or they disagree with the size opened: the path may have been replaced or
     * grown meanwhile.
     */
    static DiskIdentity of(Path path, BasicFileAttributes before, BasicFileAttributes after, long size) {
        if (before == null || after == null || !before.isRegularFile() || before.size() != size || after.size() != size
                || !before.lastModifiedTime().equals(after.lastModifiedTime())
                || !java.util.Objects.equals(before.fileKey(), after.fileKey())) {
            return null;
        }
        try {
            return new DiskIdentity(path.toRealPath(), before.fileKey(), size,
                    before.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
