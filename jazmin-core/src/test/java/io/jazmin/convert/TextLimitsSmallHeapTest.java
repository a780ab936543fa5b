package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.error.InputLimitException;
import io.jazmin.error.InvalidRowException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs that were an {@link OutOfMemoryError} under {@code -Xmx256m} (issue 30) read with the default
 * {@link TextLimits} in a JVM of that heap (the jazmin-core pom's {@code text-limits} execution runs the tag
 * {@code limits} with {@code -Xmx256m}): each is the typed {@link InputLimitException}. Every input is made
 * as it is read ({@link GeneratedInput}) or is a small gzip file that expands hugely. Values and rows just
 * within the defaults are converted to a {@code .jzm} file in the same heap.
 */
@Tag("limits")
class TextLimitsSmallHeapTest {
    private static final long MIB = 1 << 20;
    private static final List<Column> ID_NOTE = List.of(Column.of("id", ColumnType.INT),
            Column.of("note", ColumnType.STRING));

    @TempDir
    Path dir;

    @BeforeAll
    static void runsInASmallHeap() {
        assertThat(Runtime.getRuntime().maxMemory()).as("-Xmx256m from the text-limits execution")
                .isLessThanOrEqualTo(256 * MIB);
    }

    @Test
    void aCsvFieldOf72MiB() {
        assertLimit(new GeneratedInput("id,note\n1,", "x", 72 * MIB, "\n"), RowFormat.CSV, "maxValueLength");
    }

    @Test
    void anUnclosedCsvQuote() {
        InputLimitException e = assertLimit(new GeneratedInput("id,note\n1,\"", "line\n", Long.MAX_VALUE, ""),
                RowFormat.CSV, "maxValueLength");
        assertThat(e).hasMessageContaining("closing quote");
    }

    @Test
    void aGigabyteOfXmlText() {
        assertLimit(new GeneratedInput("<jazmin><row><id>1</id><note>", "x", 1L << 30, "</note></row></jazmin>"),
                RowFormat.XML, "maxValueLength");
    }

    @Test
    void aGigabyteXmlCdataSectionOrComment() {
        assertLimit(new GeneratedInput("<jazmin><row><note><![CDATA[", "x", 1L << 30, "]]></note></row></jazmin>"),
                RowFormat.XML, "maxValueLength");
        assertLimit(new GeneratedInput("<jazmin><!--", "x", 1L << 30, "--></jazmin>"), RowFormat.XML,
                "maxValueLength");
    }

    @Test
    void aJsonStringOf95MBUnderJacksonsOwnCap() {
        assertLimit(new GeneratedInput("{\"id\":1,\"note\":\"", "x", 95_000_000, "\"}\n"), RowFormat.JSON_LINES,
                "maxValueLength");
    }

    @Test
    void aJsonValueOfEndlessSmallTokens() {
        List<Column> columns = List.of(Column.of("doc", ColumnType.JSON));
        InputLimitException e = limitError(() -> drain(RowSources.open(new GeneratedInput("[{\"doc\":[", "1,",
                Long.MAX_VALUE, ""), RowFormat.JSON, columns, FloatOverflow.REFUSE)));
        assertThat(e.limitName()).isEqualTo("maxRowLength");
    }

    @Test
    void aJsonListOfAMillionStrings() {
        // 4 MB of text, within the row length, but a million boxed strings cost some 60 MB, and the writer more.
        Column tags = new Column("tags", ColumnType.LIST, true, "", "", Column.of("item", ColumnType.STRING),
                List.of());
        InputLimitException e = limitError(() -> drain(RowSources.open(new GeneratedInput("{\"tags\":[\"a\"", ",\"a\"",
                999_000L * 4, "]}\n"), RowFormat.JSON_LINES, List.of(tags), FloatOverflow.REFUSE)));
        assertThat(e.limitName()).isEqualTo("maxRowValues");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aDecimalOfTwoMillionDigitsIsRefusedBeforeItIsParsed() {
        // Within the value length, but BigDecimal would parse it in time quadratic in its digits: hours.
        List<Column> columns = List.of(Column.of("amount", ColumnType.DECIMAL));
        Throwable thrown = catchThrowable(() -> drain(RowSources.open(new GeneratedInput("amount\n1.", "0",
                TextLimits.DEFAULT_MAX_VALUE_LENGTH - 10, "\n"), RowFormat.CSV, columns)));
        assertThat(thrown).isInstanceOf(InvalidRowException.class)
                .hasMessageContaining("more than the 1000 a decimal's text may take");
    }

    @Test
    void aSmallGzipFileExpandingWithoutEnd() throws IOException {
        Path rows = dir.resolve("rows.csv.gz");
        new GeneratedInput("id,note\n", "1,abc\n", 256 * MIB, "").gzipTo(rows);
        assertThat(Files.size(rows)).isLessThan(MIB);
        assertThat(limitError(() -> drain(RowSources.open(rows, ID_NOTE))).limitName()).isEqualTo("maxGzipRatio");

        Path field = dir.resolve("field.csv.gz");
        new GeneratedInput("id,note\n1,\"", "x", 256 * MIB, "\"\n").gzipTo(field);
        assertThat(Files.size(field)).isLessThan(MIB);
        // Whichever bound the parser meets first: the ratio once 16 MiB are out, or the field's length.
        assertThat(limitError(() -> drain(RowSources.open(field, ID_NOTE))).limitName())
                .isIn("maxGzipRatio", "maxValueLength");
        // Inference (no columns given) reads within the same bounds.
        assertThat(limitError(() -> drain(RowSources.open(field, null))).limitName())
                .isIn("maxGzipRatio", "maxValueLength");
    }

    @Test
    void rowsOfValuesJustWithinTheDefaultsConvertToAJzmFile() throws IOException {
        // Rows of two values of almost 2 MiB characters (with quotes and comma, a row of the default 4 MiB), random
        // CJK characters, so three bytes each in UTF-8 and barely compressible: the most the defaults let through.
        int rows = 3;
        List<Column> columns = List.of(Column.of("a", ColumnType.STRING), Column.of("b", ColumnType.STRING));
        Path out = dir.resolve("big.jzm");
        try (RowSource source = RowSources.open(new WideCsvRows(rows, (TextLimits.DEFAULT_MAX_ROW_LENGTH - 5) / 2),
                RowFormat.CSV, columns, FloatOverflow.REFUSE);
             JazminWriter writer = JazminWriter.create(out, columns, WriteOptions.defaults())) {
            writer.writeRows(source);
            writer.finish();
        }
        try (JazminReader reader = JazminReader.open(out)) {
            assertThat(reader.table().rowCount()).isEqualTo(rows);
        }
    }

    /**
     * {@code a,b} then {@code rows} records of two quoted values of {@code length} random characters from
     * U+4E00 to U+9DFF (three UTF-8 bytes each), made as read.
     */
    private static final class WideCsvRows extends BlockInput {
        private final int rows;
        private final int length;
        private final java.util.Random random = new java.util.Random(30);
        private final byte[] buffer = new byte[1 << 16];
        private int position;
        private int limit;
        private int row = -1;
        private int field;
        private int written;

        WideCsvRows(int rows, int length) {
            this.rows = rows;
            this.length = length;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position == limit && !fill()) {
                return -1;
            }
            int n = Math.min(len, limit - position);
            System.arraycopy(buffer, position, b, off, n);
            position += n;
            return n;
        }

        /** The next piece: the header, a value's next characters, or the quotes and separators between. */
        private boolean fill() {
            position = 0;
            limit = 0;
            if (row == -1) {
                put("a,b\n\"");
                row = 0;
                return true;
            }
            if (row == rows) {
                return false;
            }
            while (written < length && limit + 8 <= buffer.length) {
                int c = 0x4E00 + random.nextInt(0x5000);
                buffer[limit++] = (byte) (0xE0 | c >> 12);
                buffer[limit++] = (byte) (0x80 | c >> 6 & 0x3F);
                buffer[limit++] = (byte) (0x80 | c & 0x3F);
                written++;
            }
            if (written == length) {
                written = 0;
                if (field == 0) {
                    put("\",\"");
                    field = 1;
                } else {
                    field = 0;
                    row++;
                    put(row == rows ? "\"\n" : "\"\n\"");
                }
            }
            return true;
        }

        private void put(String text) {
            for (char c : text.toCharArray()) {
                buffer[limit++] = (byte) c;
            }
        }
    }

    private static InputLimitException assertLimit(InputStream input, RowFormat format, String limitName) {
        InputLimitException e = limitError(() -> drain(RowSources.open(input, format, ID_NOTE)));
        assertThat(e.limitName()).isEqualTo(limitName);
        assertThat(e.limit()).isPositive();
        return e;
    }

    private static InputLimitException limitError(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown).isInstanceOf(InputLimitException.class);
        return (InputLimitException) thrown;
    }

    private static void drain(RowSource source) {
        try (source) {
            source.forEachRemaining(row -> { });
        }
    }
}
