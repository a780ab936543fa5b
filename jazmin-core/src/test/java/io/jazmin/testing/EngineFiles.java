package io.jazmin.testing;

import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.options.ReadOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A file opened by the engine itself, below the public API, for checks of what it stores. */
public final class EngineFiles {
    private EngineFiles() {
    }

    /** {@code read} applied to the current version of {@code file} opened with {@code options}, closed after. */
    public static <T> T opened(Path file, ReadOptions options, Function<OpenedFile, T> read) {
        try (OpenedFile opened = FileOpener.open(file, options)) {
            return read.apply(opened);
        }
    }

    /** Where the bytes of embedded file {@code path} of {@code file} are stored (its blocks). */
    public static Content content(Path file, ReadOptions options, String path) {
        return opened(file, options, o -> {
            EmbeddedFiles files = EmbeddedFiles.of(o);
            return files.content(files.file(path));
        });
    }

    /** The contents the directory {@code files} points to, each once, in directory order. */
    public static List<Content> contents(EmbeddedFiles files) {
        List<Content> contents = new ArrayList<>();
        files.files().forEach(e -> {
            if (!contents.contains(files.content(e))) {
                contents.add(files.content(e));
            }
        });
        return contents;
    }
}
