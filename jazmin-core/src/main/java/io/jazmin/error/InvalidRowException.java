package io.jazmin.error;

/**
 * A row given to a writer does not fit the table's columns: a wrong type, a null in a required
 * column, an unknown column, or a value outside the format's limits. Names the row and column, and
 * for rows read from a text file also where the row is in that file.
 */
public class InvalidRowException extends JazminException {
    private final long row;
    private final String column;
    private final String location;

    public InvalidRowException(long row, String column, String problem) {
        this(row, column, problem, null);
    }

    /**
     * @param location where the row or value is in its input file ({@code "line 3, byte offset 57"}),
     *                 or {@code null} when the row did not come from a file
     */
    public InvalidRowException(long row, String column, String problem, String location) {
        super("row " + row + (location == null ? "" : " (" + location + ")")
                + (column == null ? "" : ", column '" + column + "'") + ": " + problem);
        this.row = row;
        this.column = column;
        this.location = location;
    }

    /** The 0-based number of the offending row in write order. */
    public long row() {
        return row;
    }

    /** The offending column's name, or {@code null} when the row as a whole is at fault. */
    public String column() {
        return column;
    }

    /** Where the row is in its input file (1-based line, byte offset when known), or {@code null}. */
    public String location() {
        return location;
    }
}
