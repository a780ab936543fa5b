package io.jazmin.internal.wire;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;

/**
 * The 64-byte preamble at offset 0: magic {@code JZM1}, flags, file id, KDF salt and iterations.
 *
 * @param flags         bit set of {@link #ENCRYPTED}, {@link #PASSWORD}, {@link #ACCESS}, {@link #APPENDED}
 * @param fileId        16 random bytes, new for every full write
 * @param salt          32 bytes; zero in unencrypted files
 * @param kdfIterations PBKDF2 iterations of password files, else 0
 */
public record Preamble(int flags, byte[] fileId, byte[] salt, long kdfIterations) {
    public static final int SIZE = 64;
    public static final int ENCRYPTED = 0x1;
    public static final int PASSWORD = 0x2;
    public static final int ACCESS = 0x4;
    public static final int APPENDED = 0x8;
    /** Byte offset of the flags field, rewritten in place when an append starts. */
    public static final int FLAGS_OFFSET = 4;

    static final byte[] MAGIC = {'J', 'Z', 'M', '1'};
    private static final byte[] DRAFT_MAGIC = {'J', 'Z', 'M', 'N'};

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** Parses and checks a preamble. */
    public static Preamble decode(byte[] b) {
        if (b.length < SIZE) {
            throw new JazminFormatException("not a JAZMIN file: shorter than the 64-byte preamble", null, 0);
        }
        if (startsWith(b, DRAFT_MAGIC)) {
            throw new JazminFormatException("this is a pre-release draft JAZMIN file (magic JZMN); "
                    + "rewrite it from its source data with a 1.0 writer", null, 0);
        }
        if (!startsWith(b, MAGIC)) {
            throw new JazminFormatException("not a JAZMIN file: bad magic", null, 0);
        }
        ByteReader r = new ByteReader(b, 0, SIZE);
        r.skip(4);
        int flags = r.u16();
        if ((flags & ~0xF) != 0) {
            throw new UnsupportedFeatureException("preamble-flags",
                    "unknown preamble flags 0x" + Integer.toHexString(flags) + "; this file needs a newer reader");
        }
        if (r.u16() != 0) {
            throw new JazminFormatException("reserved preamble field is not zero", null, 6);
        }
        byte[] fileId = r.bytes(16);
        byte[] salt = r.bytes(32);
        long iterations = r.u32();
        if (r.u32() != 0) {
            throw new JazminFormatException("reserved preamble field is not zero", null, 60);
        }
        return new Preamble(flags, fileId, salt, iterations);
    }

    /** The 64 bytes of this preamble. */
    public byte[] encode() {
        ByteWriter w = new ByteWriter(SIZE);
        w.bytes(MAGIC).u16(flags).u16(0).bytes(fileId).bytes(salt).u32(kdfIterations).u32(0);
        return w.toByteArray();
    }

    private static boolean startsWith(byte[] b, byte[] magic) {
        for (int i = 0; i < magic.length; i++) {
            if (b[i] != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
