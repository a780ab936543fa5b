package io.jazmin.convert;

import static io.jazmin.convert.RowSourcesTest.readAll;
import static io.jazmin.convert.RowSourcesTest.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.testing.SharedFiles;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.error.InputSyntaxException;

/** XML rows: the reference's shape, round trips, inference, and refusal of malformed and hostile input. */
class XmlRowsTest {
    private static final List<Column> TEXTS = List.of(Column.of("id", ColumnType.INT), Column.of("text", ColumnType.STRING));

    @Test
    void everyColumnTypeRoundTripsThroughXml() throws Exception {
        for (String name : List.of("mixed-types", "nested-columns")) {
            Path dir = SharedFiles.conformanceCase(name);
            List<Column> columns = SchemaFile.read(dir.resolve("schema.json")).columns();
            StringWriter xml = new StringWriter();
            try (RowSource source = RowSources.open(dir.resolve("input.jsonl"), columns);
                 RowSink sink = RowSinks.open(xml, RowFormat.XML, columns, JsonStyle.HUMAN)) {
                source.forEachRemaining(sink::writeRow);
            }
            StringWriter jsonl = new StringWriter();
            try (RowSource source = RowSources.open(stream(xml.toString()), RowFormat.XML, columns);
                 RowSink sink = RowSinks.open(jsonl, RowFormat.JSON_LINES, columns, JsonStyle.CANONICAL)) {
                source.forEachRemaining(sink::writeRow);
            }
            assertThat(jsonl.toString()).as(name).isEqualTo(Files.readString(dir.resolve("expected.default.jsonl")));
        }
    }

    @Test
    void writesTheReferenceShape() {
        List<Column> columns = List.of(Column.of("id", ColumnType.INT), Column.of("unit price", ColumnType.DECIMAL),
                Column.of("note", ColumnType.STRING), Column.of("xmlish", ColumnType.BOOL));
        StringWriter out = new StringWriter();
        try (RowSink sink = RowSinks.open(out, RowFormat.XML, columns, JsonStyle.HUMAN)) {
            sink.write(Arrays.asList(1L, new java.math.BigDecimal("9.50"), "a<b & \"c\"\r\n", true));
            sink.write(Arrays.asList(2L, null, "", null));
        }
        assertThat(out.toString()).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <jazmin>
                  <row><id>1</id><field name="unit price">9.50</field><note>a&lt;b &amp; "c"&#13;
                </note><field name="xmlish">true</field></row>
                  <row><id>2</id><note></note></row>
                </jazmin>
                """);
    }

    @Test
    void textSurvivesEscapingUnicodeAndLineBreaks() {
        List<String> texts = List.of("<&>\"'", "]]>", "Zoë 👋 中文", "  padded\t", "a\r\nb\rc\n", "", "&amp;");
        StringWriter out = new StringWriter();
        try (RowSink sink = RowSinks.open(out, RowFormat.XML, TEXTS, JsonStyle.HUMAN)) {
            for (int i = 0; i < texts.size(); i++) {
                sink.write(List.of((long) i, texts.get(i)));
            }
            sink.write(Arrays.asList(99L, null));
        }
        List<Map<String, Object>> rows = readAll(RowSources.open(stream(out.toString()), RowFormat.XML, TEXTS));
        List<Object> expected = new ArrayList<>(texts);
        expected.add(null);
        assertThat(rows).extracting(r -> r.get("text")).containsExactlyElementsOf(expected);
    }

    @Test
    void readsTheReferenceShapeLeniently() {
        String xml = """
                <?xml version="1.0"?>
                <!-- any root and row names; comments, attributes and CDATA are fine -->
                <export version="2">
                  <item id="x"><id>1</id><text><![CDATA[<kept> & raw]]></text></item>
                  <row><field name="text">by name</field><id>2</id><?pi ignored?></row>
                  <row/>
                </export>
                """;
        List<Map<String, Object>> rows = readAll(RowSources.open(stream(xml), RowFormat.XML, TEXTS));
        assertThat(rows).containsExactly(Map.of("id", 1L, "text", "<kept> & raw"), Map.of("id", 2L, "text", "by name"),
                nulls("id", "text"));
    }

    @Test
    void infersColumnsInAFirstPass(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rows.xml");
        Files.writeString(file, """
                <jazmin>
                  <row><n>1</n><ok>true</ok><at>2024-01-01T00:00:00Z</at><zip>01234</zip><empty></empty></row>
                  <row><n>2.5</n><big>123456789012345678901234</big><field name="a b">x</field></row>
                </jazmin>
                """);
        try (RowSource source = RowSources.open(file, null)) {
            assertThat(source.columns()).containsExactly(Column.of("n", ColumnType.FLOAT), Column.of("ok", ColumnType.BOOL),
                    Column.of("at", ColumnType.DATETIME), Column.of("zip", ColumnType.STRING),
                    Column.of("empty", ColumnType.STRING), Column.of("big", ColumnType.DECIMAL),
                    Column.of("a b", ColumnType.STRING));
            List<Map<String, Object>> rows = readAll(source);
            assertThat(rows).extracting(r -> r.get("n")).containsExactly(1.0, 2.5);
            assertThat(rows.get(0)).containsEntry("zip", "01234").containsEntry("empty", "");
        }
    }

    @Test
    void emptyElementsAreNullOutsideStringAndBinaryColumns() {
        List<Column> columns = List.of(Column.of("n", ColumnType.INT), Column.of("b", ColumnType.BINARY));
        List<Map<String, Object>> rows = readAll(RowSources.open(stream("<r><row><n/><b/></row></r>"), RowFormat.XML, columns));
        assertThat(rows.get(0).get("n")).isNull();
        assertThat((byte[]) rows.get(0).get("b")).isEmpty();
    }

    @Test
    void malformedXmlNamesLineAndColumn() {
        String xml = "<jazmin>\n  <row><id>1</id></row>\n  <row><id>2</ide></row>\n</jazmin>\n";
        assertThatThrownBy(() -> readAll(RowSources.open(stream(xml), RowFormat.XML, TEXTS)))
                .isInstanceOfSatisfying(XmlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(3);
                    assertThat(e.column()).isPositive();
                    assertThat(e.getMessage()).startsWith("XML: ").contains("line 3, column " + e.column());
                });
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<jazmin><row><id>1</id></row>"), RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class);
        assertThatThrownBy(() -> readAll(RowSources.open(stream(""), RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class);
        assertThatThrownBy(() -> SchemaInference.inferXml(stream("<a>\n<b></a>")))
                .isInstanceOfSatisfying(XmlSyntaxException.class, e -> assertThat(e.line()).isEqualTo(2));
    }

    @Test
    void invalidUtf8IsASyntaxErrorNamingItsByte() {
        byte[] head = "<a>\n<row><text>".getBytes(StandardCharsets.UTF_8);
        byte[] overlong = Arrays.copyOf(head, head.length + 2);
        overlong[head.length] = (byte) 0xC0;
        overlong[head.length + 1] = (byte) 0xAF;
        assertThatThrownBy(() -> readAll(RowSources.open(new ByteArrayInputStream(overlong), RowFormat.XML, TEXTS)))
                .isInstanceOfSatisfying(InputSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.byteOffset()).isEqualTo(head.length);
                });
    }

    @Test
    void otherShapesAreRefusedWithTheirPlace() {
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<a>\n<row><text><b>1</b></text></row></a>"),
                RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class).hasMessageContaining("field 'text' holds an element")
                .hasMessageContaining("line 2");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<a><row>loose<id>1</id></row></a>"), RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class).hasMessageContaining("text directly inside a row");
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<a>stray<row/></a>"), RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class).hasMessageContaining("text between rows");
    }

    @Test
    void badRowsNameRowColumnAndLine() {
        String xml = "<a>\n<row><id>1</id></row>\n<row><id>two</id></row>\n</a>";
        assertThatThrownBy(() -> readAll(RowSources.open(stream(xml), RowFormat.XML, TEXTS)))
                .isInstanceOfSatisfying(InvalidRowException.class, e -> {
                    assertThat(e.row()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo("id");
                    assertThat(e.location()).startsWith("line 3, column ");
                    assertThat(e.getMessage()).contains("two");
                });
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<a><row><other>1</other></row></a>"), RowFormat.XML, TEXTS)))
                .isInstanceOfSatisfying(InvalidRowException.class, e -> assertThat(e.column()).isEqualTo("other"));
        assertThatThrownBy(() -> SchemaInference.inferXml(stream("<a><row><id>1</id><field name=\"id\">2</field></row></a>")))
                .isInstanceOfSatisfying(InvalidRowException.class, e -> {
                    assertThat(e.column()).isEqualTo("id");
                    assertThat(e.getMessage()).contains("given twice");
                });
    }

    @Test
    void externalEntitiesAndDtdsAreRefused(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET");
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE jazmin [<!ENTITY e SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<jazmin><row><text>&e;</text></row></jazmin>";
        String externalDtd = "<!DOCTYPE jazmin SYSTEM \"" + dir.resolve("missing.dtd").toUri() + "\"><jazmin/>";
        StringBuilder laughs = new StringBuilder("<!DOCTYPE a [<!ENTITY l0 \"lol\">");
        for (int level = 1; level <= 10; level++) {
            laughs.append("<!ENTITY l").append(level).append(" \"").append(("&l" + (level - 1) + ";").repeat(10))
                    .append("\">");
        }
        laughs.append("]><a><row><text>&l10;</text></row></a>");
        for (String hostile : List.of(xxe, externalDtd, laughs.toString())) {
            assertThatThrownBy(() -> readAll(RowSources.open(stream(hostile), RowFormat.XML, TEXTS)))
                    .isInstanceOf(XmlSyntaxException.class).hasMessageContaining("DOCTYPE is not allowed")
                    .hasMessageNotContaining("TOP-SECRET");
            assertThatThrownBy(() -> SchemaInference.inferXml(stream(hostile))).isInstanceOf(XmlSyntaxException.class);
        }
        // Without a DOCTYPE an entity is undeclared: still a syntax error, never the file's contents.
        assertThatThrownBy(() -> readAll(RowSources.open(stream("<a><row><text>&e;</text></row></a>"), RowFormat.XML, TEXTS)))
                .isInstanceOf(XmlSyntaxException.class);
    }

    @Test
    void characterReferencesAreNotCappedByTheJdksEntityLimit() {
        // A low limit stands in for the JDK's default of 50,000,000, which a large file can reach.
        String property = "jdk.xml.totalEntitySizeLimit";
        String before = System.getProperty(property);
        System.setProperty(property, "100");
        try {
            String text = "&amp;&#13;".repeat(1000);
            List<Map<String, Object>> rows = readAll(RowSources.open(
                    stream("<a><row><text>" + text + "</text></row></a>"), RowFormat.XML, TEXTS));
            assertThat(rows.get(0).get("text")).isEqualTo("&\r".repeat(1000));
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    @Test
    void charactersXmlCannotHoldAreRefusedOnExport() {
        for (String bad : List.of("bell\u0007", "lone \uD800 surrogate", "\uFFFE")) {
            StringWriter out = new StringWriter();
            try (RowSink sink = RowSinks.open(out, RowFormat.XML, TEXTS, JsonStyle.HUMAN)) {
                sink.write(List.of(0L, "fine \uD83D\uDC4B"));
                assertThatThrownBy(() -> sink.write(List.of(1L, bad))).isInstanceOfSatisfying(InvalidRowException.class,
                        e -> {
                            assertThat(e.row()).isEqualTo(1);
                            assertThat(e.column()).isEqualTo("text");
                            assertThat(e.getMessage()).contains("XML 1.0 cannot represent");
                        });
                assertThatThrownBy(() -> sink.write(List.of("3", "wrong type"))).isInstanceOfSatisfying(
                        InvalidRowException.class, e -> assertThat(e.column()).isEqualTo("id"));
                sink.write(List.of(4L, "after"));
            }
            // A refused row leaves nothing behind: the output is still well-formed, with the other rows.
            assertThat(readAll(RowSources.open(stream(out.toString()), RowFormat.XML, TEXTS)))
                    .extracting(r -> r.get("id")).containsExactly(0L, 4L);
        }
        assertThatThrownBy(() -> RowSinks.open(new StringWriter(), RowFormat.XML,
                List.of(Column.of("tab\there", ColumnType.INT)), JsonStyle.HUMAN))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("XML cannot keep this name");
    }

    @Test
    void inputIsStrictUtf8() {
        byte[] bom = "\uFEFF<a><row><text>Zoë</text></row></a>".getBytes(StandardCharsets.UTF_8);
        assertThat(readAll(RowSources.open(new ByteArrayInputStream(bom), RowFormat.XML, TEXTS)))
                .extracting(r -> r.get("text")).containsExactly("Zoë");
        byte[] utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>".getBytes(StandardCharsets.UTF_16);
        assertThatThrownBy(() -> readAll(RowSources.open(new ByteArrayInputStream(utf16), RowFormat.XML, TEXTS)))
                .isInstanceOfSatisfying(InputSyntaxException.class, e -> assertThat(e.byteOffset()).isZero())
                .hasMessageStartingWith("XML: invalid UTF-8 at byte offset 0");
    }

    private static Map<String, Object> nulls(String... names) {
        Map<String, Object> row = new java.util.LinkedHashMap<>();
        for (String name : names) {
            row.put(name, null);
        }
        return row;
    }
}
