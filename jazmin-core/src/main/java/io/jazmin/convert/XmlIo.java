package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminIoException;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import io.jazmin.internal.json.StrictUtf8Input;

/**
 * The JDK's own StAX reader and writer, set up for untrusted input: no DTD processing and no
 * external entities or DTDs (the row readers also refuse a DOCTYPE outright), and their
 * {@link XMLStreamException}s as typed JAZMIN errors.
 */
final class XmlIo {
    private static final String INPUT = "the XML input";
    private static final String OUTPUT = "the XML output";
    private static final String MESSAGE_MARK = "Message: ";
    private static final String TOTAL_ENTITY_SIZE_LIMIT = "jdk.xml.totalEntitySizeLimit";

    private XmlIo() {
    }

    /**
     * A streaming reader of {@code in}, which must be UTF-8. The bytes are checked before the parser
     * sees them: the JDK's decoder prints its own complaint about them to standard error.
     */
    static XMLStreamReader reader(InputStream in) {
        // The JDK's implementation, not whichever StAX provider is on the class path: these settings are its.
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        // Text in pieces (16 KiB at most), so the row reader bounds a value before the parser holds it whole.
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
        // The JDK counts every &amp; and &#13; against this limit (50,000,000 in all by default), which a
        // large file can exceed; with DTDs refused there are no other entities for the limit to guard against.
        factory.setProperty(TOTAL_ENTITY_SIZE_LIMIT, "0");
        try {
            return factory.createXMLStreamReader(StrictUtf8Input.of(in));
        } catch (XMLStreamException e) {
            throw readFailure(e);
        }
    }

    /** A streaming writer to {@code out}. */
    static XMLStreamWriter writer(Writer out) {
        try {
            return XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
        } catch (XMLStreamException e) {
            throw writeFailure(e);
        }
    }

    /**
     * Writes element text, carriage returns as {@code &#13;}, which a parser keeps (a raw one would be
     * read back as a line feed).
     */
    static void writeText(XMLStreamWriter xml, String text) throws XMLStreamException {
        int from = 0;
        for (int cr = text.indexOf('\r'); cr >= 0; cr = text.indexOf('\r', from)) {
            xml.writeCharacters(text.substring(from, cr));
            xml.writeEntityRef("#13");
            from = cr + 1;
        }
        xml.writeCharacters(text.substring(from));
    }

    /**
     * A reader's failure: a {@link JazminIoException} when the stream failed, otherwise an
     * {@link XmlSyntaxException} naming the parser's problem and where it is.
     */
    static JazminException readFailure(XMLStreamException e) {
        Throwable nested = e.getNestedException();
        if (nested instanceof InputLimitException limit) {
            return limit;
        }
        if (nested instanceof StrictUtf8Input.Malformed malformed) {
            return malformed.syntaxError("XML: ");
        }
        // Undecodable bytes reach the parser as a CharConversionException: a fault of the input, not of the stream.
        if (nested instanceof IOException io && !(nested instanceof CharConversionException)) {
            return new JazminIoException("cannot read", INPUT, io);
        }
        Location at = e.getLocation();
        return new XmlSyntaxException(problem(e), at == null ? 0 : at.getLineNumber(),
                at == null ? 0 : at.getColumnNumber());
    }

    /** A writer's failure, which is always its stream's. */
    static JazminIoException writeFailure(XMLStreamException e) {
        IOException cause = e.getNestedException() instanceof IOException io ? io : new IOException(e.getMessage(), e);
        return new JazminIoException("cannot write", OUTPUT, cause);
    }

    /** The parser's own words, without the "ParseError at [row,col]" prefix (the location is given separately). */
    private static String problem(XMLStreamException e) {
        String message = String.valueOf(e.getMessage());
        int mark = message.indexOf(MESSAGE_MARK);
        return mark < 0 ? message : message.substring(mark + MESSAGE_MARK.length());
    }
}
