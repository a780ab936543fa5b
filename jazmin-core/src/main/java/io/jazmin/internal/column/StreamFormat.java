package io.jazmin.internal.column;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;

/** Constants and small rules of the column stream layout (spec §1.9) shared by encoder and decoder. */
final class StreamFormat {
    static final int PLAIN = 0;
    static final int DELTA = 1;
    static final int DICTIONARY = 2;
    static final int BITMAP = 3;
    static final int SCALED = 4;
    static final int NESTED = 5;

    static final int ENCODING_MASK = 0x0F;
    static final int HAS_NULLS = 0x10;
    static final int RESERVED_FLAGS = 0xE0;

    /** Scaled floats: the reference writer never uses a scale above 15; readers accept up to 22. */
    static final int MAX_WRITE_SCALE = 15;
    static final int MAX_READ_SCALE = 22;
    /** Scaled floats: marker byte of a raw binary64 value. */
    static final int RAW_FLOAT = 255;
    /** Largest |m| a reader accepts in a scaled float (spec: |m| ≤ 2^53). */
    static final long MAX_READ_MANTISSA = 1L << 53;
    /** Largest |m| a writer uses (JS Number.isSafeInteger: |m| ≤ 2^53 − 1). */
    static final long MAX_WRITE_MANTISSA = (1L << 53) - 1;

    /** 10^s as doubles, each exact (every power up to 10^22 is representable, so the products are exact). */
    static final double[] POW10 = new double[MAX_READ_SCALE + 1];

    static {
        double p = 1;
        for (int s = 0; s < POW10.length; s++) {
            POW10[s] = p;
            p *= 10;
        }
    }


    private StreamFormat() {
    }

    /** Whether a scalar stream of {@code type} may use {@code encoding} (nested encoding excluded). */
    static boolean allowed(ColumnType type, int encoding) {
        if (encoding == PLAIN) {
            return true;
        }
        return switch (type) {
            case BOOL -> encoding == BITMAP;
            case INT, DATETIME -> encoding == DELTA;
            case FLOAT -> encoding == SCALED;
            case STRING, DECIMAL -> encoding == DICTIONARY;
            case BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    /** Whether int-stream values of {@code type} are epoch milliseconds, checked against the datetime range. */
    static boolean isEpochMillis(ColumnType type) {
        return switch (type) {
            case DATETIME -> true;
            case BOOL, INT, FLOAT, DECIMAL, STRING, BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    /**
     * Whether a plain value of {@code type} in a text-like stream is two varints (a decimal's scale and
     * mantissa) rather than length-prefixed bytes.
     */
    static boolean isVarintPair(ColumnType type) {
        return switch (type) {
            case DECIMAL -> true;
            case BOOL, INT, FLOAT, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    /** Returns {@code ms} or throws when it lies outside the supported datetime range. */
    static long checkDatetime(long ms) {
        if (!DatetimeRange.contains(ms)) {
            throw new JazminFormatException("datetime " + ms + " ms is outside years 1..9999");
        }
        return ms;
    }

    /** Bytes of a bitmap holding {@code bits} bits. */
    static int bitmapBytes(int bits) {
        return (int) (((long) bits + 7) >>> 3);
    }
}
