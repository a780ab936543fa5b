package io.jazmin.internal.column;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 encoding that matches the reference writers byte for byte: an unpaired surrogate becomes
 * U+FFFD ({@code EF BF BD}) as in Node's {@code Buffer.from}, where {@link String#getBytes} would
 * write {@code '?'}.
 */
final class Utf8 {
    private static final char REPLACEMENT = '\uFFFD';

    private Utf8() {
    }

    static byte[] encode(String s) {
        int n = s.length();
        int ascii = 0;
        while (ascii < n && s.charAt(ascii) < 0x80) {
            ascii++;
        }
        if (ascii == n) {
            return s.getBytes(StandardCharsets.ISO_8859_1); // all chars are ASCII: the fastest exact copy
        }
        byte[] out = new byte[encodedLength(s, ascii)];
        int p = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[p++] = (byte) c;
            } else if (c < 0x800) {
                out[p++] = (byte) (0xC0 | c >>> 6);
                out[p++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out[p++] = (byte) (0xF0 | cp >>> 18);
                out[p++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                out[p++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                out[p++] = (byte) (0x80 | cp & 0x3F);
            } else {
                char u = Character.isSurrogate(c) ? REPLACEMENT : c;
                out[p++] = (byte) (0xE0 | u >>> 12);
                out[p++] = (byte) (0x80 | u >>> 6 & 0x3F);
                out[p++] = (byte) (0x80 | u & 0x3F);
            }
        }
        return out;
    }

    private static int encodedLength(String s, int from) {
        int len = from;
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                len++;
            } else if (c < 0x800) {
                len += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                len += 4;
                i++;
            } else {
                len += 3;
            }
        }
        return len;
    }
}
