package io.jazmin.index;

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
}
