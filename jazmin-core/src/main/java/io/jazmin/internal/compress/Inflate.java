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
        checkRatio(len, rawLength);
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            byte[] out = new byte[rawLength];
            inflateFully(inf, out, out.length, true);
            // Past the end: another byte, or the stream ending where it must not (or not ending where it must).
            if (inf.inflate(new byte[1]) != 0 || inf.finished() != last) {
                throw new JazminFormatException("column stream does not end where its flush points say ("
                        + rawLength + " bytes)");
            }
            return out;
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data at a column flush point: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Inflates just the first {@code want} raw bytes of a piece starting at a full-flush point (as
     * {@link #segment}, which the caller has checked {@code want} to be short of) into
     * {@code out}; the bytes after them are neither inflated nor checked.
     */
    static void segmentPrefix(byte[] stored, int off, int len, byte[] out, int want) {
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
     * Fills {@code out[0..want)} from {@code inf}, set at a full-flush point; a stream ending first is
     * damage. {@code whole}: whether {@code want} is all its flush points promised (else a prefix of it),
     * for the message only, which is made only when thrown (this runs per column stream read).
     */
    private static void inflateFully(Inflater inf, byte[] out, int want, boolean whole) throws DataFormatException {
        for (int n = 0; n < want; ) {
            int got = inf.inflate(out, n, want - n);
            if (got == 0) {
                throw new JazminFormatException(inf.finished()
                        ? "column stream inflates to " + n + " bytes, "
                                + (whole ? "not the " + want + " its flush points give" : "fewer than its flush points give")
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
