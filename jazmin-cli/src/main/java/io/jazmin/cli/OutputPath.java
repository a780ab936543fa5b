package io.jazmin.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks an output path before any input is read, so a long conversion does not fail at its end,
 * and so that no command writes a new file over the file it reads.
 */
final class OutputPath {
    private OutputPath() {
    }

    /** Usage error unless {@code out} can be written: not a directory, in an existing, writable directory. */
    static void requireWritable(CommandSpec spec, Path out) {
        Path target = out.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw Usage.error(spec, "cannot write '" + out + "': it is a directory");
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw Usage.error(spec, "cannot write '" + out + "': directory '" + dir + "' does not exist");
        }
        if (!Files.isWritable(dir)) {
            throw Usage.error(spec, "cannot write '" + out + "': directory '" + dir + "' is not writable");
        }
        if (Files.exists(target) && !Files.isWritable(target)) {
            throw Usage.error(spec, "cannot write '" + out + "': it is not writable");
        }
    }

    /**
     * Whether {@code out} names the file {@code in} names: the same path spelt another way
     * ({@code ./f.jzm}, {@code dir/../f.jzm}), a symbolic link to it or a hard link of it.
     */
    static boolean sameFile(Path in, Path out) {
        if (!Files.exists(in) || !Files.exists(out)) {
            // No file at one of them: nothing to overwrite, or nothing to read (which opening reports).
            return false;
        }
        try {
            return Files.isSameFile(in, out);
        } catch (IOException e) {
            // Unreadable attributes: not known to be the same; opening the input reports the problem.
            return false;
        }
    }
}
