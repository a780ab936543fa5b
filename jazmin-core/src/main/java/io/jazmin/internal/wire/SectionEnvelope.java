package io.jazmin.internal.wire;

import io.jazmin.error.JazminFormatException;

/**
 * The 16-byte header in front of every section's payload.
 *
 * @param codec         0 none, 1 Deflate, 2 Brotli, 3 reserved (zstd)
 * @param flags         bit 0 = payload encrypted
 * @param rawLength     payload length after decryption and decompression
 * @param payloadLength stored bytes after the envelope
 * @param crc32         CRC-32 of the stored payload
 */
public record SectionEnvelope(int codec, int flags, long rawLength, long payloadLength, long crc32) {
    public static final int SIZE = 16;
    public static final int FLAG_ENCRYPTED = 0x1;

    public boolean encrypted() {
        return (flags & FLAG_ENCRYPTED) != 0;
    }

    public static SectionEnvelope decode(byte[] b, int off) {
        ByteReader r = new ByteReader(b, off, SIZE);
        int codec = r.u8();
        int flags = r.u8();
        if ((flags & ~FLAG_ENCRYPTED) != 0) {
            throw new JazminFormatException("unknown section flags 0x" + Integer.toHexString(flags));
        }
        if (r.u16() != 0) {
            throw new JazminFormatException("reserved section field is not zero");
        }
        return new SectionEnvelope(codec, flags, r.u32(), r.u32(), r.u32());
    }

    public void encode(ByteWriter w) {
        w.u8(codec).u8(flags).u16(0).u32(rawLength).u32(payloadLength).u32(crc32);
    }

    /** Envelope bytes 0..7 (codec, flags, reserved, raw_length): the part bound into an encrypted section's AAD. */
    public byte[] head() {
        return new ByteWriter(8).u8(codec).u8(flags).u16(0).u32(rawLength).toByteArray();
    }
}
