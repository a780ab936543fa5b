package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminIoException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A stream that fails under the converters is a {@link JazminIoException} naming the stream and the
 * operation, with the stream's {@link IOException} as its cause, never an {@code UncheckedIOException}.
 */
class ConverterIoFailureTest {
    private static final List<Column> COLUMNS = List.of(Column.of("id", ColumnType.INT), Column.of("name", ColumnType.STRING));
    private static final IOException DISK_FULL = new IOException("No space left on device");

    /** Accepts {@code budget} characters, then fails every write and the close. */
    private static Writer failingAfter(int budget) {
        return new Writer() {
            private int left = budget;

            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                if (len > left) {
                    throw DISK_FULL;
                }
                left -= len;
            }

            @Override
            public void flush() throws IOException {
                if (left == 0) {
                    throw DISK_FULL;
                }
            }

            @Override
            public void close() throws IOException {
                throw DISK_FULL;
            }
        };
    }

    /** Yields {@code head}, then fails. */
    private static InputStream failingAfter(String head) {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw DISK_FULL;
            }
        };
        return new SequenceInputStream(new ByteArrayInputStream(head.getBytes(StandardCharsets.UTF_8)), failing);
    }

    @ParameterizedTest
    @EnumSource(RowFormat.class)
    void aFailingWriterIsATypedIoError(RowFormat format) {
        RowSink sink = RowSinks.open(failingAfter(100), format, COLUMNS, JsonStyle.HUMAN);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 10_000; i++) {
                sink.write(List.of((long) i, "row " + i));
            }
            sink.close();
        }).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("cannot write the " + streamName(format) + " output")
                .hasMessageContaining("No space left on device")
                .hasRootCauseMessage("No space left on device");
    }

    @Test
    void aFailingCsvHeaderWriteIsATypedIoError() {
        assertThatThrownBy(() -> RowSinks.open(failingAfter(0), RowFormat.CSV, COLUMNS, JsonStyle.HUMAN))
                .isInstanceOf(JazminIoException.class).hasCause(DISK_FULL);
    }

    @ParameterizedTest
    @EnumSource(RowFormat.class)
    void aFailingReaderIsATypedIoError(RowFormat format) {
        String head = switch (format) {
            case CSV -> "id,name\r\n1,Ann\r\n";
            case JSON -> "[{\"id\":1,\"name\":\"Ann\"},\n";
            case JSON_LINES -> "{\"id\":1,\"name\":\"Ann\"}\n";
            case XML -> "<jazmin>\n<row><id>1</id><name>Ann</name></row>\n";
        };
        assertThatThrownBy(() -> {
            try (RowSource source = RowSources.open(failingAfter(head), format, COLUMNS)) {
                while (source.hasNext()) {
                    source.next();
                }
            }
        }).isInstanceOf(JazminIoException.class)
                .hasMessageContaining("cannot read the " + streamName(format) + " input")
                .hasRootCauseMessage("No space left on device");
    }

    private static String streamName(RowFormat format) {
        return switch (format) {
            case CSV -> "CSV";
            case XML -> "XML";
            case JSON, JSON_LINES -> "JSON";
        };
    }

    @Test
    void aStreamFailureHasNoFile() {
        JazminIoException e = new JazminIoException("cannot read", "the CSV input", DISK_FULL);
        assertThat(e.file()).isNull();
        assertThat(e).hasMessage("cannot read the CSV input: No space left on device").hasCause(DISK_FULL);
    }
}
