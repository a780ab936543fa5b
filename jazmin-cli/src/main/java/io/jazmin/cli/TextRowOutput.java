package io.jazmin.cli;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminException;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;

/**
 * Writes rows to a JSON, JSON Lines, CSV or XML file through a temporary file beside it, so a failed
 * conversion never leaves a half-written target.
 */
final class TextRowOutput implements RowOutput {
    private final Path target;
    private final Path temporary;
    private final RowSink sink;
    private boolean finished;

    TextRowOutput(Path target, RowFormat format, List<Column> columns, JsonStyle style) throws IOException {
        this.target = target;
        // Not Files.createTempFile: its owner-only permissions would stay on the finished file.
        this.temporary = target.toAbsolutePath().resolveSibling(
                "." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        this.sink = RowSinks.open(Files.newBufferedWriter(temporary, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), format, columns, style);
    }

    @Override
    public void write(List<Object> values) {
        sink.write(values);
    }

    @Override
    public void finish() {
        sink.close();
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        finished = true;
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        try {
            sink.close();
        } catch (JazminException e) {
            // the conversion already failed; its error is the one to report
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // best effort: a leftover hidden temporary file is harmless
        }
    }
}
