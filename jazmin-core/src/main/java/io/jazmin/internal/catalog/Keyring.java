package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code Keyring}: the per-file HKDF salts of encrypted files (32 random bytes each).
 *
 * @param data  salt for data sections
 * @param index salt for index sections
 * @param files salt for embedded files; empty when the file stores none
 */
public record Keyring(byte[] data, byte[] index, byte[] files) implements ProtoMessage {

    public Keyring {
        data = Values.bytes(data);
        index = Values.bytes(index);
        files = Values.bytes(files);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.bytes(1, data).bytes(2, index).bytes(3, files);
    }

    /** Decodes a {@code Keyring} message body. */
    public static Keyring decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Keyring");
        byte[] data = null;
        byte[] index = null;
        byte[] files = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> data = r.bytes();
                case 2 -> index = r.bytes();
                case 3 -> files = r.bytes();
                default -> r.skip();
            }
        }
        return new Keyring(data, index, files);
    }
}
