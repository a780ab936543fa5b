package io.jazmin.convert;

import io.jazmin.error.JazminIoException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.JacksonIOException;
import io.jazmin.internal.json.JsonIo;
import io.jazmin.internal.json.StrictUtf8Input;
import io.jazmin.error.InputSyntaxException;

/**
 * Walks the rows of a JSON array or a JSON Lines stream, leaving the parser on each row's first
 * token. Turns Jackson's errors into {@link InputSyntaxException} and {@link JazminIoException}.
 */
final class JsonRowScanner implements AutoCloseable {
    private final JsonParser parser;
    private final boolean array;
    private boolean started;
    private boolean finished;

    JsonRowScanner(InputStream in, RowFormat format) {
        try {
            // Creating the parser already reads the first bytes, to detect their encoding.
            this.parser = JsonIo.parser(in);
        } catch (JacksonException e) {
            throw translate(e);
        }
        this.array = format == RowFormat.JSON;
    }

    JsonParser parser() {
        return parser;
    }

    /** Moves to the next row's first token; {@code false} at the end of the rows. */
    boolean next() {
        if (finished) {
            return false;
        }
        try {
            if (!started) {
                started = true;
                if (array && parser.nextToken() != JsonToken.START_ARRAY) {
                    throw new InputSyntaxException("expected a JSON array of row objects"
                            + where());
                }
            }
            JsonToken t = parser.nextToken();
            if (t == null) {
                finished = true;
                if (array) {
                    throw new InputSyntaxException("the JSON array is not closed");
                }
                return false;
            }
            if (array && t == JsonToken.END_ARRAY) {
                finished = true;
                if (parser.nextToken() != null) {
                    throw new InputSyntaxException("unexpected content after the JSON array" + where());
                }
                return false;
            }
            return true;
        } catch (JacksonException e) {
            throw translate(e);
        }
    }

    /** The unchecked exception to throw for a Jackson error met while reading rows. */
    static RuntimeException translate(JacksonException e) {
        StrictUtf8Input.Malformed badUtf8 = JsonIo.badUtf8(e);
        if (badUtf8 != null) {
            return badUtf8.syntaxError("JSON: ");
        }
        if (e instanceof JacksonIOException io) {
            return new JazminIoException("cannot read", "the JSON input", io.getCause());
        }
        return new InputSyntaxException("invalid JSON: " + JsonIo.describe(e), e);
    }

    private String where() {
        return " (line " + parser.currentLocation().getLineNr() + ")";
    }

    @Override
    public void close() {
        try {
            parser.close();
        } catch (JacksonException e) {
            throw translate(e);
        }
    }
}
