package io.jazmin.convert;

/** The characters XML 1.0 can hold: tab, line feed, carriage return, and U+0020 on without U+FFFE, U+FFFF and lone surrogates. */
final class XmlText {
    private XmlText() {
    }

    /** The index of the first character XML 1.0 cannot represent, or -1 when there is none. */
    static int firstIllegal(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\t' && c != '\n' && c != '\r' : c == 0xFFFE || c == 0xFFFF) {
                return i;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
