package io.jazmin.convert;

/** How values are laid out when rows are written as JSON. */
public enum JsonStyle {
    /**
     * The canonical interop form of the conformance cases: int and decimal as strings, floats as
     * numbers with {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}, {@code "-0"} as strings.
     */
    CANONICAL,
    /**
     * For people and ordinary JSON tools: ints as numbers when JavaScript can hold them exactly
     * (|v| ≤ 2^53, else strings), finite floats as numbers (−0 as the number {@code -0}), decimals as
     * strings so their scale survives.
     */
    HUMAN
}
