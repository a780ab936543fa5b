package io.jazmin.freshness;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JazminReader#isCurrent()}: {@code true} until a writer commits a version after the open,
 * whether it appends, deletes, rewrites or replaces the file, or removes it.
 */
class ReaderIsCurrentTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));

    @TempDir
    Path dir;

    @Test
    void aReaderIsCurrentUntilAnotherWriterCommits() {
        Path file = write(dir.resolve("a.jzm"), 10);
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.isCurrent()).isTrue();
            JazminFile.append(file, List.<Map<String, ?>>of(Map.of("id", 10L, "name", "n10")).iterator(),
                    WriteOptions.defaults());
            assertThat(reader.isCurrent()).isFalse();
            assertThat(reader.table().rowCount()).as("the reader keeps its version").isEqualTo(10);
        }
    }

    @Test
    void aDeleteMakesReadersOutdated() {
        Path file = write(dir.resolve("a.jzm"), 10);
        try (JazminReader reader = JazminReader.open(file)) {
            JazminFile.delete(file, Filter.eq("id", 3L), WriteOptions.defaults());
            assertThat(reader.isCurrent()).isFalse();
        }
    }

    @Test
    void aRewriteOfTheSameSizeMakesReadersOutdated() throws IOException {
        Path file = write(dir.resolve("a.jzm"), 10);
        try (JazminReader reader = JazminReader.open(file)) {
            long size = Files.size(file);
            // The same rows again: a new file of the same length moved over the old one.
            write(file, 10);
            assertThat(Files.size(file)).isEqualTo(size);
            assertThat(reader.isCurrent()).isFalse();
        }
    }

    @Test
    void aCompactionOrRemovalMakesReadersOutdated() throws IOException {
        Path file = write(dir.resolve("a.jzm"), 10);
        try (JazminReader reader = JazminReader.open(file)) {
            JazminFile.compact(file, WriteOptions.defaults());
            assertThat(reader.isCurrent()).isFalse();
        }
        try (JazminReader reader = JazminReader.open(file)) {
            Files.delete(file);
            assertThat(reader.isCurrent()).isFalse();
        }
    }

    @Test
    void readersOfBytesInMemoryAreAlwaysCurrent() throws IOException {
        Path file = write(dir.resolve("a.jzm"), 3);
        try (JazminReader reader = JazminReader.open(Files.readAllBytes(file))) {
            Files.delete(file);
            assertThat(reader.isCurrent()).isTrue();
        }
    }

    private static Path write(Path file, int rows) {
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults())) {
            for (int i = 0; i < rows; i++) {
                w.writeValues((long) i, "n" + i);
            }
            w.finish();
        }
        return file;
    }
}
