package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.wire.Trailer;

/**
 * Finds the trailer to read. Normally the last 44 bytes; in an appended file whose last append
 * did not finish, the most recent valid trailer before it (spec §1.4).
 */
public final class VersionLocator {
    private static final int SCAN_BLOCK = 1 << 20;
    /**
     * How many bytes at the end of a remote file are read at once to find the trailer: enough for the
     * trailer, header, chunk directories and statistics of most files, so that an open costs two
     * requests (the preamble and this), and no more than the 16 KiB a ranged chunk read would rather
     * read than make another request ({@code RangedPart}). A file this small is read whole.
     */
    public static final int TAIL_GUESS = 16 * 1024;
    private static final long SMALLEST_FILE = Preamble.SIZE + SectionEnvelope.SIZE + Trailer.SIZE;

    private VersionLocator() {
    }

    public static FileVersion locate(ByteSource source) {
        long size = source.size();
        if (size < Preamble.SIZE) {
            throw new JazminFormatException("not a JAZMIN file: only " + size + " bytes", null, 0);
        }
        source.keepTail(size - TAIL_GUESS);
        Preamble preamble = Preamble.decode(source.read(0, Preamble.SIZE));
        if (size >= SMALLEST_FILE) {
            long at = size - Trailer.SIZE;
            Trailer last = Trailer.decodeIfValid(source.read(at, Trailer.SIZE), 0, at);
            if (last != null) {
                return new FileVersion(preamble, last, at, false);
            }
        }
        if (!preamble.has(Preamble.APPENDED)) {
            throw new JazminFormatException("the file is incomplete or damaged: no valid trailer at its end",
                    null, Math.max(0, size - Trailer.SIZE));
        }
        return scanBack(source, preamble, size);
    }

    /** Scans backwards block by block for the latest position holding a valid trailer. */
    private static FileVersion scanBack(ByteSource source, Preamble preamble, long size) {
        long lowest = Preamble.SIZE + SectionEnvelope.SIZE;
        long blockEnd = size;
        while (blockEnd - Trailer.SIZE >= lowest) {
            long blockStart = Math.max(lowest, blockEnd - SCAN_BLOCK);
            byte[] block = source.read(blockStart, (int) (blockEnd - blockStart));
            for (int i = block.length - Trailer.SIZE; i >= 0; i--) {
                if (block[i + 40] == 'J' && block[i + 43] == '1') {
                    long at = blockStart + i;
                    Trailer t = Trailer.decodeIfValid(block, i, at);
                    if (t != null) {
                        return new FileVersion(preamble, t, at, true);
                    }
                }
            }
            if (blockStart == lowest) {
                break;
            }
            // Overlap by a trailer's length so one straddling the block edge is still seen.
            blockEnd = blockStart + Trailer.SIZE - 1;
        }
        throw new JazminFormatException("appended file has no valid trailer: nothing can be recovered", null, 0);
    }
}
