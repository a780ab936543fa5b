package io.jazmin.schema;

import java.util.Locale;
import io.jazmin.error.JazminValidationException;

/** Section compression codecs (envelope byte 0). */
public enum Codec {
    NONE(0),
    DEFLATE(1),
    BROTLI(2);

    private final int wireId;

    Codec(int wireId) {
        this.wireId = wireId;
    }

    /** The codec byte stored in a section envelope. */
    public int wireId() {
        return wireId;
    }

    /** The lower-case name used by options and the CLI ({@code "deflate"}). */
    public String codecName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code none}, {@code deflate} or {@code brotli}. */
    public static Codec fromName(String name) {
        for (Codec c : values()) {
            if (c.codecName().equals(name)) {
                return c;
            }
        }
        throw new JazminValidationException("unknown codec '" + name + "' (expected none, deflate or brotli)");
    }
}
