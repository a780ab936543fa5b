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
     * The bytes at the end of a remote file read at once to find the trailer: 1/128 of the file, at
     * least 1 KiB and at most 64 KiB ({@link #tailGuess}). A file's catalog (header, chunk directories,
     * statistics) grows with its chunks, and so with its size (1/256 held it until chunk directories
     * listed value points, about 0.3 % of the benchmark's file): the guess holds it for files written
     * with the default chunk sizes, so that an open costs two reads (the preamble and this), while a
     * small file's count, which reads a few hundred bytes of streams, does not read ten times more for
     * its open. A short guess costs one more read ({@code FileOpener}); a file this small is read whole.
     */
    static final int TAIL_MIN = 1 << 10;
    static final int TAIL_MAX = 1 << 16;

    /** How many bytes at the end of a file of {@code size} bytes an open of a remote source reads first. */
    public static long tailGuess(long size) {
        return Math.max(TAIL_MIN, Math.min(TAIL_MAX, size / 128));
    }

    private static final long SMALLEST_FILE = Preamble.SIZE + SectionEnvelope.SIZE + Trailer.SIZE;

    private VersionLocator() {
    }

    public static FileVersion locate(ByteSource source) {
        new VersionLocateEvent().commit();
        long size = source.size();
        if (size < Preamble.SIZE) {
            throw new JazminFormatException("not a JAZMIN file: only " + size + " bytes", null, 0);
        }
        source.keepTail(size - tailGuess(size));
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
