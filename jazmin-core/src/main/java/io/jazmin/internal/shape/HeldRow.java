package io.jazmin.internal.shape;

/**
 * One row as a shape reads it: the values of the columns it needs, by column position (others
 * {@code null}), and for rows that are held in memory whether each of the table's held-row filters
 * matches it.
 */
record HeldRow(Object[] values, boolean[] matches) {
    Object value(int position) {
        return values[position];
    }

    /** Whether held-row filter {@code filter} matches ({@code -1}: no filter). */
    boolean matches(int filter) {
        return filter < 0 || matches[filter];
    }
}
