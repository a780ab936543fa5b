package io.jazmin.convert;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import tools.jackson.databind.JsonNode;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.export.ShapeOutput;
import io.jazmin.schema.Column;

/**
 * Writes an export shape's output as indented UTF-8 XML with the JDK's StAX writer, as the
 * reference does (design §4): the shape's root object is the root element ({@code export} unless
 * given), object members are child elements, a list is an element whose children are its items
 * (named by the list's {@code $xmlItem}, {@code item} by default), a value is an element holding its
 * text as CSV writes it (literals: strings as they are, other JSON as compact text). Null values and
 * non-finite floats are left out. A member name that is not a plain XML name is written as
 * {@code <field name="…">}. Characters XML 1.0 cannot hold are refused. The stream is flushed at
 * the end, not closed.
 */
public final class XmlShapeOutput implements ShapeOutput {
    /** The root element's name unless one is given. */
    public static final String DEFAULT_ROOT = "export";
    private static final String INDENT = "  ";

    private final Writer out;
    private final XMLStreamWriter xml;
    private final String root;
    /** Per open element: the name of its list items, or {@code null} for an object. */
    private final Deque<String> open = new ArrayDeque<>();
    private int depth;
    private String member;
    private boolean rootOpened;

    /** UTF-8 XML written to {@code out}, which stays open, with root element {@code export}. */
    public XmlShapeOutput(OutputStream out) {
        this(new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)), DEFAULT_ROOT);
    }

    /** XML text written to {@code out}, which stays open (it is flushed at the end), with root element {@code export}. */
    public XmlShapeOutput(Writer out) {
        this(out, DEFAULT_ROOT);
    }

    /**
     * XML text written to {@code out}, which stays open, with root element {@code root}.
     *
     * @throws JazminValidationException when {@code root} is not a plain XML element name
     */
    public XmlShapeOutput(Writer out, String root) {
        if (root == null || !XmlShape.isElementName(root)) {
            throw new JazminValidationException("XML root element: '" + Abbrev.of(String.valueOf(root))
                    + "' is not a valid XML element name");
        }
        this.out = out;
        this.root = root;
        this.xml = XmlIo.writer(out);
        write(() -> {
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
        });
    }

    @Override
    public void startObject() {
        openElement(null);
    }

    @Override
    public void endObject() {
        closeElement();
    }

    @Override
    public void member(String name) {
        member = name;
    }

    @Override
    public void startList(String itemName) {
        openElement(itemName == null ? "item" : itemName);
    }

    @Override
    public void endList() {
        closeElement();
    }

    @Override
    public void value(Column column, Object value) {
        String name = nextName();
        if (value != null) {
            String text = text(column, value);
            if (text != null) {
                element(name, text);
            }
        }
    }

    @Override
    public void literal(JsonNode value) {
        String name = nextName();
        if (value != null && !value.isNull() && !value.isMissingNode()) {
            element(name, value.isString() ? value.asString() : value.toString());
        }
    }

    @Override
    public void finish() {
        write(() -> {
            xml.writeEndDocument();
            xml.flush();
            xml.close();
        });
        try {
            out.flush();
        } catch (IOException e) {
            throw new JazminIoException("cannot write", "the export output", e);
        }
    }

    /** A value's text, or {@code null} when it is left out (non-finite floats). */
    private static String text(Column column, Object value) {
        return switch (column.type()) {
            case INT -> value instanceof BigInteger big ? big.toString() : TextValues.format(column, value);
            case FLOAT -> {
                double d = (Double) value;
                // JavaScript writes -0 as 0; the reference leaves non-finite floats out, as nulls
                yield !Double.isFinite(d) ? null : d == 0 ? "0" : FloatText.format(d);
            }
            case BOOL, DECIMAL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> TextValues.format(column, value);
        };
    }

    /** The name of the element the next event opens: the root, the pending member, or the open list's item. */
    private String nextName() {
        String name;
        if (!rootOpened) {
            rootOpened = true;
            name = root;
        } else if (member != null) {
            name = member;
        } else {
            String item = open.peek();
            name = item == null || item.isEmpty() ? "item" : item;
        }
        member = null;
        return name;
    }

    private void openElement(String itemName) {
        String name = nextName();
        write(() -> {
            indent();
            start(name);
            xml.writeCharacters("\n");
        });
        open.push(itemName == null ? "" : itemName);
        depth++;
    }

    private void closeElement() {
        open.pop();
        depth--;
        write(() -> {
            indent();
            xml.writeEndElement();
            xml.writeCharacters("\n");
        });
    }

    private void element(String name, String text) {
        int bad = XmlText.firstIllegal(text);
        if (bad >= 0) {
            throw new JazminValidationException(String.format(Locale.ROOT,
                    "export member '%s' holds U+%04X at index %d, which XML 1.0 cannot represent",
                    Abbrev.of(name), text.codePointAt(bad), bad));
        }
        write(() -> {
            indent();
            start(name);
            XmlIo.writeText(xml, text);
            xml.writeEndElement();
            xml.writeCharacters("\n");
        });
    }

    private void start(String name) throws XMLStreamException {
        if (XmlShape.isElementName(name)) {
            xml.writeStartElement(name);
        } else {
            XmlShape.checkAttribute(name, "export member");
            xml.writeStartElement(XmlShape.FIELD);
            xml.writeAttribute(XmlShape.NAME, name);
        }
    }

    private void indent() throws XMLStreamException {
        if (depth > 0) {
            xml.writeCharacters(INDENT.repeat(depth));
        }
    }

    private static void write(XmlEvent event) {
        try {
            event.run();
        } catch (XMLStreamException e) {
            throw XmlIo.writeFailure(e);
        }
    }

    @FunctionalInterface
    private interface XmlEvent {
        void run() throws XMLStreamException;
    }
}
