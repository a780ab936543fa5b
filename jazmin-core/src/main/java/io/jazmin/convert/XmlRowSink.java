package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes rows in the XML rows shape ({@link XmlShape}) with the JDK's StAX writer, one row per line:
 * each non-null value is an element holding its human text ({@link TextValues#format}, as in CSV),
 * null values are left out. Carriage returns are written as {@code &#13;} ({@link XmlIo#writeText}).
 * Characters XML 1.0 cannot hold are refused.
 */
final class XmlRowSink implements RowSink {
    private final Writer out;
    private final XMLStreamWriter xml;
    private final List<Column> columns;
    /** Per column: its element name, or {@code null} for a {@code <field name="…">} element. */
    private final String[] elements;
    private long rowNumber;

    XmlRowSink(Writer out, List<Column> columns) {
        this.columns = List.copyOf(columns);
        this.elements = new String[columns.size()];
        for (int i = 0; i < elements.length; i++) {
            String name = columns.get(i).name();
            if (XmlShape.isElementName(name)) {
                elements[i] = name;
            } else {
                XmlShape.checkAttribute(name, "column");
            }
        }
        this.out = out;
        this.xml = XmlIo.writer(out);
        try {
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement(XmlShape.ROOT);
            xml.writeCharacters("\n");
        } catch (XMLStreamException e) {
            throw XmlIo.writeFailure(e);
        }
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public void write(List<?> values) {
        if (values.size() != columns.size()) {
            throw new JazminValidationException("a row of " + values.size() + " values for "
                    + columns.size() + " columns");
        }
        String[] texts = texts(values);
        try {
            xml.writeCharacters("  ");
            xml.writeStartElement(XmlShape.ROW);
            for (int i = 0; i < texts.length; i++) {
                if (texts[i] != null) {
                    writeValue(i, texts[i]);
                }
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
        } catch (XMLStreamException e) {
            throw XmlIo.writeFailure(e);
        }
    }

    /**
     * The texts of a row's values ({@code null} for null), all made and checked before any is
     * written, so that a refused row leaves no trace in the output.
     */
    private String[] texts(List<?> values) {
        long row = rowNumber++;
        String[] texts = new String[columns.size()];
        for (int i = 0; i < texts.length; i++) {
            Object v = values.get(i);
            if (v == null) {
                continue;
            }
            Column column = columns.get(i);
            try {
                texts[i] = TextValues.format(column, v);
            } catch (JazminValidationException e) {
                throw new InvalidRowException(row, column.name(), e.getMessage());
            }
            int bad = XmlText.firstIllegal(texts[i]);
            if (bad >= 0) {
                throw new InvalidRowException(row, column.name(), String.format(Locale.ROOT,
                        "holds U+%04X at index %d, which XML 1.0 cannot represent", texts[i].codePointAt(bad), bad));
            }
        }
        return texts;
    }

    private void writeValue(int column, String text) throws XMLStreamException {
        if (elements[column] != null) {
            xml.writeStartElement(elements[column]);
        } else {
            xml.writeStartElement(XmlShape.FIELD);
            xml.writeAttribute(XmlShape.NAME, columns.get(column).name());
        }
        XmlIo.writeText(xml, text);
        xml.writeEndElement();
    }

    @Override
    public void close() {
        try {
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
            out.close();
        } catch (XMLStreamException e) {
            throw XmlIo.writeFailure(e);
        } catch (IOException e) {
            throw new JazminIoException("cannot write", "the XML output", e);
        }
    }
}
