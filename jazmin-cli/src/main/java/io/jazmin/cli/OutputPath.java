package io.jazmin.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;

/** Checks an output path before any input is read, so a long conversion does not fail at its end. */
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
}
