package io.jazmin.internal.index;

import java.util.Arrays;

/**
 * Trigrams of text (spec §1.16): ASCII-only lower-casing (A–Z to a–z, nothing else, so every
 * implementation agrees), then overlapping grams of 3 UTF-16 code units. A gram (c0, c1, c2) is held
 * as the number c0·2³² + c1·2¹⁶ + c2, whose numeric order is the code-unit order of the gram.
 */
final class Trigrams {
    private Trigrams() {
    }

    static char fold(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }

    static long gram(char c0, char c1, char c2) {
        return (long) c0 << 32 | (long) c1 << 16 | c2;
    }

    /** The distinct grams of {@code text}, ascending (none for text under 3 code units). */
    static long[] of(String text) {
        if (text.length() < 3) {
            return new long[0];
        }
        long[] grams = new long[text.length() - 2];
        for (int i = 0; i < grams.length; i++) {
            grams[i] = gram(fold(text.charAt(i)), fold(text.charAt(i + 1)), fold(text.charAt(i + 2)));
        }
        Arrays.sort(grams);
        int n = 0;
        for (long g : grams) {
            if (n == 0 || grams[n - 1] != g) {
                grams[n++] = g;
            }
        }
        return Arrays.copyOf(grams, n);
    }

    /** Whether every code unit of {@code text} is ASCII. */
    static boolean isAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** KELVIN SIGN: lower-cases to ASCII {@code k}. */
    private static final char KELVIN = '\u212A';
    /** LATIN CAPITAL LETTER I WITH DOT ABOVE: lower-cases to {@code i} + U+0307. */
    private static final char DOTTED_I = '\u0130';

    /**
     * For a case-insensitive search of ASCII {@code text}: per gram of the text, the grams a stored
     * value may hold instead. Lower-casing maps only two non-ASCII characters onto ASCII letters:
     * the Kelvin sign onto {@code k} (anywhere) and the dotted capital I onto {@code i} followed by
     * a combining dot (so only as the text's last character). Their grams are looked up too, so
     * the candidates stay a superset of the rows a scan matches.
     */
    static long[][] caseInsensitiveAlternatives(String text) {
        long[][] out = new long[text.length() - 2][];
        for (int p = 0; p < out.length; p++) {
            char[][] choices = new char[3][];
            for (int j = 0; j < 3; j++) {
                char c = fold(text.charAt(p + j));
                boolean last = p + j == text.length() - 1;
                choices[j] = c == 'k' ? new char[] {c, KELVIN} : c == 'i' && last ? new char[] {c, DOTTED_I}
                        : new char[] {c};
            }
            long[] variants = new long[choices[0].length * choices[1].length * choices[2].length];
            int n = 0;
            for (char a : choices[0]) {
                for (char b : choices[1]) {
                    for (char c : choices[2]) {
                        variants[n++] = gram(a, b, c);
                    }
                }
            }
            out[p] = variants;
        }
        return out;
    }
}
