package io.jazmin.testing;

import io.jazmin.schema.Column;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes small test files and returns their bytes (the temporary file is deleted again). */
public final class Written {
    private Written() {
    }

    /** The bytes of a one-table file of {@code rows} (values in column order). */
    public static byte[] file(List<Column> columns, List<? extends List<?>> rows, WriteOptions options) {
        return file(columns, rows, options, w -> { });
    }

    /** Like {@link #file(List, List, WriteOptions)}, {@code more} called on the writer after the rows. */
    public static byte[] file(List<Column> columns, List<? extends List<?>> rows, WriteOptions options,
                              java.util.function.Consumer<JazminWriter> more) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("jazmin-test");
            Path path = dir.resolve("t.jzm");
            try (JazminWriter writer = JazminWriter.create(path, columns, options)) {
                for (List<?> row : rows) {
                    writer.writeValues(row.toArray());
                }
                more.accept(writer);
                writer.finish();
            }
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // A leftover temporary folder does not change any result.
        }
    }
}
