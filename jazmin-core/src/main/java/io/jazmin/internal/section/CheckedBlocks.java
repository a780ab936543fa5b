package io.jazmin.internal.section;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.compress.StoredBlocks;
import io.jazmin.internal.wire.ByteSource;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * A plain section's stored payload, checked whole against the envelope's CRC-32 in one pass over
 * fixed blocks that are not kept (only the first is), then fetched again block by block, in order,
 * as its inflater asks: the CRC-32 of the first block and those fetched must be, after each, what
 * the pass had there, so the bytes inflated are the bytes whose CRC matched, even if the file was
 * changed in place in between. One CRC pass over the section, and one over what is fetched again.
 */
final class CheckedBlocks implements StoredBlocks {
    /**
     * Block length: what a lazily inflated part keeps at least (the first block: a query reading a
     * wide table's first columns rarely needs more) and re-reads at most beyond what it inflates.
     */
    static final int BLOCK = 1 << 14;
    /** Blocks read at once by the checking pass (256 KiB). */
    private static final int PASS_BLOCKS = 16;
    /** Per thread, the direct buffer the checking pass reads into: the bytes it only checks never reach the heap. */
    private static final ThreadLocal<ByteBuffer> PASS =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(PASS_BLOCKS * BLOCK));

    private final ByteSource source;
    private final long start;
    private final int length;
    /** Per block, the CRC-32 of the payload up to its end in the checking pass. */
    private final int[] crcs;
    /** The CRC-32 of the first block and the blocks fetched so far. */
    private final CRC32 fetched;
    private int next = 1;

    private CheckedBlocks(ByteSource source, long start, int length, int[] crcs, CRC32 fetched) {
        this.source = source;
        this.start = start;
        this.length = length;
        this.crcs = crcs;
        this.fetched = fetched;
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
        whole.update(first, off, Math.min(BLOCK, length));
        crcs[0] = (int) whole.getValue();
        ByteBuffer pass = PASS.get();
        for (int k = 1; k < count; k += PASS_BLOCKS) {
            int len = (int) Math.min((long) PASS_BLOCKS * BLOCK, length - (long) k * BLOCK);
            pass.clear().limit(len);
            source.read(start + (long) k * BLOCK, pass);
            for (int b = 0; b * BLOCK < len; b++) {
                pass.limit(Math.min(len, (b + 1) * BLOCK)).position(b * BLOCK);
                whole.update(pass);
                crcs[k + b] = (int) whole.getValue();
            }
        }
        if (whole.getValue() != crc32) {
            throw new JazminFormatException("section CRC-32 mismatch: the file is damaged");
        }
        CRC32 fetched = new CRC32();
        fetched.update(first, off, Math.min(BLOCK, length));
        return new CheckedBlocks(source, start, length, crcs, fetched);
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
        if (k != next) {
            throw new IllegalStateException("block " + k + " fetched out of order, " + next + " is next");
        }
        int len = Math.min(BLOCK, length - k * BLOCK);
        source.read(start + (long) k * BLOCK, into, len);
        fetched.update(into, 0, len);
        if ((int) fetched.getValue() != crcs[k]) {
            throw new JazminFormatException("section bytes changed on disk since their CRC-32 was checked");
        }
        next++;
        return len;
    }
}
