package io.jazmin.internal.wire;

/**
 * Checks on Java strings before they become UTF-8. A string with an unpaired surrogate is not Unicode
 * text and has no UTF-8 form: the writer refuses it and the UTF-8 text conditions leave it to string
 * comparison.
 */
public final class Utf16 {
    private Utf16() {
    }

    /** The index of the first surrogate in {@code s} that is not part of a high-low pair, or -1. */
    public static int unpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
