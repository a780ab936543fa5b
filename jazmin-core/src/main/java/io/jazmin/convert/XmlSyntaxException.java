package io.jazmin.convert;

import io.jazmin.error.InputSyntaxException;

/**
 * An XML rows file is not well-formed, or not of the rows shape (root, row and field elements), or
 * declares a DTD; {@link #line()} and {@link #column()} say where, and the message names both.
 */
public class XmlSyntaxException extends InputSyntaxException {
    private final long column;

    /**
     * @param line   the 1-based line of the fault, or 0 when unknown
     * @param column the 1-based column of the fault, or 0 when unknown
     */
    public XmlSyntaxException(String problem, long line, long column) {
        super("XML: " + problem + (line > 0 ? " (line " + line + ", column " + column + ")" : ""), line, -1);
        this.column = column;
    }

    /** The 1-based column of the fault within its line, or 0 when unknown. */
    public long column() {
        return column;
    }
}
