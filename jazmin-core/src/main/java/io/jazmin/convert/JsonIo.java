package io.jazmin.convert;

import java.io.InputStream;
import java.io.Writer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;

/** The one Jackson factory of this package, configured to write JSON the way the reference library does. */
final class JsonIo {
    /** Slashes stay unescaped (as JavaScript writes them); root values get no separator (sinks add newlines). */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
            .rootValueSeparator((String) null)
            .build();

    private JsonIo() {
    }

    static JsonParser parser(InputStream in) {
        return FACTORY.createParser(ObjectReadContext.empty(), in);
    }

    static JsonParser parser(String text) {
        return FACTORY.createParser(ObjectReadContext.empty(), text);
    }

    static JsonGenerator generator(Writer out) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), out);
    }

    /** Jackson's own message plus the line and column it points at, when known. */
    static String describe(JacksonException e) {
        TokenStreamLocation at = e.getLocation();
        String message = e.getOriginalMessage();
        if (at == null || at.getLineNr() < 1) {
            return message;
        }
        return message + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }
}
