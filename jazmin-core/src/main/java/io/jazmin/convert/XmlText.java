package io.jazmin.convert;

import io.jazmin.internal.wire.Utf16;

/** The characters XML 1.0 can hold: tab, line feed, carriage return, and U+0020 on without U+FFFE, U+FFFF and lone surrogates. */
final class XmlText {
    private XmlText() {
    }

    /** The index of the first character XML 1.0 cannot represent, or -1 when there is none. */
    static int firstIllegal(String text) {
        int surrogate = Utf16.unpairedSurrogate(text);
        int end = surrogate < 0 ? text.length() : surrogate;
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\t' && c != '\n' && c != '\r' : c == 0xFFFE || c == 0xFFFF) {
                return i;
            }
        }
        return surrogate;
    }
}
