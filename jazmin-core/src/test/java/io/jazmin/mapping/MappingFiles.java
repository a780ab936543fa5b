package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** Test helpers: files written row by row with the engine, as other libraries would write them. */
final class MappingFiles {
    private MappingFiles() {
    }

    /** Writes {@code rows} (values in column order) to {@code file}. */
    static Path write(Path file, List<Column> columns, Object[]... rows) {
        try (JazminWriter w = JazminWriter.create(file, columns, WriteOptions.defaults())) {
            for (Object[] row : rows) {
                w.writeValues(row);
            }
            w.finish();
        }
        return file;
    }

    /** Opens {@code file}, applies {@code read} and closes it again. */
    static <R> R read(Path file, Function<JazminReader, R> read) {
        try (JazminReader reader = JazminReader.open(file)) {
            return read.apply(reader);
        }
    }
}
