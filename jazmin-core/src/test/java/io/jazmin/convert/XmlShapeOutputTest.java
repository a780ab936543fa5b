package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class XmlShapeOutputTest {
    private static final Column NAME = Column.of("name", ColumnType.STRING);
    private static final Column AMOUNT = Column.of("amount", ColumnType.FLOAT);
    private static final Column TOTAL = Column.of("total", ColumnType.DECIMAL);
    private static final Column COUNT = Column.required("n", ColumnType.INT);
    private static final Column AT = Column.of("at", ColumnType.DATETIME);

    @Test
    void writesObjectsListsAndValuesAsTheReferenceDoes() {
        StringWriter text = new StringWriter();
        XmlShapeOutput out = new XmlShapeOutput(text);
        out.startObject();
        out.member("title");
        out.literal(JsonNodeFactory.instance.stringNode("A & B <March>"));
        out.member("clients");
        out.startList("client");
        out.startObject();
        out.member("name");
        out.value(NAME, "ABC");
        out.member("balance");
        out.value(TOTAL, new BigDecimal("1250.50"));
        out.member("missing");
        out.value(NAME, null);
        out.member("nan");
        out.value(AMOUNT, Double.NaN);
        out.member("zero");
        out.value(AMOUNT, -0.0);
        out.member("first day");
        out.value(AT, Instant.parse("2025-03-01T00:00:00Z"));
        out.endObject();
        out.value(COUNT, 7L);
        out.endList();
        out.member("count");
        out.value(COUNT, BigInteger.TWO.pow(70));
        out.member("empty");
        out.startList("item");
        out.endList();
        out.member("nothing");
        out.literal(null);
        out.member("json");
        out.literal(JsonNodeFactory.instance.objectNode().put("a", 1));
        out.endObject();
        out.finish();

        assertThat(text.toString()).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <export>
                  <title>A &amp; B &lt;March&gt;</title>
                  <clients>
                    <client>
                      <name>ABC</name>
                      <balance>1250.50</balance>
                      <zero>0</zero>
                      <field name="first day">2025-03-01T00:00:00.000Z</field>
                    </client>
                    <client>7</client>
                  </clients>
                  <count>1180591620717411303424</count>
                  <empty>
                  </empty>
                  <json>{"a":1}</json>
                </export>
                """);
    }

    @Test
    void rootIsNamedAndCarriageReturnsSurvive() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        XmlShapeOutput out = new XmlShapeOutput(bytes);
        out.startObject();
        out.member("note");
        out.value(NAME, "é\r\n");
        out.endObject();
        out.finish();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("<note>é&#13;\n</note>");

        StringWriter text = new StringWriter();
        XmlShapeOutput statements = new XmlShapeOutput(text, "statements");
        statements.startObject();
        statements.endObject();
        statements.finish();
        assertThat(text.toString()).endsWith("<statements>\n</statements>\n");
    }

    @Test
    void refusesWhatXmlCannotHold() {
        assertThatThrownBy(() -> new XmlShapeOutput(new StringWriter(), "1st"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("'1st'");
        XmlShapeOutput out = new XmlShapeOutput(new StringWriter());
        out.startObject();
        out.member("bad");
        assertThatThrownBy(() -> out.value(NAME, "a\u0001b"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("U+0001");
        out.member("tab\tname");
        assertThatThrownBy(() -> out.value(NAME, "x"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("export member");
    }
}
