package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each bound of {@link TextLimits}, set small, in each text format: input just within it reads as before,
 * input past it is an {@link InputLimitException} naming the bound, the row, the column where one is at fault
 * and the line. The same bounds at their defaults, against inputs far larger than a 256 MiB heap, are in
 * {@link TextLimitsSmallHeapTest}.
 */
class TextLimitsTest {
    private static final List<Column> ID_NOTE = List.of(Column.of("id", ColumnType.INT),
            Column.of("note", ColumnType.STRING));
    private static final TextLimits TEN = TextLimits.defaults().withMaxValueLength(10);

    @TempDir
    Path dir;

    @Test
    void csvFieldsUpToTheValueLimitReadAndLongerOnesAreRefusedNamingRowColumnAndLine() {
        assertThat(readCsv("id,note\n1,0123456789\n", TEN)).extracting(r -> r.get("note")).containsExactly("0123456789");

        InputLimitException e = limitError(() -> readCsv("id,note\n1,ok\n2,01234567890\n", TEN), "maxValueLength");
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("note");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.limit()).isEqualTo(10);
        assertThat(e).hasMessageContaining("field 2 (column 'note') of row 1 (starting on line 3) is longer than 10 "
                + "characters").hasMessageContaining("TextLimits.withMaxValueLength");
    }

    @Test
    void anUnclosedCsvQuoteIsAValueTooLongWithAHint() {
        InputLimitException e = limitError(() -> readCsv("id,note\n1,\"never closed\n2,x\n3,y\n", TEN),
                "maxValueLength");
        assertThat(e).hasMessageContaining("is its closing quote missing?");
        assertThat(e.row()).isZero();
    }

    @Test
    void aCsvHeaderFieldIsBoundedToo() {
        InputLimitException e = limitError(() -> readCsv("id,a_very_long_name\n", TEN), "maxValueLength");
        assertThat(e).hasMessageContaining("of the header");
        assertThat(e.row()).isEqualTo(-1);
    }

    @Test
    void csvRecordsAreBoundedByLengthAndFieldCount() {
        TextLimits limits = TextLimits.defaults().withMaxRowLength(12);
        assertThat(readCsv("id,note\n1,0123456789\n", limits)).hasSize(1);
        InputLimitException e = limitError(() -> readCsv("id,note\n1,01234567890\n", limits), "maxRowLength");
        assertThat(e).hasMessageContaining("row 0 (starting on line 2) is longer than 12 characters");

        TextLimits two = TextLimits.defaults().withMaxColumns(2);
        assertThat(readCsv("id,note\n1,x\n", two)).hasSize(1);
        assertThat(limitError(() -> readCsv("id,note\n1,x,y,z\n", two), "maxColumns"))
                .hasMessageContaining("row 0 (starting on line 2) has more than 2 fields");
        assertThat(limitError(() -> SchemaInference.inferCsv(new StringReader("a,b,c\n"), two), "maxColumns").row())
                .isEqualTo(-1);
    }

    @Test
    void jsonStringsAreBoundedByJacksonsOwnConstraintMappedToOurError() {
        TextLimits limits = TextLimits.defaults().withMaxValueLength(1000);
        String within = "x".repeat(1000);
        assertThat(readJson("{\"id\":1,\"note\":\"" + within + "\"}\n", limits)).extracting(r -> r.get("note"))
                .containsExactly(within);

        InputLimitException e = limitError(() -> readJson("{\"id\":1}\n{\"id\":2,\"note\":\"" + "x".repeat(5000)
                + "\"}\n", limits), "maxValueLength");
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.line()).isEqualTo(2);
        assertThat(e).hasMessageContaining("JSON: row 1 (line 2").hasMessageContaining("longer than 1000 characters");
        // Inference reads the same strings within the same bound.
        limitError(() -> SchemaInference.inferJson(utf8("{\"note\":\"" + "x".repeat(5000) + "\"}"),
                RowFormat.JSON_LINES, limits), "maxValueLength");
    }

    @Test
    void jsonRowsAreBoundedInBytesIncludingJsonValuesJacksonCopiesWhole() {
        List<Column> columns = List.of(Column.of("id", ColumnType.INT), Column.of("doc", ColumnType.JSON));
        TextLimits limits = TextLimits.defaults().withMaxRowLength(100_000);
        String small = "{\"id\":1,\"doc\":[" + "1,".repeat(100) + "1]}\n";
        assertThat(read(small, RowFormat.JSON_LINES, columns, limits)).hasSize(1);

        // Far more than Jackson's read-ahead past the bound: the span counts the bytes under the parser.
        String huge = small + "{\"id\":2,\"doc\":[" + "1,".repeat(200_000) + "1]}\n";
        InputLimitException e = limitError(() -> read(huge, RowFormat.JSON_LINES, columns, limits), "maxRowLength");
        assertThat(e.row()).isEqualTo(1);
        assertThat(e).hasMessageContaining("JSON: row 1 (line 2, byte offset " + small.length() + ")");
    }

    @Test
    void jsonNestingIsBounded() {
        List<Column> columns = List.of(Column.of("doc", ColumnType.JSON));
        TextLimits limits = TextLimits.defaults().withMaxNestingDepth(20);
        String ok = "{\"doc\":" + "[".repeat(10) + "]".repeat(10) + "}";
        assertThat(read(ok, RowFormat.JSON_LINES, columns, limits)).hasSize(1);
        String deep = "{\"doc\":" + "[".repeat(50) + "]".repeat(50) + "}";
        assertThat(limitError(() -> read(deep, RowFormat.JSON_LINES, columns, limits), "maxNestingDepth"))
                .hasMessageContaining("nested more than 20 deep");
    }

    @Test
    void nestedListItemsAreCountedPerRowInJsonAndInCsvCells() {
        Column tags = new Column("tags", ColumnType.LIST, true, "", "", Column.of("item", ColumnType.STRING), List.of());
        List<Column> columns = List.of(Column.of("id", ColumnType.INT), tags);
        TextLimits limits = TextLimits.defaults().withMaxRowValues(3);
        assertThat(read("{\"id\":1,\"tags\":[\"a\",\"b\",\"c\"]}", RowFormat.JSON_LINES, columns, limits)).hasSize(1);
        InputLimitException json = limitError(() -> read("{\"id\":1,\"tags\":[\"a\",\"b\",\"c\"]}\n"
                + "{\"id\":2,\"tags\":[\"a\",\"b\",\"c\",\"d\"]}", RowFormat.JSON_LINES, columns, limits), "maxRowValues");
        assertThat(json.row()).isEqualTo(1);
        assertThat(json.column()).isEqualTo("tags");

        InputLimitException csv = limitError(() -> read("id,tags\n1,\"[\"\"a\"\",\"\"b\"\",\"\"c\"\",\"\"d\"\"]\"\n",
                RowFormat.CSV, columns, limits), "maxRowValues");
        assertThat(csv).hasMessageContaining("row 0 (line 2), column 'tags'");
    }

    @Test
    void inferredColumnsAreBounded() {
        TextLimits limits = TextLimits.defaults().withMaxColumns(3);
        assertThat(SchemaInference.inferJson(utf8("{\"a\":1}\n{\"b\":1}\n{\"c\":1}\n"), RowFormat.JSON_LINES, limits))
                .hasSize(3);
        InputLimitException e = limitError(() -> SchemaInference.inferJson(utf8("{\"a\":1}\n{\"b\":1}\n{\"c\":1,\"d\":2}\n"),
                RowFormat.JSON_LINES, limits), "maxColumns");
        assertThat(e.row()).isEqualTo(2);
        assertThat(e.column()).isEqualTo("d");
        limitError(() -> SchemaInference.inferXml(utf8("<r><row><a>1</a><b>2</b><c>3</c><d>4</d></row></r>"), limits),
                "maxColumns");
    }

    @Test
    void xmlTextArrivingInPiecesIsBoundedAsOneValue() {
        // Longer than the parser's 16 KiB pieces: the bound is on the value, not on one piece.
        TextLimits limits = TextLimits.defaults().withMaxValueLength(50_000);
        String within = "y".repeat(50_000);
        assertThat(readXml("<r><row><id>1</id><note>" + within + "</note></row></r>", limits))
                .extracting(r -> r.get("note")).containsExactly(within);
        InputLimitException e = limitError(() -> readXml("<r><row><id>1</id></row>\n<row><id>2</id><note>"
                + "y".repeat(50_001) + "</note></row></r>", limits), "maxValueLength");
        assertThat(e.row()).isEqualTo(1);
        assertThat(e.column()).isEqualTo("note");
        assertThat(e).hasMessageContaining("XML: the value of field 'note' in row 1 (line 2, column");
    }

    @Test
    void xmlTokensTheParserHoldsWholeAreBoundedInBytes() {
        TextLimits limits = TextLimits.defaults().withMaxValueLength(100_000);
        String big = "z".repeat(300_000);
        for (String doc : List.of("<r><row><note><![CDATA[" + big + "]]></note></row></r>",
                "<r><!--" + big + "--><row/></r>", "<r><row><field name=\"" + big + "\">1</field></row></r>",
                "<r><?pi " + big + "?><row/></r>")) {
            assertThat(limitError(() -> readXml(doc, limits), "maxValueLength"))
                    .hasMessageContaining("(a CDATA section, comment, processing instruction or tag) is longer than "
                            + "100000 bytes");
        }
        // A CDATA section within the bound is still read, whole.
        assertThat(readXml("<r><row><note><![CDATA[" + "z".repeat(50_000) + "]]></note></row></r>", limits))
                .extracting(r -> r.get("note")).containsExactly("z".repeat(50_000));
    }

    @Test
    void xmlRowsAreBoundedInBytesAndFields() {
        TextLimits limits = TextLimits.defaults().withMaxRowLength(200_000);
        String row = "<row><id>1</id><note>" + "n".repeat(10_000) + "</note></row>";
        assertThat(readXml("<r>" + row.repeat(30) + "</r>", limits)).hasSize(30);
        String wide = "<row>" + "<note>x</note>".repeat(1).replace("note", "id") + "<note>" + "n".repeat(300_000)
                + "</note></row>";
        assertThat(limitError(() -> readXml("<r>" + row + wide + "</r>", limits), "maxRowLength").row()).isEqualTo(1);
        assertThat(limitError(() -> readXml("<r><row><id>1</id><note>a</note></row></r>",
                TextLimits.defaults().withMaxColumns(1)), "maxColumns").row()).isZero();
    }

    @Test
    void gzipInputIsBoundedByRatioAndSize() throws IOException {
        // 24 MiB of one repeated row compresses about a thousand to one.
        Path gz = dir.resolve("rows.csv.gz");
        new GeneratedInput("id,note\n", "1,abc\n", 24L << 20, "").gzipTo(gz);
        assertThat(Files.size(gz)).isLessThan(100_000);

        InputLimitException ratio = limitError(() -> count(gz, TextLimits.defaults()), "maxGzipRatio");
        assertThat(ratio).hasMessageContaining("rows.csv.gz expands to more than 100 times its size");
        assertThat(count(gz, TextLimits.defaults().withMaxGzipRatio(2000))).isEqualTo((24L << 20) / 6);

        InputLimitException size = limitError(() -> count(gz, TextLimits.defaults().withMaxGzipRatio(2000)
                .withMaxGzipBytes(1 << 20)), "maxGzipBytes");
        assertThat(size).hasMessageContaining("expands to more than 1048576 bytes");
        // Inference reads the gzip within the same bounds.
        limitError(() -> SchemaInference.infer(gz, RowFormat.CSV, TextLimits.defaults()), "maxGzipRatio");
    }

    @Test
    void boundsBelowOneAreRefused() {
        assertThatThrownBy(() -> TextLimits.defaults().withMaxValueLength(0))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("maxValueLength must be 1");
        assertThatThrownBy(() -> TextLimits.defaults().withMaxGzipBytes(-1))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("maxGzipBytes");
    }

    private long count(Path file, TextLimits limits) throws IOException {
        long rows = 0;
        try (RowSource source = RowSources.open(file, RowFormat.CSV, ID_NOTE, FloatOverflow.REFUSE, limits)) {
            for (; source.hasNext(); source.next()) {
                rows++;
            }
        }
        return rows;
    }

    private static InputLimitException limitError(ThrowingCallable call, String limitName) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call);
        assertThat(thrown).isInstanceOf(InputLimitException.class);
        InputLimitException e = (InputLimitException) thrown;
        assertThat(e.limitName()).isEqualTo(limitName);
        return e;
    }

    private static List<Map<String, Object>> readCsv(String text, TextLimits limits) {
        return read(text, RowFormat.CSV, ID_NOTE, limits);
    }

    private static List<Map<String, Object>> readJson(String text, TextLimits limits) {
        return read(text, RowFormat.JSON_LINES, ID_NOTE, limits);
    }

    private static List<Map<String, Object>> readXml(String text, TextLimits limits) {
        return read(text, RowFormat.XML, ID_NOTE, limits);
    }

    private static List<Map<String, Object>> read(String text, RowFormat format, List<Column> columns,
                                                  TextLimits limits) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (RowSource source = RowSources.open(utf8(text), format, columns, FloatOverflow.REFUSE, limits)) {
            source.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static InputStream utf8(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
