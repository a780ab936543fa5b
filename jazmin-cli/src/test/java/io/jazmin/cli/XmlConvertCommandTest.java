package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code jazmin convert} to and from {@code .xml}, and {@code jazmin append --from .xml}. */
class XmlConvertCommandTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types");

    @Test
    void xmlCarriesEveryTypeFromJzmAndBack(@TempDir Path tmp) throws Exception {
        String schema = mixed.resolve("schema.json").toString();
        Path jzm = tmp.resolve("mixed.jzm");
        Path xml = tmp.resolve("mixed.xml");
        Path back = tmp.resolve("back.jzm");

        assertThat(CliRun.of("convert", mixed.resolve("input.jsonl").toString(), jzm.toString(), "--schema", schema)
                .code()).isZero();
        CliRun toXml = CliRun.of("convert", jzm.toString(), xml.toString());
        assertThat(toXml.code()).as(toXml.err()).isZero();
        assertThat(Files.readString(xml)).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<jazmin>\n  <row><id>1</id>");
        CliRun fromXml = CliRun.of("convert", xml.toString(), back.toString(), "--schema", schema);
        assertThat(fromXml.code()).as(fromXml.err()).isZero();

        CliRun rows = CliRun.of("rows", back.toString(), "--canonical");
        assertThat(rows.code()).as(rows.err()).isZero();
        JsonLines.assertSameRows(rows.out(), Files.readString(mixed.resolve("expected.default.jsonl")));
    }

    @Test
    void xmlWithoutASchemaGetsItsColumnsInferred(@TempDir Path tmp) throws Exception {
        Path xml = tmp.resolve("people.xml");
        Files.writeString(xml, """
                <jazmin>
                  <row><id>1</id><name>Ann</name><joined>2024-01-02T03:04:05Z</joined></row>
                  <row><id>2</id><field name="unit price">2.5</field></row>
                </jazmin>
                """);
        Path jzm = tmp.resolve("people.jzm");
        CliRun run = CliRun.of("convert", xml.toString(), jzm.toString());
        assertThat(run.code()).as(run.err()).isZero();

        JsonNode table = JsonLines.tree(CliRun.of("inspect", jzm.toString()).out()).get("tables").get(0);
        assertThat(table.get("columns").findValuesAsString("name")).containsExactly("id", "name", "joined", "unit price");
        assertThat(table.get("columns").findValuesAsString("type")).containsExactly("int", "string", "datetime", "float");
        assertThat(CliRun.of("rows", jzm.toString(), "--select", "id,unit price", "--offset", "1").out())
                .isEqualTo("{\"id\":2,\"unit price\":2.5}\n");
    }

    @Test
    void appendTakesXmlRows(@TempDir Path tmp) throws Exception {
        Path jzm = tmp.resolve("data.jzm");
        Files.copy(SharedFiles.conformanceCase("appended-insert").resolve("data.jzm"), jzm);
        Path xml = tmp.resolve("more.xml");
        Files.writeString(xml, "<jazmin>\n  <row><id>1003</id><name>Fourth &amp; last</name><country>LS</country></row>\n"
                + "</jazmin>\n");

        CliRun run = CliRun.of("append", jzm.toString(), "--from", xml.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(JsonLines.tree(run.out()).get("rowsAppended").asLong()).isEqualTo(1);
        CliRun found = CliRun.of("find", jzm.toString(), "--where", "{\"id\":1003}", "--select", "name,country");
        assertThat(found.out()).isEqualTo("{\"name\":\"Fourth & last\",\"country\":\"LS\"}\n");
    }

    @Test
    void malformedXmlExitsWith3NamingTheLineAndLeavesNoTarget(@TempDir Path tmp) throws Exception {
        Path xml = tmp.resolve("bad.xml");
        Files.writeString(xml, "<jazmin>\n  <row><id>1</id></row>\n  <row><id>2</row>\n</jazmin>\n");
        Path out = tmp.resolve("out.jsonl");

        CliRun run = CliRun.of("convert", xml.toString(), out.toString());
        assertThat(run.code()).isEqualTo(3);
        assertThat(run.err()).startsWith("jazmin: XML: ").contains("line 3, column ").hasLineCount(1);
        assertThat(out).doesNotExist();
        assertThat(tmp.toFile().list()).containsExactly("bad.xml");
    }

    @Test
    void aDoctypeIsRefused(@TempDir Path tmp) throws Exception {
        Path secret = tmp.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET");
        Path xml = tmp.resolve("xxe.xml");
        Files.writeString(xml, "<!DOCTYPE jazmin [<!ENTITY e SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<jazmin><row><text>&e;</text></row></jazmin>\n");

        CliRun run = CliRun.of("convert", xml.toString(), tmp.resolve("out.jsonl").toString());
        assertThat(run.code()).isEqualTo(3);
        assertThat(run.err()).contains("DOCTYPE is not allowed").doesNotContain("TOP-SECRET");
        assertThat(tmp.resolve("out.jsonl")).doesNotExist();
    }
}
