package io.jazmin.internal.section;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.StoredBlocks;
import io.jazmin.internal.wire.ByteSource;
import java.util.zip.CRC32;

/**
 * A plain section's stored payload, checked whole against the envelope's CRC-32 in one pass over
 * fixed blocks that are not kept (only the first is), then fetched again block by block as its
 * inflater asks: each fetched block must have the CRC-32 it had in that pass, so the bytes inflated
 * are the bytes whose CRC matched, even if the file was changed in place in between.
 */
final class CheckedBlocks implements StoredBlocks {
    /** Block length: a lazily inflated part re-reads at most one block beyond what it inflates from. */
    static final int BLOCK = 1 << 16;
    /** Per thread, the buffer the checking pass reads blocks after the first into. */
    private static final ThreadLocal<byte[]> PASS = ThreadLocal.withInitial(() -> new byte[BLOCK]);

    private final ByteSource source;
    private final long start;
    private final int length;
    /** Per block, the CRC-32 of its bytes in the checking pass. */
    private final int[] crcs;

    private CheckedBlocks(ByteSource source, long start, int length, int[] crcs) {
        this.source = source;
        this.start = start;
        this.length = length;
        this.crcs = crcs;
    }

    /**
     * Checks the stored payload of {@code length} bytes at file offset {@code start}, whose first
     * block the caller has read into {@code first[off..)}, against {@code crc32}; a mismatch is the
     * section CRC error.
     */
    static CheckedBlocks check(ByteSource source, long start, int length, byte[] first, int off, long crc32) {
        int count = (int) ((length + (long) BLOCK - 1) / BLOCK);
        int[] crcs = new int[count];
        CRC32 whole = new CRC32();
        CRC32 block = new CRC32();
        byte[] buf = PASS.get();
        for (int k = 0; k < count; k++) {
            int len = Math.min(BLOCK, length - k * BLOCK);
            byte[] bytes = first;
            int from = off;
            if (k > 0) {
                source.read(start + (long) k * BLOCK, buf, len);
                bytes = buf;
                from = 0;
            }
            whole.update(bytes, from, len);
            block.reset();
            block.update(bytes, from, len);
            crcs[k] = (int) block.getValue();
        }
        if (whole.getValue() != crc32) {
            throw new JazminFormatException("section CRC-32 mismatch: the file is damaged");
        }
        return new CheckedBlocks(source, start, length, crcs);
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public int blockSize() {
        return BLOCK;
    }

    @Override
    public int fetch(int k, byte[] into) {
        int len = Math.min(BLOCK, length - k * BLOCK);
        source.read(start + (long) k * BLOCK, into, len);
        CRC32 crc = new CRC32();
        crc.update(into, 0, len);
        if ((int) crc.getValue() != crcs[k]) {
            throw new JazminFormatException("section bytes changed on disk since their CRC-32 was checked");
        }
        return len;
    }
}
