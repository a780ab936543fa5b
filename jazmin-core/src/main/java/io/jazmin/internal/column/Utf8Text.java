package io.jazmin.internal.column;

import io.jazmin.internal.wire.Utf16;
import java.nio.charset.StandardCharsets;

/**
 * Case-sensitive text conditions tested on the UTF-8 bytes of plain-coded strings as read (no
 * {@link String} per value). The answers are {@link String}'s: the values were checked as strict UTF-8
 * when their stream was read, and a well-formed needle's bytes start with a lead byte and end with a
 * whole character, so they can only match whole characters; byte equality, prefix, suffix and
 * containment are then those of the code points, hence of the UTF-16 code units. A needle with an
 * unpaired surrogate has no UTF-8 form: {@link #needle} refuses it and the caller compares strings.
 */
public final class Utf8Text {
    /** The condition on a value. */
    public enum Match { EQUALS, STARTS_WITH, ENDS_WITH, CONTAINS }

    private Utf8Text() {
    }

    /** The UTF-8 bytes of {@code text}, or {@code null} when it holds an unpaired surrogate. */
    public static byte[] needle(String text) {
        return Utf16.unpairedSurrogate(text) < 0 ? text.getBytes(StandardCharsets.UTF_8) : null;
    }

    /** Whether {@code v} is a whole vector of strings kept as their bytes, which {@link #matches} reads. */
    public static boolean readable(ColumnVector v) {
        return v.plainStrings() != null;
    }

    /**
     * Whether the non-null row {@code row}'s value {@code match}es {@code needle}.
     *
     * @param v a vector {@link #readable} says these tests read
     */
    public static boolean matches(ColumnVector v, int row, byte[] needle, Match match) {
        PlainStrings strings = v.plainStrings();
        byte[] b = strings.bytes();
        long value = LengthPrefix.read(b, strings.start(row));
        return matches(b, LengthPrefix.start(value), LengthPrefix.length(value), needle, match);
    }

    private static boolean matches(byte[] b, int start, int length, byte[] needle, Match match) {
        int n = needle.length;
        return switch (match) {
            case EQUALS -> length == n && java.util.Arrays.equals(b, start, start + n, needle, 0, n);
            case STARTS_WITH -> length >= n && java.util.Arrays.equals(b, start, start + n, needle, 0, n);
            case ENDS_WITH -> length >= n && java.util.Arrays.equals(b, start + length - n, start + length, needle, 0, n);
            case CONTAINS -> indexOf(b, start, length, needle) >= 0;
        };
    }

    /** Where {@code needle} first occurs in {@code b[start, start + length)}, or -1. */
    static int indexOf(byte[] b, int start, int length, byte[] needle) {
        int n = needle.length;
        if (n == 0) {
            return start;
        }
        byte first = needle[0];
        int last = start + length - n;
        for (int i = start; i <= last; i++) {
            if (b[i] == first && java.util.Arrays.equals(b, i + 1, i + n, needle, 1, n)) {
                return i;
            }
        }
        return -1;
    }
}
