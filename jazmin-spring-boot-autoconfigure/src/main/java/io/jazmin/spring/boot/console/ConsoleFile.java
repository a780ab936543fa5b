package io.jazmin.spring.boot.console;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.spring.data.core.FileAccess;
import io.jazmin.viewer.ViewerFile;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * A configured file as the console's viewer reads it: through the file's pooled readers, opened
 * with its configured secret, so every request sees the file's current version.
 */
final class ConsoleFile implements ViewerFile {
    private final FileAccess access;

    ConsoleFile(FileAccess access) {
        this.access = Objects.requireNonNull(access, "access");
    }

    @Override
    public String name() {
        return access.name();
    }

    @Override
    public Path path() {
        return access.path();
    }

    @Override
    public ReadOptions readOptions() {
        return access.readOptions();
    }

    @Override
    public <R> R read(Function<JazminReader, R> action) {
        return access.withReader(action);
    }

    /** Names the file, never its secret. */
    @Override
    public String toString() {
        return "ConsoleFile[" + access.name() + "]";
    }
}
