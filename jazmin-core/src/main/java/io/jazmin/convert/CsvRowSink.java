package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes rows as RFC 4180 CSV: a header row of column names, CRLF line ends, fields quoted when
 * they hold a comma, quote or line break. Values use their human text ({@link TextValues#format});
 * a null cell is empty and the empty string is {@code ""}, so the two read back distinctly.
 */
final class CsvRowSink implements RowSink {
    private final Writer out;
    private final List<Column> columns;

    CsvRowSink(Writer out, List<Column> columns) {
        this.out = out;
        this.columns = List.copyOf(columns);
        try {
            for (int i = 0; i < columns.size(); i++) {
                writeField(i, columns.get(i).name(), false);
            }
            out.write("\r\n");
        } catch (IOException e) {
            throw writeFailure(e);
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
        try {
            for (int i = 0; i < columns.size(); i++) {
                Object v = values.get(i);
                writeField(i, v == null ? "" : TextValues.format(columns.get(i), v), v != null);
            }
            out.write("\r\n");
        } catch (IOException e) {
            throw writeFailure(e);
        }
    }

    /** Writes one field; {@code emptyNeedsQuotes} marks an empty non-null value that must not read back as null. */
    private void writeField(int index, String text, boolean emptyNeedsQuotes) throws IOException {
        if (index > 0) {
            out.write(',');
        }
        if (needsQuotes(text) || (text.isEmpty() && emptyNeedsQuotes)) {
            out.write('"');
            out.write(text.replace("\"", "\"\""));
            out.write('"');
        } else {
            out.write(text);
        }
    }

    private static boolean needsQuotes(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return false;
    }

    private static JazminIoException writeFailure(IOException e) {
        return new JazminIoException("cannot write", "the CSV output", e);
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw writeFailure(e);
        }
    }
}
