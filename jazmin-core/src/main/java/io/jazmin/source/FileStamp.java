package io.jazmin.source;

import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

/**
 * What a local file is on disk at one moment: the file system's key of the file (device and inode
 * where the platform has one), its size and its last-modified time. JAZMIN writers replace a file
 * by rename (a new file key) and grow it by appends (a new size), so two equal stamps of a path mean
 * no writer committed to it in between. The engine tells with it whether a reader still reads the
 * file's latest version ({@code JazminReader.isCurrent()}) and which file the shared chunk cache
 * holds chunks of; a caller keeping something derived from a file (the row ids of its keys, a
 * storage report) checks it the same way, with one {@code stat}.
 *
 * <pre>{@code
 * FileStamp seen = FileStamp.of(path);
 * ... // derive something from the file
 * if (!seen.matches(path)) { ... } // another writer committed meanwhile: derive it again
 * }</pre>
 *
 * @param fileKey  {@link BasicFileAttributes#fileKey()}, or {@code null} where the platform has none
 * @param size     the size in bytes
 * @param modified the last-modified time
 */
public record FileStamp(Object fileKey, long size, FileTime modified) {

    /**
     * The stamp of {@code path} now.
     *
     * @throws JazminIoException when its attributes cannot be read (a missing file, say)
     */
    public static FileStamp of(Path path) {
        try {
            return of(Files.readAttributes(path, BasicFileAttributes.class));
        } catch (IOException e) {
            throw new JazminIoException("cannot read the attributes of", path, e);
        }
    }

    /**
     * The stamp of {@code path} now, or empty when it is not a regular file or its attributes
     * cannot be read (missing, not allowed, a file system without them).
     */
    public static Optional<FileStamp> find(Path path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            return attributes.isRegularFile() ? Optional.of(of(attributes)) : Optional.empty();
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private static FileStamp of(BasicFileAttributes attributes) {
        return new FileStamp(attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
    }

    /**
     * Whether {@code path} has this stamp now: {@code false} once a writer committed to it (or
     * replaced, grew or deleted it) since this stamp was taken, and when it cannot be read.
     */
    public boolean matches(Path path) {
        return find(path).map(this::equals).orElse(false);
    }
}
