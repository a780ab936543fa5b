package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.Decimals;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * Index keys on disk (spec §1.8, §1.16): the key-form bytes of page entries (strings with a
 * length prefix) and of directory first keys (strings without). Unlike statistics bounds, float
 * keys may be infinite here, since every non-NaN float is indexed.
 */
final class IndexKeys {
    private IndexKeys() {
    }

    /**
     * The index key of a non-null value: its key form, strings {@linkplain #wellFormed well formed};
     * {@code null} for a float NaN.
     */
    static Object keyOf(ColumnType type, Object value) {
        Object key = KeyForms.keyOf(type, value);
        return type.isText() ? wellFormed((String) key) : key;
    }

    /** Writes a key as in an encoding-0 page. */
    static void write(ByteWriter out, ColumnType type, Object key) {
        switch (type) {
            case BOOL -> out.u8((Boolean) key ? 1 : 0);
            case INT, DATETIME -> out.zigzag((Long) key);
            case FLOAT -> out.f64((Double) key);
            case DECIMAL -> Decimals.write((BigDecimal) key, out);
            case STRING -> out.lengthPrefixed(utf8((String) key));
            case BINARY, JSON, LIST, OBJECT ->
                    throw new IllegalArgumentException(type.typeName() + " columns have no sorted index");
        }
    }

    /** Reads a key as in an encoding-0 page. */
    static Object read(ByteReader in, ColumnType type) {
        return switch (type) {
            case BOOL -> readBool(in);
            case INT, DATETIME -> in.zigzag();
            case FLOAT -> readFloat(in);
            case DECIMAL -> Decimals.reduce(Decimals.read(in));
            // Unordered types have no sorted index; read as text, as before, so a crafted one fails where strings do.
            case STRING, BINARY, JSON, LIST, OBJECT -> in.utf8(in.length());
        };
    }

    /** The bytes of a directory first key. */
    static byte[] firstKeyBytes(ColumnType type, Object key) {
        if (type.isText()) {
            return utf8((String) key);
        }
        ByteWriter out = new ByteWriter(16);
        write(out, type, key);
        return out.toByteArray();
    }

    /** Decodes a directory first key; all bytes must belong to it. */
    static Object decodeFirstKey(ColumnType type, byte[] bytes) {
        if (type.isText()) {
            return ByteReader.decodeUtf8(bytes, 0, bytes.length);
        }
        ByteReader in = new ByteReader(bytes);
        Object key = read(in, type);
        in.expectEnd("index first key");
        return key;
    }

    /**
     * The string as it reads back from UTF-8: unpaired surrogates become U+FFFD. Index keys are
     * compared in this form, so a written page stays in the order its decoded keys have.
     */
    static String wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return new String(utf8(s), StandardCharsets.UTF_8);
            }
        }
        return s;
    }

    /** UTF-8 as the reference writes it (an unpaired surrogate becomes U+FFFD). */
    static byte[] utf8(String s) {
        return KeyForms.encode(ColumnType.STRING, s);
    }

    private static Boolean readBool(ByteReader in) {
        int b = in.u8();
        if (b > 1) {
            throw new JazminFormatException("bool index key must be 0 or 1, got " + b);
        }
        return b == 1;
    }

    private static Double readFloat(ByteReader in) {
        double v = in.f64();
        if (Double.isNaN(v)) {
            throw new JazminFormatException("NaN in a float index");
        }
        return v == 0 ? 0.0 : v; // fold -0 into +0, as key forms do
    }
}
