package io.jazmin.internal.compress;

/**
 * A column stream's Deflate data between its flush points made of stored blocks only
 * ({@link StreamSetting#STORED}, or any setting on bytes it cannot shorten), read without an inflater:
 * its raw bytes lie in the stored ones as they are, after each block's five-byte header. Only the form a
 * writer leaves is taken: from the flush point, whole stored blocks (header byte 0, or 1 for the final
 * block: BFINAL, BTYPE 00 and zero padding to the byte; LEN, then NLEN its complement), their lengths
 * summing to exactly the stream's raw length and the last block ending exactly at the next flush point
 * (empty blocks, as the one a sync or full flush writes, anywhere), the final block the stream's last
 * only in the part's last stream. Such a piece inflates to exactly those bytes and ends where
 * {@link Inflate#segmentInto} checks it does; anything else ({@link #of} gives {@code null}) is
 * inflated as before, which decodes it or reports the damage.
 */
final class StoredPiece {
    /** A stored block's header: the block header byte (padded to the byte), LEN and NLEN. */
    static final int HEADER = 5;
    /** The most raw bytes a stored block holds. */
    static final int MAX_BLOCK = 0xFFFF;

    private final byte[] stored;
    private final int off;
    private final int len;
    /** How many blocks hold raw bytes, and where the first one's start. */
    private final int dataBlocks;
    private final int firstData;

    private StoredPiece(byte[] stored, int off, int len, int dataBlocks, int firstData) {
        this.stored = stored;
        this.off = off;
        this.len = len;
        this.dataBlocks = dataBlocks;
        this.firstData = firstData;
    }

    /**
     * The piece {@code stored[off..off+len)} read as stored blocks holding exactly {@code rawLength} raw
     * bytes, its final block ending it when {@code last} and absent otherwise; {@code null} when it is not
     * in that form (compressed blocks, mixed ones, lengths that do not agree, bytes past its end).
     */
    static StoredPiece of(byte[] stored, int off, int len, int rawLength, boolean last) {
        int end = off + len;
        int dataBlocks = 0;
        int firstData = off;
        long total = 0;
        boolean finalSeen = false;
        for (int pos = off; pos < end; ) {
            int data = blockLength(stored, pos, end);
            if (data < 0 || finalSeen) {
                return null;
            }
            finalSeen = (stored[pos] & 1) != 0;
            total += data;
            if (total > rawLength) {
                return null;
            }
            if (data > 0 && dataBlocks++ == 0) {
                firstData = pos + HEADER;
            }
            pos += HEADER + data;
        }
        if (total != rawLength || finalSeen != last) {
            return null;
        }
        return new StoredPiece(stored, off, len, dataBlocks, firstData);
    }

    /**
     * The raw length of the stored block whose header is at {@code stored[pos]}, the block lying before
     * {@code end}; −1 when it is not a stored block in the writer's form or overruns {@code end}.
     */
    private static int blockLength(byte[] stored, int pos, int end) {
        if (end - pos < HEADER || (stored[pos] & ~1) != 0) {
            return -1;
        }
        int length = (stored[pos + 1] & 0xFF) | (stored[pos + 2] & 0xFF) << 8;
        int complement = (stored[pos + 3] & 0xFF) | (stored[pos + 4] & 0xFF) << 8;
        if ((length ^ complement) != MAX_BLOCK || length > end - pos - HEADER) {
            return -1;
        }
        return length;
    }

    /** Whether the raw bytes are one run of the stored array ({@link #offset}), to be read where they lie. */
    boolean contiguous() {
        return dataBlocks <= 1;
    }

    /** Where the raw bytes start in the stored array, when {@link #contiguous}. */
    int offset() {
        return firstData;
    }

    /** Copies the first {@code want} raw bytes (at most the piece's) into {@code out[0..want)}, block by block. */
    void copyInto(byte[] out, int want) {
        int n = 0;
        for (int pos = off; pos < off + len && n < want; ) {
            int data = blockLength(stored, pos, off + len);
            int take = Math.min(data, want - n);
            System.arraycopy(stored, pos + HEADER, out, n, take);
            n += take;
            pos += HEADER + data;
        }
    }
}
