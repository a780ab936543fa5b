package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminIoException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamConstraintsException;
import io.jazmin.internal.json.JsonIo;
import io.jazmin.internal.json.StrictUtf8Input;
import io.jazmin.error.InputSyntaxException;

/**
 * Walks the rows of a JSON array or a JSON Lines stream, leaving the parser on each row's first
 * token. Turns Jackson's errors into {@link InputSyntaxException}, {@link InputLimitException} and
 * {@link JazminIoException}. Strings and nesting are bounded by Jackson's own {@link StreamReadConstraints}
 * (set from {@link TextLimits}); a row's bytes by a {@link SpanLimit} under the parser, which also bounds a
 * json value Jackson copies whole.
 */
final class JsonRowScanner implements AutoCloseable {
    private static final String STRING_LENGTH = "String value length";
    private static final String NESTING_DEPTH = "Document nesting depth";

    private final TextLimits limits;
    private final SpanLimit rowSpan;
    private final JsonParser parser;
    private final boolean array;
    private boolean started;
    private boolean finished;
    /** Rows reached so far; the current row's number is one less. */
    private long rows;
    private TokenStreamLocation rowStart;

    JsonRowScanner(InputStream in, RowFormat format, TextLimits limits) {
        this.limits = limits;
        this.rowSpan = new SpanLimit(in, limits.maxRowLength(), (start, offset) -> new InputLimitException(
                "JSON: row " + (rows - 1) + " (" + JsonIo.where(rowStart) + ") is longer than " + limits.maxRowLength()
                        + " bytes", "maxRowLength", limits.maxRowLength(), rowStart.getLineNr(), rows - 1, null));
        rowSpan.pause();
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxStringLength(limits.maxValueLength())
                .maxNestingDepth(limits.maxNestingDepth())
                .build();
        try {
            // Creating the parser already reads the first bytes, to detect their encoding.
            this.parser = JsonIo.parser(rowSpan, constraints);
        } catch (JacksonException e) {
            throw translate(e);
        }
        this.array = format == RowFormat.JSON;
    }

    JsonParser parser() {
        return parser;
    }

    /** The 0-based number of the row {@link #next()} moved to last. */
    long rowNumber() {
        return rows - 1;
    }

    /** Moves to the next row's first token; {@code false} at the end of the rows. */
    boolean next() {
        if (finished) {
            return false;
        }
        rowSpan.pause();
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
            rows++;
            rowStart = parser.currentTokenLocation();
            rowSpan.restart();
            return true;
        } catch (JacksonException e) {
            throw translate(e);
        }
    }

    /** The unchecked exception to throw for a Jackson error met while reading the rows. */
    RuntimeException translate(JacksonException e) {
        StrictUtf8Input.Malformed badUtf8 = JsonIo.badUtf8(e);
        if (badUtf8 != null) {
            return badUtf8.syntaxError("JSON: ");
        }
        if (e instanceof JacksonIOException io) {
            return new JazminIoException("cannot read", "the JSON input", io.getCause());
        }
        if (e instanceof StreamConstraintsException limit) {
            RuntimeException ours = pastLimit(limit);
            if (ours != null) {
                return ours;
            }
        }
        return new InputSyntaxException("invalid JSON: " + JsonIo.describe(e), e);
    }

    /** Jackson's bound that is one of ours as our error; {@code null} for its other bounds (names, numbers). */
    private InputLimitException pastLimit(StreamConstraintsException e) {
        String message = String.valueOf(e.getOriginalMessage());
        // Jackson's constraint errors carry no location: the parser's is where it stopped.
        TokenStreamLocation at = e.getLocation() != null || parser == null ? e.getLocation() : parser.currentLocation();
        long line = at == null ? 0 : Math.max(0, at.getLineNr());
        long row = rows - 1;
        String where = "JSON: " + (row >= 0 ? "row " + row + " (" + JsonIo.where(at) + ")" : JsonIo.where(at));
        if (message.startsWith(STRING_LENGTH)) {
            return new InputLimitException(where + ": a string is longer than " + limits.maxValueLength()
                    + " characters", "maxValueLength", limits.maxValueLength(), line, row, null);
        }
        if (message.startsWith(NESTING_DEPTH)) {
            return new InputLimitException(where + ": arrays and objects are nested more than "
                    + limits.maxNestingDepth() + " deep", "maxNestingDepth", limits.maxNestingDepth(), line, row, null);
        }
        return null;
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
