package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import io.jazmin.options.ReadLimits;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Raw Deflate data inflated through the JDK's {@link Inflater}, whole or one piece from a full-flush point,
 * into exactly the length its envelope or flush points declare. A Deflate section claiming more than
 * {@link ReadLimits#DEFLATE_MAX_RATIO} raw bytes per stored byte is refused before anything is allocated
 * (the caller bounds the raw length itself, {@link ReadLimits#maxSectionLength()}).
 */
final class Inflate {
    /** Per thread, an inflater for the next section: setting one up costs more than a small section's inflation. */
    private static final ThreadLocal<Inflater> INFLATER = new ThreadLocal<>();
    /** Per thread, the byte a stream's end is probed with (one past what its flush points give). */
    private static final ThreadLocal<byte[]> PAST_END = ThreadLocal.withInitial(() -> new byte[1]);

    private Inflate() {
    }

    /** Refuses a Deflate section declaring more raw bytes than its stored ones can expand to. */
    static void checkRatio(int len, int rawLength) {
        if (rawLength > (long) len * ReadLimits.DEFLATE_MAX_RATIO) {
            throw new JazminFormatException("Deflate section of " + len + " bytes declares a raw length of "
                    + rawLength + ", more than Deflate can expand to");
        }
    }

    /** A whole Deflate payload inflated into exactly {@code rawLength} bytes; any other outcome is a format error. */
    static byte[] whole(byte[] stored, int off, int len, int rawLength) {
        checkRatio(len, rawLength);
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            // The ratio check bounds the raw length: one buffer of it, never grown and copied.
            BoundedOutput out = BoundedOutput.startingAt(rawLength, rawLength);
            while (!inf.finished()) {
                int room = out.room();
                if (room == 0) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                int got = inf.inflate(out.array(), out.size(), room);
                if (got == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new JazminFormatException("truncated Deflate data");
                }
                out.advance(got);
            }
            return out.finish("Deflate");
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Inflates one piece of raw Deflate data starting at a full-flush point into exactly
     * {@code rawLength} bytes; only the {@code last} piece ends the Deflate stream.
     */
    static byte[] segment(byte[] stored, int off, int len, int rawLength, boolean last) {
        byte[] out = new byte[rawLength];
        segmentInto(stored, off, len, out, rawLength, last);
        return out;
    }

    /**
     * Like {@link #segment}, into {@code out[0..rawLength)} (at least that long), for a caller reusing a
     * buffer. A piece of stored blocks in the writer's form is copied out of them, checked as inflating
     * it would be ({@link StoredPiece}), without an inflater.
     */
    static void segmentInto(byte[] stored, int off, int len, byte[] out, int rawLength, boolean last) {
        checkRatio(len, rawLength);
        StoredPiece piece = StoredPiece.of(stored, off, len, rawLength, last);
        if (piece != null) {
            piece.copyInto(out, rawLength);
            return;
        }
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            inflateFully(inf, out, rawLength, true);
            // Past the end: another byte, or the stream ending where it must not (or not ending where it must).
            if (inf.inflate(PAST_END.get()) != 0 || inf.finished() != last) {
                throw new JazminFormatException("column stream does not end where its flush points say ("
                        + rawLength + " bytes)");
            }
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data at a column flush point: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Where the {@code rawLength} raw bytes of a piece of stored blocks in the writer's form lie in
     * {@code stored} itself, checked as {@link #segment} checks an inflated piece: the start of the one
     * block holding them; −1 for any other piece (then {@link #segment} inflates it or reports it).
     */
    static int segmentInPlace(byte[] stored, int off, int len, int rawLength, boolean last) {
        checkRatio(len, rawLength);
        StoredPiece piece = StoredPiece.of(stored, off, len, rawLength, last);
        return piece != null && piece.contiguous() ? piece.offset() : -1;
    }

    /**
     * Inflates just the first {@code want} raw bytes of a piece starting at a full-flush point (as
     * {@link #segment}, which the caller has checked {@code want} to be short of its {@code rawLength})
     * into {@code out}; the bytes after them are neither inflated nor checked, unless the piece is stored
     * blocks: those are copied out once all their headers are checked ({@link StoredPiece}).
     */
    static void segmentPrefix(byte[] stored, int off, int len, byte[] out, int want, int rawLength, boolean last) {
        StoredPiece piece = StoredPiece.of(stored, off, len, rawLength, last);
        if (piece != null) {
            piece.copyInto(out, want);
            return;
        }
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            inflateFully(inf, out, want, false);
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data at a column flush point: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Fills {@code out[0..want)} from {@code inf}, set at a full-flush point; a stream ending first is damage
     * (the message, built only then, says what its flush points promised: {@code want} bytes when
     * {@code whole}, else more than a prefix of {@code want}).
     */
    private static void inflateFully(Inflater inf, byte[] out, int want, boolean whole) throws DataFormatException {
        for (int n = 0; n < want; ) {
            int got = inf.inflate(out, n, want - n);
            if (got == 0) {
                throw new JazminFormatException(inf.finished()
                        ? "column stream inflates to " + n + " bytes, " + (whole
                                ? "not the " + want + " its flush points give" : "fewer than its flush points give")
                        : "truncated Deflate data at a column flush point");
            }
            n += got;
        }
    }

    /** This thread's inflater, taken out while in use (a nested use gets a new one). */
    private static Inflater takeInflater() {
        Inflater inf = INFLATER.get();
        INFLATER.set(null);
        return inf == null ? new Inflater(true) : inf;
    }

    private static void returnInflater(Inflater inf) {
        inf.reset();
        INFLATER.set(inf);
    }
}
