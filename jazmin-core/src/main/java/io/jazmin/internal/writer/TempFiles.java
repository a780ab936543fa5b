package io.jazmin.internal.writer;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The temporary files writes go through beside the target: {@code .<name>.<16 hex digits>.jzm.tmp}
 * for a new version of the file, {@code .<name>.<16 hex digits>.lock.tmp} for a lock file being
 * made ({@link WriterLock}). The random part holds no dot, so a name tells exactly which target it
 * belongs to and the leftovers of a killed writer of one file are never confused with another
 * file's.
 */
final class TempFiles {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SUFFIX = ".jzm.tmp";
    private static final String LOCK_SUFFIX = ".lock.tmp";

    private TempFiles() {
    }

    /** Creates a new, empty, owner-only temporary file beside {@code target} (an absolute path). */
    static Path create(Path target) throws IOException {
        return create(target, SUFFIX, true);
    }

    /**
     * Creates a new, empty file beside {@code target} to become its lock file, with the folder's
     * usual permissions: other users' writers read the holder from it.
     */
    static Path createLock(Path target) throws IOException {
        return create(target, LOCK_SUFFIX, false);
    }

    private static Path create(Path target, String suffix, boolean ownerOnly) throws IOException {
        Path dir = target.getParent();
        boolean posix = ownerOnly && dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        while (true) {
            Path temp = dir.resolve("." + target.getFileName() + "." + HexFormat.of().toHexDigits(RANDOM.nextLong())
                    + suffix);
            try {
                return posix ? Files.createFile(temp, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------"))) : Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                // 64 random bits collided: draw again.
            }
        }
    }

    /**
     * Deletes the temporary files (of new versions and of lock files) killed writers of
     * {@code held}'s file left behind. Only a holder of the lock may call it: then no other writer
     * of the file is running, so none is live. Best effort: a leftover that cannot be deleted never
     * replaces the target.
     */
    static void removeStale(WriterLock held) {
        if (!held.isHeld()) {
            throw new IllegalStateException("temporary files are removed only under the writer lock");
        }
        Path target = held.file();
        Pattern own = Pattern.compile(Pattern.quote("." + target.getFileName() + ".") + "[0-9a-f]{16}("
                + Pattern.quote(SUFFIX) + "|" + Pattern.quote(LOCK_SUFFIX) + ")");
        DirectoryStream.Filter<Path> stale = p -> own.matcher(p.getFileName().toString()).matches();
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(target.getParent(), stale)) {
            for (Path leftover : leftovers) {
                Files.deleteIfExists(leftover);
            }
        } catch (IOException ignored) {
            // The write itself succeeded; the leftovers are tried again on the next one.
        }
    }
}
