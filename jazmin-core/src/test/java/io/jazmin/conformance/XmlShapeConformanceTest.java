package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.XmlShapeOutput;
import io.jazmin.export.ExportShape;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import tools.jackson.databind.JsonNode;

/**
 * The XML output of the interop cases' shape queries has the structure the reference's XML rules
 * give their expected JSON output (design export-shapes §4): root {@code <export>}, members as
 * elements, list items named by {@code $xmlItem}, null values left out. Leaves are compared as
 * paths with their texts (numbers by value).
 */
class XmlShapeConformanceTest {
    private static final List<String> CASES = List.of("sorted-indexed", "customers-200k", "tables-link");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

    @TestFactory
    Stream<DynamicTest> shapeQueriesAsXml() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : CASES) {
            ConformanceCase c = ConformanceCase.named(name);
            JsonNode entries = CanonicalJson.parse(Files.readString(c.dir().resolve("queries.json")));
            for (JsonNode entry : entries) {
                if (entry.has("shape")) {
                    View view = c.views().stream().filter(v -> v.name().equals(entry.path("as").asString()))
                            .findFirst().orElseThrow();
                    tests.add(DynamicTest.dynamicTest(name + ": " + entry.path("name").asString(),
                            () -> assertXmlMatches(c, view, entry)));
                }
            }
        }
        assertThat(tests).hasSizeGreaterThanOrEqualTo(4);
        return tests.stream();
    }

    private static void assertXmlMatches(ConformanceCase c, View view, JsonNode entry) throws Exception {
        StringWriter out = new StringWriter();
        try (JazminReader reader = JazminReader.open(c.dataFile(), view.readOptions())) {
            JazminTable table = ConformanceReadTest.table(reader, view);
            reader.export(ExportShape.parse(entry.get("shape").toString()), table.name(), null, new XmlShapeOutput(out));
        }
        String xml = out.toString();
        assertThat(xml).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<export>\n");
        List<String> want = new ArrayList<>();
        expected("export", entry.get("shape"), entry.get("output"), "", want);
        List<String> got = new ArrayList<>();
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        actual(root, "", got);
        assertThat(got).isNotEmpty().containsExactlyElementsOf(want);
    }

    /** The lines the reference's XML rules make of a shape node and its JSON output: "path" for elements, "path=text" for values. */
    private static void expected(String name, JsonNode shape, JsonNode value, String parent, List<String> lines) {
        String path = parent + "/" + name;
        if (shape.isObject() && shape.has("$rows")) {
            lines.add(path);
            String item = shape.path("$xmlItem").asString("item");
            for (JsonNode v : value) {
                expected(item, shape.get("$rows"), v, path, lines);
            }
        } else if (shape.isObject() && shape.has("$one")) {
            if (!value.isNull()) {
                expected(name, shape.get("$one"), value, parent, lines);
            }
        } else if (shape.isObject() && shape.propertyNames().stream().noneMatch(k -> k.startsWith("$"))) {
            lines.add(path);
            for (Map.Entry<String, JsonNode> m : shape.properties()) {
                expected(m.getKey(), m.getValue(), value.get(m.getKey()), path, lines);
            }
        } else if (!value.isNull()) {
            lines.add(path + "=" + normal(value.isString() ? value.asString() : value.toString()));
        }
    }

    private static void actual(Element e, String parent, List<String> lines) {
        String name = e.getTagName().equals("field") ? e.getAttribute("name") : e.getTagName();
        String path = parent + "/" + name;
        List<Element> children = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                children.add(child);
            }
        }
        if (children.isEmpty() && !e.getTextContent().isBlank()) {
            lines.add(path + "=" + normal(e.getTextContent()));
            return;
        }
        lines.add(path);
        for (Element child : children) {
            actual(child, path, lines);
        }
    }

    private static String normal(String text) {
        return NUMBER.matcher(text).matches() ? new BigDecimal(text).stripTrailingZeros().toPlainString() : text;
    }
}
