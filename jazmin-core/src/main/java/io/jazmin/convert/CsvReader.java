package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import io.jazmin.internal.json.StrictUtf8Input;
import io.jazmin.error.InputSyntaxException;

/**
 * Splits RFC 4180 text into records: fields separated by commas, records by CRLF, LF or CR; a
 * field in double quotes may hold commas, line breaks and doubled quotes. An empty unquoted field
 * is returned as {@code null} and a quoted empty field as {@code ""}, so the two stay distinct.
 * Blank lines are skipped; a leading byte-order mark is ignored. A field, a record and the fields of a record
 * are bounded by {@link TextLimits} while they are read.
 */
final class CsvReader implements AutoCloseable {
    private final Reader in;
    private final TextLimits limits;
    private final char[] buffer = new char[64 * 1024];
    private int position;
    private int limit;
    /** Characters of the buffers before the current one, so that {@link #consumed()} counts the whole input. */
    private long consumedBefore;
    private long recordStart;
    /** Records returned so far, the header included. */
    private long records;
    private List<String> header;
    private int pushedBack = -2;
    private long line = 1;
    private long recordLine;
    private boolean started;

    CsvReader(Reader in, TextLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** The header's names, so that errors past a limit name the column. */
    void header(List<String> names) {
        this.header = names;
    }

    /** The line the record last returned by {@link #next()} starts on (1-based), for error messages. */
    long recordLine() {
        return recordLine;
    }

    /**
     * The next record's fields, or {@code null} at the end of the input.
     *
     * @throws InputSyntaxException for an unclosed quote or text after a closing quote
     */
    List<String> next() {
        int c = read();
        if (!started) {
            started = true;
            if (c == '\uFEFF') {
                c = read();
            }
        }
        while (c == '\r' || c == '\n') {
            skipLineBreak(c);
            c = read();
        }
        if (c == -1) {
            return null;
        }
        recordLine = line;
        recordStart = consumed() - 1;
        records++;
        List<String> record = new ArrayList<>();
        while (true) {
            if (record.size() == limits.maxColumns()) {
                throw new InputLimitException("CSV: " + record() + " has more than " + limits.maxColumns() + " fields",
                        "maxColumns", limits.maxColumns(), recordLine, row(), null);
            }
            StringBuilder field = new StringBuilder();
            boolean quoted = c == '"';
            c = quoted ? readQuoted(field, record.size()) : readPlain(field, c, record.size());
            record.add(quoted || field.length() > 0 ? field.toString() : null);
            // The character after the field (a comma or line break) is read already, the end of input is not.
            if (consumed() - recordStart - (c == -1 ? 0 : 1) > limits.maxRowLength()) {
                throw new InputLimitException("CSV: " + record() + " is longer than " + limits.maxRowLength()
                        + " characters", "maxRowLength", limits.maxRowLength(), recordLine, row(), null);
            }
            if (c == ',') {
                c = read();
                continue;
            }
            if (c != -1) {
                skipLineBreak(c);
            }
            return record;
        }
    }

    /** Reads a plain field starting with {@code c}; returns the character after it. */
    private int readPlain(StringBuilder field, int c, int index) {
        while (c != ',' && c != '\r' && c != '\n' && c != -1) {
            append(field, c, index, false);
            c = read();
        }
        return c;
    }

    /** Adds one character to a field, refusing it past {@link TextLimits#maxValueLength()}. */
    private void append(StringBuilder field, int c, int index, boolean quoted) {
        if (field.length() == limits.maxValueLength()) {
            throw new InputLimitException("CSV: " + fieldName(index) + " of " + record() + " is longer than "
                    + limits.maxValueLength() + " characters" + (quoted ? " (is its closing quote missing?)" : ""),
                    "maxValueLength", limits.maxValueLength(), recordLine, row(), column(index));
        }
        field.append((char) c);
    }

    /** The 0-based data row of the current record, or -1 for the header. */
    private long row() {
        return records - 2;
    }

    private String record() {
        return (records == 1 ? "the header" : "row " + row()) + " (starting on line " + recordLine + ")";
    }

    private String column(int index) {
        return header != null && index < header.size() ? header.get(index) : null;
    }

    private String fieldName(int index) {
        String column = column(index);
        return "field " + (index + 1) + (column == null ? "" : " (column '" + Abbrev.of(column) + "')");
    }

    /** Characters read from the input so far. */
    private long consumed() {
        return consumedBefore + position;
    }

    /** Reads a quoted field after its opening quote; returns the character after the closing quote. */
    private int readQuoted(StringBuilder field, int index) {
        long startLine = line;
        while (true) {
            int c = read();
            if (c == -1) {
                throw new InputSyntaxException("CSV: the quoted field starting on line " + startLine + " is not closed");
            }
            if (c == '"') {
                int after = read();
                if (after != '"') {
                    if (after != ',' && after != '\r' && after != '\n' && after != -1) {
                        throw new InputSyntaxException("CSV: text after a closing quote on line " + line);
                    }
                    return after;
                }
            } else if (c == '\n' || (c == '\r' && peek() != '\n')) {
                line++;
            }
            append(field, c, index, true);
        }
    }

    /** Consumes the rest of the line break that starts with {@code c} (a lone CR, a lone LF or CRLF). */
    private void skipLineBreak(int c) {
        if (c == '\r' && peek() == '\n') {
            read();
        }
        line++;
    }

    private int peek() {
        int c = read();
        pushedBack = c;
        return c;
    }

    private int read() {
        if (pushedBack != -2) {
            int c = pushedBack;
            pushedBack = -2;
            return c;
        }
        if (position == limit) {
            consumedBefore += limit;
            try {
                limit = in.read(buffer, 0, buffer.length);
            } catch (IOException e) {
                throw failure(e);
            }
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position++];
    }

    /** Ill-formed UTF-8 is a syntax error naming where it is; other read failures stay I/O errors. */
    private RuntimeException failure(IOException e) {
        if (e instanceof StrictUtf8Input.Malformed m) {
            return m.syntaxError("CSV: ");
        }
        if (e instanceof CharacterCodingException) {
            // A caller's own reader reported it: the place is known only to the line being read.
            return new InputSyntaxException("CSV: invalid UTF-8 on or after line " + line, line, -1);
        }
        return new JazminIoException("cannot read", "the CSV input", e);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new JazminIoException("cannot close", "the CSV input", e);
        }
    }
}
