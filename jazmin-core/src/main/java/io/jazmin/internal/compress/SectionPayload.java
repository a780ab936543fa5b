package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The raw payload of a section, inflated only as far as its readers ask ({@link #upTo}): a query
 * reading the first columns of a chunk part never inflates the streams after them. Bytes once
 * inflated never change, so {@link #array()} may be read up to the end asked for while other
 * threads ask for more. The raw length is checked once the payload is wholly inflated.
 */
public final class SectionPayload {
    private final int rawLength;
    /** Inflates the rest, or {@code null} once the payload is whole. */
    private Inflater inflater;
    private BoundedOutput out;
    private volatile byte[] bytes;
    private volatile int available;

    private SectionPayload(byte[] whole) {
        this.rawLength = whole.length;
        this.bytes = whole;
        this.available = whole.length;
    }

    private SectionPayload(byte[] stored, int off, int len, int rawLength) {
        this.rawLength = rawLength;
        this.inflater = new Inflater(true);
        this.inflater.setInput(stored, off, len);
        // Starts small: a query reading the first streams never needs the whole buffer.
        this.out = BoundedOutput.startingAt(Math.max(1 << 13, 4 * len), rawLength);
        this.bytes = out.array();
    }

    /** A payload already whole. */
    public static SectionPayload of(byte[] raw) {
        return new SectionPayload(raw);
    }

    /**
     * A raw Deflate payload to inflate on demand from {@code stored[off..off+len)}, which must stay
     * unchanged while this payload is used.
     */
    static SectionPayload deflated(byte[] stored, int off, int len, int rawLength) {
        Compression.checkDeflateRatio(len, rawLength);
        return new SectionPayload(stored, off, len, rawLength);
    }

    /** The payload's length once whole. */
    public int length() {
        return rawLength;
    }

    /**
     * The payload's bytes, inflated at least to {@code end} (clamped to the payload's length): a
     * later call may return a larger array holding the same bytes.
     */
    public byte[] upTo(int end) {
        int want = Math.min(end, rawLength);
        if (available < want) {
            inflate(want);
        }
        return bytes;
    }

    /** The whole payload, inflated and its length checked. */
    public byte[] whole() {
        return upTo(rawLength);
    }

    private synchronized void inflate(int want) {
        try {
            while (available < want) {
                int room = out.room(want);
                if (room == 0) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                int got = inflater.inflate(out.array(), out.size(), Math.min(room, Math.max(want - out.size(), 1 << 14)));
                if (got == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    throw new JazminFormatException(inflater.finished()
                            ? "Deflate section decodes to " + out.size() + " bytes, not its raw length " + rawLength
                            : "truncated Deflate data");
                }
                out.advance(got);
                bytes = out.array();
                available = out.size();
            }
            if (available == rawLength) {
                if (!inflater.finished()) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                inflater.end();
                bytes = out.finish("Deflate");
                out = null;
            }
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data: " + e.getMessage());
        }
    }
}
