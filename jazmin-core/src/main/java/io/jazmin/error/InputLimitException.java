package io.jazmin.error;

/**
 * Text input (JSON, JSON Lines, CSV, XML or a {@code .gz} of one) goes past one of the bounds it is read within
 * ({@code io.jazmin.convert.TextLimits}): a value, a row, a count or a decompressed size. The message names the
 * input, where the fault is (row, column, line or offset as known), the bound and how to raise it;
 * {@link #limitName()} names the bound as its {@code TextLimits} component ({@code "maxValueLength"}).
 */
public class InputLimitException extends JazminException {
    private final String problem;
    private final String limitName;
    private final long limit;
    private final long line;
    private final long row;
    private final String column;

    /**
     * @param problem   what went past the bound and where, without the hint to raise it
     * @param limitName the bound's name, as its {@code TextLimits} component
     * @param limit     the bound's value
     * @param line      the 1-based line of the fault, or 0 when unknown
     * @param row       the 0-based row number of the fault, or -1 when unknown or before the first row
     * @param column    the column's name, or {@code null} when unknown or not one column's fault
     */
    public InputLimitException(String problem, String limitName, long limit, long line, long row, String column) {
        super(problem + "; raise it with TextLimits." + wither(limitName) + " (the limit " + limitName + " is "
                + limit + ")");
        this.problem = problem;
        this.limitName = limitName;
        this.limit = limit;
        this.line = line;
        this.row = row;
        this.column = column;
    }

    private static String wither(String limitName) {
        return "with" + Character.toUpperCase(limitName.charAt(0)) + limitName.substring(1);
    }

    /** What went past the bound and where, without the hint to raise it (for callers naming their own way). */
    public String problem() {
        return problem;
    }

    /** The bound's name, as its {@code TextLimits} component: {@code maxValueLength}, {@code maxGzipRatio}, ... */
    public String limitName() {
        return limitName;
    }

    /** The bound's value. */
    public long limit() {
        return limit;
    }

    /** The 1-based line of the fault, or 0 when unknown. */
    public long line() {
        return line;
    }

    /** The 0-based number of the row at fault, or -1 when unknown or before the first row. */
    public long row() {
        return row;
    }

    /** The column at fault, or {@code null} when unknown or not one column's fault. */
    public String column() {
        return column;
    }
}
