package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.jazmin.error.InputSyntaxException;

/**
 * Bad writer input (rows files and values given to the writer) is refused with a typed error
 * naming the row, the column and where in the file, quickly, in bounded memory and with a short
 * message: decimals far beyond the format's scale and digit limits, ill-formed UTF-8, floats
 * beyond the double range.
 */
class WriterInputTest {
    private static final List<Column> AMOUNTS = List.of(Column.of("id", ColumnType.INT),
            Column.of("amount", ColumnType.DECIMAL));
    private static final List<Column> SCORES = List.of(Column.of("id", ColumnType.INT),
            Column.of("score", ColumnType.FLOAT), new Column("scores", ColumnType.LIST, true, "", "",
                    Column.of("item", ColumnType.FLOAT), List.of()));
    private static final List<Column> NAMES = List.of(Column.of("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    /** The overlong two-byte form of '/', which a lenient decoder turns into a slash. */
    private static final byte[] OVERLONG_SLASH = {(byte) 0xC0, (byte) 0xAF};

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"1e-999999999", "1E-100000000", "1e999999999", "-1e999999999", "1e-256", "1e300"})
    void decimalsBeyondTheFormatLimitsAreRefusedBeforeExpansion(String number) {
        String input = "{\"id\":1,\"amount\":1.5}\n{\"id\":2,\"amount\":" + number + "}\n";
        InvalidRowException e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            RowSource rows = RowSources.open(bytes(input), RowFormat.JSON_LINES, AMOUNTS);
            assertThat(rows.next()).containsEntry("amount", new BigDecimal("1.5"));
            return catchInvalidRow(rows);
        });
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("amount");
        assertThat(e.location()).startsWith("line 2, byte offset ");
        assertThat(e.getMessage()).hasSizeLessThan(500).contains("decimal has");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e2147483647", "-1e2147483647", "1e-2147483648", "1e99999999999", "1e-999999999"})
    void extremeExponentsAreRefusedForIntDecimalAndDatetimeColumns(String number) {
        List<Column> columns = List.of(Column.of("i", ColumnType.INT), Column.of("d", ColumnType.DECIMAL),
                Column.of("t", ColumnType.DATETIME));
        for (Column column : columns) {
            String input = "{\"" + column.name() + "\":" + number + "}";
            InvalidRowException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> catchInvalidRow(RowSources.open(bytes(input), RowFormat.JSON_LINES, columns)));
            assertThat(e.column()).isEqualTo(column.name());
            assertThat(e.getMessage()).hasSizeLessThan(500);
        }
    }

    @Test
    void theWriterRefusesHugeDecimalExponentsWithAShortMessage() {
        Path target = dir.resolve("amounts.jzm");
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            try (JazminWriter w = JazminWriter.create(target, AMOUNTS, WriteOptions.defaults())) {
                w.writeValues(1L, new BigDecimal("12.50"));
                for (String huge : List.of("1e-999999999", "1E-100000000", "1e999999999")) {
                    assertThatThrownBy(() -> w.writeValues(2L, new BigDecimal(huge)))
                            .isInstanceOfSatisfying(InvalidRowException.class, e -> {
                                assertThat(e.column()).isEqualTo("amount");
                                assertThat(e.getMessage()).hasSizeLessThan(500);
                            });
                }
                w.abort();
            }
        });
    }

    @Test
    void decimalLimitsStillAcceptTheirLargestValues() {
        String largest = "0." + "9".repeat(255);
        String widest = "9".repeat(256);
        String input = "{\"amount\":" + largest + "}\n{\"amount\":\"" + widest + "\"}\n{\"amount\":25e254}\n";
        List<Map<String, Object>> rows = readAll(RowSources.open(bytes(input), RowFormat.JSON_LINES, AMOUNTS));
        assertThat(rows).extracting(r -> ((BigDecimal) r.get("amount")).toPlainString())
                .containsExactly(largest, widest, "25" + "0".repeat(254));
    }

    @Test
    void overlongUtf8IsRefusedInJsonLinesAndJsonArrays() {
        byte[] jsonl = concat("{\"id\":1,\"name\":\"ok\"}\n{\"id\":2,\"name\":\"a", OVERLONG_SLASH, "b\"}\n");
        assertBadUtf8(() -> readAll(RowSources.open(new ByteArrayInputStream(jsonl), RowFormat.JSON_LINES, NAMES)),
                "JSON: ", 2, 38);
        byte[] json = concat("[{\"id\":1,\"name\":\"", OVERLONG_SLASH, "\"}]");
        assertBadUtf8(() -> readAll(RowSources.open(new ByteArrayInputStream(json), RowFormat.JSON, NAMES)),
                "JSON: ", 1, 17);
        assertBadUtf8(() -> SchemaInference.inferJson(new ByteArrayInputStream(jsonl), RowFormat.JSON_LINES),
                "JSON: ", 2, 38);
    }

    @Test
    void overlongUtf8IsRefusedInCsvWithItsLine() throws Exception {
        byte[] csv = concat("id,name\r\n1,ok\r\n2,a", OVERLONG_SLASH, "\r\n");
        assertBadUtf8(() -> readAll(RowSources.open(new ByteArrayInputStream(csv), RowFormat.CSV, NAMES)),
                "CSV: ", 3, 18);
        Path file = dir.resolve("bad.csv");
        Files.write(file, csv);
        assertBadUtf8(() -> SchemaInference.infer(file, RowFormat.CSV), "CSV: ", 3, 18);
        // A caller's own strict reader: the line is still named, and no "Input length = 1".
        InputStreamReader reader = new InputStreamReader(new ByteArrayInputStream(csv), StandardCharsets.UTF_8.newDecoder());
        assertThatThrownBy(() -> SchemaInference.inferCsv(reader)).isInstanceOf(InputSyntaxException.class)
                .hasMessageStartingWith("CSV: invalid UTF-8").hasMessageNotContaining("Input length");
    }

    @Test
    void schemaFilesMustBeStrictUtf8() {
        byte[] schema = concat("[{\"name\":\"a", OVERLONG_SLASH, "\",\"type\":\"int\"}]");
        assertThatThrownBy(() -> SchemaFile.read(new ByteArrayInputStream(schema)))
                .isInstanceOf(JazminValidationException.class)
                .hasMessage("schema: invalid UTF-8 at byte offset 11 (line 1)");
    }

    @Test
    void truncatedAndSurrogateSequencesAreRefusedToo() {
        byte[] truncated = concat("{\"id\":1,\"name\":\"x", new byte[] {(byte) 0xE2, (byte) 0x82}, "");
        assertBadUtf8(() -> readAll(RowSources.open(new ByteArrayInputStream(truncated), RowFormat.JSON_LINES, NAMES)),
                "JSON: ", 1, 17);
        byte[] surrogate = concat("{\"id\":1,\"name\":\"", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\"}");
        assertBadUtf8(() -> readAll(RowSources.open(new ByteArrayInputStream(surrogate), RowFormat.JSON_LINES, NAMES)),
                "JSON: ", 1, 16);
    }

    /** Multi-byte characters split across reads (here one byte per read) are checked whole. */
    @Test
    void wellFormedTextSplitAcrossReadsIsAccepted() {
        String text = "é€😀/" + "x".repeat(10_000) + "ü";
        byte[] jsonl = ("{\"id\":1,\"name\":\"" + text + "\"}\n").getBytes(StandardCharsets.UTF_8);
        List<Map<String, Object>> rows = readAll(RowSources.open(oneByteAtATime(jsonl), RowFormat.JSON_LINES, NAMES));
        assertThat(rows).extracting(r -> r.get("name")).containsExactly(text);
        byte[] csv = ("id,name\n1," + text + "\n").getBytes(StandardCharsets.UTF_8);
        assertThat(readAll(RowSources.open(oneByteAtATime(csv), RowFormat.CSV, NAMES)))
                .extracting(r -> r.get("name")).containsExactly(text);
    }

    @Test
    void floatsBeyondTheDoubleRangeAreRefusedUnlessInfinityIsAllowed() {
        String input = "{\"id\":1,\"score\":1.5}\n{\"id\":2,\"score\":1e400}\n";
        InvalidRowException e = catchInvalidRow(skipFirst(RowSources.open(bytes(input), RowFormat.JSON_LINES, SCORES)));
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("score");
        assertThat(e.location()).isEqualTo("line 2, byte offset 37");
        assertThat(e.getMessage()).contains("'1e400' is beyond the float range");

        InvalidRowException nested = catchInvalidRow(RowSources.open(bytes("{\"scores\":[1,-1e400]}"),
                RowFormat.JSON_LINES, SCORES));
        assertThat(nested.column()).isEqualTo("scores");

        List<Map<String, Object>> allowed = readAll(RowSources.open(bytes(input + "{\"scores\":[-1e400]}\n"),
                RowFormat.JSON_LINES, SCORES, FloatOverflow.INFINITY));
        assertThat(allowed.get(1)).containsEntry("score", Double.POSITIVE_INFINITY);
        assertThat(allowed.get(2)).containsEntry("scores", List.of(Double.NEGATIVE_INFINITY));
    }

    @Test
    void theInfinityTextsStayAcceptedAndCsvNumbersAreCheckedAlike() {
        String json = "{\"score\":\"Infinity\"}\n{\"score\":\"-Infinity\"}\n";
        assertThat(readAll(RowSources.open(bytes(json), RowFormat.JSON_LINES, SCORES)))
                .extracting(r -> r.get("score")).containsExactly(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

        String csv = "id,score\n1,Infinity\n2,\"-1e400\"\n";
        InvalidRowException e = catchInvalidRow(skipFirst(RowSources.open(bytes(csv), RowFormat.CSV, SCORES)));
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("score");
        assertThat(e.location()).isEqualTo("line 3");
        assertThat(readAll(RowSources.open(bytes(csv), RowFormat.CSV, SCORES, FloatOverflow.INFINITY)))
                .extracting(r -> r.get("score")).containsExactly(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        assertThatThrownBy(() -> FloatText.parse("1e400")).isInstanceOf(JazminValidationException.class);
        assertThat(FloatText.parse("1e400", FloatOverflow.INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    /** A CSV record spanning lines is named by the line it starts on, a huge cell is quoted only in part. */
    @Test
    void csvValueErrorsNameTheRecordLineAndAbbreviate() {
        String csv = "id,name\n\"1\",\"two\nlines\"\n" + "9".repeat(100_000) + ",x\n";
        InvalidRowException e = catchInvalidRow(skipFirst(RowSources.open(bytes(csv), RowFormat.CSV, NAMES)));
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("id");
        assertThat(e.location()).isEqualTo("line 4");
        assertThat(e.getMessage()).hasSizeLessThan(500);
    }

    private static void assertBadUtf8(org.assertj.core.api.ThrowableAssert.ThrowingCallable read, String prefix,
            long line, long byteOffset) {
        assertThatThrownBy(read).isInstanceOfSatisfying(InputSyntaxException.class, e -> {
            assertThat(e.line()).isEqualTo(line);
            assertThat(e.byteOffset()).isEqualTo(byteOffset);
            assertThat(e.getMessage()).isEqualTo(prefix + "invalid UTF-8 at byte offset " + byteOffset
                    + " (line " + line + ")");
        });
    }

    private static InvalidRowException catchInvalidRow(RowSource rows) {
        try (rows) {
            while (rows.hasNext()) {
                rows.next();
            }
        } catch (InvalidRowException e) {
            return e;
        }
        throw new AssertionError("every row was accepted");
    }

    private static RowSource skipFirst(RowSource rows) {
        rows.next();
        return rows;
    }

    private static List<Map<String, Object>> readAll(RowSource source) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (source) {
            while (source.hasNext()) {
                rows.add(source.next());
            }
        }
        return rows;
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] concat(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static InputStream oneByteAtATime(byte[] b) {
        return new ByteArrayInputStream(b) {
            @Override
            public synchronized int read(byte[] into, int off, int len) {
                return super.read(into, off, Math.min(len, 1));
            }
        };
    }
}
