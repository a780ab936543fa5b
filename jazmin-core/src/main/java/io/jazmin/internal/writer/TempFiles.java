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
 * The temporary files full writes go through: {@code .<name>.<16 hex digits>.jzm.tmp} beside the
 * target. The random part holds no dot, so a name tells exactly which target it belongs to and the
 * leftovers of a killed writer of one file are never confused with another file's.
 */
final class TempFiles {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SUFFIX = ".jzm.tmp";

    private TempFiles() {
    }

    /** Creates a new, empty, owner-only temporary file beside {@code target} (an absolute path). */
    static Path create(Path target) throws IOException {
        Path dir = target.getParent();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        while (true) {
            Path temp = dir.resolve("." + target.getFileName() + "." + HexFormat.of().toHexDigits(RANDOM.nextLong())
                    + SUFFIX);
            try {
                return posix ? Files.createFile(temp, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------"))) : Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                // 64 random bits collided: draw again.
            }
        }
    }

    /**
     * Deletes the temporary files killed writers of {@code held}'s file left behind. Only a holder
     * of the lock may call it: then no other writer of the file is running, so none is live.
     * Best effort: a leftover that cannot be deleted never replaces the target.
     */
    static void removeStale(WriterLock held) {
        if (!held.isHeld()) {
            throw new IllegalStateException("temporary files are removed only under the writer lock");
        }
        Path target = held.file();
        Pattern own = Pattern.compile(Pattern.quote("." + target.getFileName() + ".") + "[0-9a-f]{16}"
                + Pattern.quote(SUFFIX));
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
