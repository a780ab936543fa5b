package io.jazmin;

/**
 * A row given to a writer does not fit the table's columns: a wrong type, a null in a required
 * column, an unknown column, or a value outside the format's limits. Names the row and column.
 */
public class InvalidRowException extends JazminException {
    private final long row;
    private final String column;

    public InvalidRowException(long row, String column, String problem) {
        super("row " + row + (column == null ? "" : ", column '" + column + "'") + ": " + problem);
        this.row = row;
        this.column = column;
    }

    /** The 0-based number of the offending row in write order. */
    public long row() {
        return row;
    }

    /** The offending column's name, or {@code null} when the row as a whole is at fault. */
    public String column() {
        return column;
    }
}
