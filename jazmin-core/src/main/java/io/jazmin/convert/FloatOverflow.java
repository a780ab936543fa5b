package io.jazmin.convert;

/**
 * What a float number beyond the range of a double (such as {@code 1e400}) becomes when rows are
 * read from JSON or CSV. The texts {@code "Infinity"} and {@code "-Infinity"} are accepted either way.
 */
public enum FloatOverflow {
    /** Refused with an error naming the row and column (the default): such a number is usually a mistake. */
    REFUSE,
    /** Read as {@code Infinity} or {@code -Infinity}, as {@link Double#parseDouble} rounds it. */
    INFINITY
}
