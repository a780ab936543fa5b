package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the rows of the XML rows shape ({@link XmlShape}) one at a time with the JDK's StAX reader:
 * a root element of any name, one child element per row (any name), and in each row one element per
 * non-null value holding its text. Attributes are ignored except a {@code field} element's
 * {@code name}; comments and processing instructions are skipped; a DOCTYPE, text outside the
 * fields and elements nested in a field are refused as {@link XmlSyntaxException}s. A value's text, a row's
 * bytes, a row's fields and every token the parser holds whole (a CDATA section, comment, tag) are bounded by
 * {@link TextLimits} as they are read: text arrives in pieces (the parser does not coalesce it), and the bytes
 * under the parser are counted per row and per event ({@link SpanLimit}).
 */
final class XmlRowScanner implements AutoCloseable {
    private final InputStream in;
    private final TextLimits limits;
    private final SpanLimit rowSpan;
    private final SpanLimit tokenSpan;
    private final XMLStreamReader xml;
    private boolean inRow;
    private boolean started;
    private boolean ended;
    private long rowNumber;
    private String rowLocation;

    XmlRowScanner(InputStream in, TextLimits limits) {
        this.in = in;
        this.limits = limits;
        this.rowSpan = new SpanLimit(in, limits.maxRowLength(), (start, offset) -> new InputLimitException(
                "XML: row " + rowNumber() + " (" + rowLocation + ") is longer than " + limits.maxRowLength()
                        + " bytes", "maxRowLength", limits.maxRowLength(), 0, rowNumber(), null));
        this.tokenSpan = new SpanLimit(rowSpan, limits.maxValueLength(), (start, offset) -> new InputLimitException(
                "XML: the token starting after byte offset " + start + (inRow ? " in row " + rowNumber() + " (" + rowLocation
                        + ")" : "") + " (a CDATA section, comment, processing instruction or tag) is longer than "
                        + limits.maxValueLength() + " bytes", "maxValueLength", limits.maxValueLength(), 0,
                inRow ? rowNumber() : -1, null));
        rowSpan.pause();
        try {
            this.xml = XmlIo.reader(tokenSpan);
        } catch (RuntimeException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /** Closes the input of a scanner that could not start; the start's failure is the one to report. */
    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // nothing more to do with a stream that is being given up
        }
    }

    /**
     * The next row's values: field name → text, in document order; {@code null} after the last row
     * (the rest of the document is checked to be well-formed).
     *
     * @throws InvalidRowException when a row names a field twice
     */
    Map<String, String> next() {
        try {
            if (!started) {
                skipToRoot();
                started = true;
            }
            return ended ? null : nextRow();
        } catch (XMLStreamException e) {
            throw XmlIo.readFailure(e);
        }
    }

    /** The 0-based number of the row {@link #next()} returned last. */
    long rowNumber() {
        return rowNumber - 1;
    }

    /** Where the row {@link #next()} returned last starts ({@code "line 3, column 3"}). */
    String rowLocation() {
        return rowLocation;
    }

    /** The next event; the bytes the parser reads for the one after it are counted afresh. */
    private int nextEvent() throws XMLStreamException {
        int event = xml.next();
        tokenSpan.restart();
        return event;
    }

    private void skipToRoot() throws XMLStreamException {
        for (int event = xml.getEventType(); event != XMLStreamConstants.START_ELEMENT; event = nextEvent()) {
            refuseDtd(event);
        }
    }

    private Map<String, String> nextRow() throws XMLStreamException {
        while (true) {
            int event = nextEvent();
            if (event == XMLStreamConstants.START_ELEMENT) {
                Location at = xml.getLocation();
                rowLocation = "line " + at.getLineNumber() + ", column " + at.getColumnNumber();
                rowSpan.restart();
                inRow = true;
                Map<String, String> row = readRow(rowNumber++);
                inRow = false;
                rowSpan.pause();
                return row;
            }
            if (event == XMLStreamConstants.END_ELEMENT) {
                finishDocument();
                return null;
            }
            refuseText(event, "text between rows");
        }
    }

    private Map<String, String> readRow(long row) throws XMLStreamException {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int event = nextEvent(); event != XMLStreamConstants.END_ELEMENT; event = nextEvent()) {
            if (event == XMLStreamConstants.START_ELEMENT) {
                String name = fieldName();
                if (fields.size() == limits.maxColumns()) {
                    throw new InputLimitException("XML: row " + row + " (" + rowLocation + ") has more than "
                            + limits.maxColumns() + " fields", "maxColumns", limits.maxColumns(), lineNow(), row, null);
                }
                if (fields.put(name, fieldText(name)) != null) {
                    throw new InvalidRowException(row, name, "is given twice", rowLocation);
                }
            } else {
                refuseText(event, "text directly inside a row (values are elements inside the row)");
            }
        }
        return fields;
    }

    private String fieldName() {
        String element = xml.getLocalName();
        String attribute = element.equals(XmlShape.FIELD) ? xml.getAttributeValue(null, XmlShape.NAME) : null;
        return attribute != null ? attribute : element;
    }

    private String fieldText(String field) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        for (int event = nextEvent(); event != XMLStreamConstants.END_ELEMENT; event = nextEvent()) {
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (text.length() + (long) xml.getTextLength() > limits.maxValueLength()) {
                        throw new InputLimitException("XML: the value of field '" + Abbrev.of(field) + "' in row "
                                + (rowNumber - 1) + " (" + rowLocation + ") is longer than " + limits.maxValueLength()
                                + " characters", "maxValueLength", limits.maxValueLength(), lineNow(), rowNumber - 1,
                                field);
                    }
                    text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                }
                case XMLStreamConstants.START_ELEMENT -> throw syntaxError("field '" + Abbrev.of(field)
                        + "' holds an element; rows are root > row > field and values are text"
                        + " (lists and objects as JSON text)");
                default -> {
                    // comments and processing instructions carry no data
                }
            }
        }
        return text.toString();
    }

    private void finishDocument() throws XMLStreamException {
        ended = true;
        while (xml.hasNext()) {
            refuseText(nextEvent(), "text after the root element");
        }
    }

    private void refuseText(int event, String what) {
        refuseDtd(event);
        if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) && !xml.isWhiteSpace()) {
            throw syntaxError(what);
        }
    }

    private void refuseDtd(int event) {
        if (event == XMLStreamConstants.DTD) {
            throw syntaxError("a DOCTYPE is not allowed (DTDs and entities are refused)");
        }
    }

    private long lineNow() {
        return xml.getLocation().getLineNumber();
    }

    private XmlSyntaxException syntaxError(String problem) {
        Location at = xml.getLocation();
        return new XmlSyntaxException(problem, at.getLineNumber(), at.getColumnNumber());
    }

    @Override
    public void close() {
        try {
            xml.close();
            in.close();
        } catch (XMLStreamException e) {
            throw XmlIo.readFailure(e);
        } catch (IOException e) {
            throw new JazminIoException("cannot close", "the XML input", e);
        }
    }
}
