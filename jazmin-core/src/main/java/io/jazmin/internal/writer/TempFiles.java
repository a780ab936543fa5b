package io.jazmin.internal.writer;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;

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
     * Creates a new file holding {@code contents} beside {@code target} to become its lock file, with
     * the folder's usual permissions: other users' writers read the holder from it. Created and
     * written through one open.
     */
    static Path createLock(Path target, byte[] contents) throws IOException {
        while (true) {
            Path temp = named(target, LOCK_SUFFIX);
            try {
                Files.write(temp, contents, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return temp;
            } catch (FileAlreadyExistsException e) {
                // 64 random bits collided: draw again.
            } catch (IOException e) {
                Files.deleteIfExists(temp); // created but not filled (a full disk): no half-made lock file left
                throw e;
            }
        }
    }

    private static Path named(Path target, String suffix) {
        return target.resolveSibling("." + target.getFileName() + "." + HexFormat.of().toHexDigits(RANDOM.nextLong())
                + suffix);
    }

    private static Path create(Path target, String suffix, boolean ownerOnly) throws IOException {
        boolean posix = ownerOnly && target.getFileSystem().supportedFileAttributeViews().contains("posix");
        while (true) {
            Path temp = named(target, suffix);
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
     * {@code held}'s file left behind, on every commit: a writer killed before it held the lock (its
     * lock file made under a temporary name, not yet linked) leaves no other trace. Only a holder of
     * the lock may call it: then no other writer of the file is running, so none is live. Best
     * effort: a leftover that cannot be deleted never replaces the target.
     */
    static void removeStale(WriterLock held) {
        if (!held.isHeld()) {
            throw new IllegalStateException("temporary files are removed only under the writer lock");
        }
        Path target = held.file();
        String prefix = "." + target.getFileName() + ".";
        DirectoryStream.Filter<Path> stale = p -> isTemporaryOf(prefix, p.getFileName().toString());
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(target.getParent(), stale)) {
            for (Path leftover : leftovers) {
                Files.deleteIfExists(leftover);
            }
        } catch (IOException ignored) {
            // The write itself succeeded; the leftovers are tried again on the next one.
        }
    }

    /**
     * Whether {@code name} is {@code prefix}, 16 lower-case hex digits and one of the two suffixes: a
     * name {@link #named} made for the target of {@code prefix}. Compared by hand, since a pattern
     * compiled per commit was a few per cent of a one-entity save.
     */
    static boolean isTemporaryOf(String prefix, String name) {
        int hexEnd = prefix.length() + 16;
        if (!name.startsWith(prefix) || !(name.endsWith(SUFFIX) && name.length() == hexEnd + SUFFIX.length()
                || name.endsWith(LOCK_SUFFIX) && name.length() == hexEnd + LOCK_SUFFIX.length())) {
            return false;
        }
        for (int i = prefix.length(); i < hexEnd; i++) {
            char c = name.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
