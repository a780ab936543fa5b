package io.jazmin.internal.json;

import java.io.InputStream;
import java.io.Writer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;

/** The one Jackson factory of this package, configured to write JSON the way the reference library does. */
public final class JsonIo {
    /** Slashes stay unescaped (as JavaScript writes them); root values get no separator (sinks add newlines). */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)
            .rootValueSeparator((String) null)
            .build();

    private JsonIo() {
    }

    /** A parser of UTF-8 bytes, refusing ill-formed UTF-8 (see {@link StrictUtf8Input}). */
    public static JsonParser parser(InputStream in) {
        return FACTORY.createParser(ObjectReadContext.empty(), StrictUtf8Input.of(in));
    }

    /** A parser of UTF-8 bytes as {@link #parser(InputStream)}, within {@code constraints} (string length, depth). */
    public static JsonParser parser(InputStream in, StreamReadConstraints constraints) {
        JsonFactory factory = FACTORY.rebuild().streamReadConstraints(constraints).build();
        return factory.createParser(ObjectReadContext.empty(), StrictUtf8Input.of(in));
    }

    public static JsonParser parser(String text) {
        return FACTORY.createParser(ObjectReadContext.empty(), text);
    }

    public static JsonGenerator generator(Writer out) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), out);
    }

    /** The ill-formed UTF-8 behind a Jackson error, or {@code null} when it has another cause. */
    public static StrictUtf8Input.Malformed badUtf8(JacksonException e) {
        return e instanceof JacksonIOException && e.getCause() instanceof StrictUtf8Input.Malformed m ? m : null;
    }

    /** Where the parser's current token is, for error messages: {@code "line 3, byte offset 57"}. */
    public static String where(JsonParser p) {
        return where(p.currentTokenLocation());
    }

    /** A location for error messages: {@code "line 3, byte offset 57"}, or {@code "position unknown"}. */
    public static String where(TokenStreamLocation at) {
        if (at == null || at.getLineNr() < 1) {
            return "position unknown";
        }
        return "line " + at.getLineNr() + (at.getByteOffset() >= 0 ? ", byte offset " + at.getByteOffset() : "");
    }

    /** Jackson's own message plus the line and column it points at, when known. */
    public static String describe(JacksonException e) {
        TokenStreamLocation at = e.getLocation();
        String message = e.getOriginalMessage();
        if (at == null || at.getLineNr() < 1) {
            return message;
        }
        return message + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }
}
