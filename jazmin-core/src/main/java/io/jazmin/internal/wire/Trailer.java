package io.jazmin.internal.wire;

import java.util.zip.CRC32;

/**
 * The 44-byte trailer at the end of every file version: where the header, key-slot list and
 * signature sections are, protected by a CRC-32 and the magic.
 */
public record Trailer(long headerOffset, long headerLength, long keyslotsOffset, long keyslotsLength,
                      long signatureOffset, long signatureLength) {
    public static final int SIZE = 44;

    /**
     * Parses the trailer whose first byte is at file offset {@code at}; returns {@code null} when the
     * bytes are not a valid trailer for that position (bad magic or CRC, or named sections that do
     * not end exactly where the trailer starts).
     */
    public static Trailer decodeIfValid(byte[] b, int off, long at) {
        if (b[off + 40] != 'J' || b[off + 41] != 'Z' || b[off + 42] != 'M' || b[off + 43] != '1') {
            return null;
        }
        CRC32 crc = new CRC32();
        crc.update(b, off, 36);
        ByteReader r = new ByteReader(b, off, SIZE);
        Trailer t = new Trailer(r.u64(), r.u32(), r.u64(), r.u32(), r.u64(), r.u32());
        if (r.u32() != crc.getValue()) {
            return null;
        }
        return t.fitsBefore(at) ? t : null;
    }

    /** Checks the validity rule of the spec for a trailer starting at {@code at}. */
    private boolean fitsBefore(long at) {
        if (headerLength == 0) {
            return false;
        }
        long lastEnd = 0;
        long[][] named = {{headerOffset, headerLength}, {keyslotsOffset, keyslotsLength},
                {signatureOffset, signatureLength}};
        for (long[] s : named) {
            if (s[1] == 0 && s[0] == 0) {
                continue;
            }
            if (s[1] < 16 || s[0] < Preamble.SIZE || s[0] > at || s[1] > at - s[0]) {
                return false;
            }
            lastEnd = Math.max(lastEnd, s[0] + s[1]);
        }
        return lastEnd == at;
    }

    public byte[] encode() {
        ByteWriter w = new ByteWriter(SIZE);
        w.u64(headerOffset).u32(headerLength).u64(keyslotsOffset).u32(keyslotsLength)
                .u64(signatureOffset).u32(signatureLength);
        CRC32 crc = new CRC32();
        crc.update(w.array(), 0, 36);
        w.u32(crc.getValue()).bytes(Preamble.MAGIC);
        return w.toByteArray();
    }
}
