package io.jazmin.internal.index;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Posting lists (spec §1.16): ascending row ids as a varint count, then each id as a varint
 * difference from the previous one (the first from 0). Also the postings sections (index nulls,
 * deleted rows): encoding byte 0, then one posting list.
 */
public final class Postings {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    /** The top bit of each byte: a word without them holds a zero byte exactly when it minus {@link #ONES} has one. */
    private static final long HIGH_BITS = 0x8080808080808080L;
    /** The encoding byte of postings sections, index pages and trigram indexes defined by format 1.0. */
    public static final int ENCODING = 0;

    private Postings() {
    }

    /**
     * Reads one posting list; ids must be strictly ascending and below {@code rowLimit}.
     *
     * @throws JazminFormatException when the list is truncated, not ascending or out of range
     */
    public static long[] read(ByteReader in, long rowLimit) {
        long[] ids = new long[in.count(1)];
        readIds(in, ids.length, ids, 0, -1, rowLimit);
        return ids;
    }

    /**
     * Reads the postings of an entry of an encoding-1 index page: the count (at least 1), the first
     * id as a zigzag difference from {@code previousFirst}, then varint differences.
     */
    static long[] readCompact(ByteReader in, long previousFirst, long rowLimit) {
        int count = in.count(1);
        if (count == 0) {
            throw new JazminFormatException("an index entry has no row ids");
        }
        long[] ids = new long[count];
        ids[0] = firstCompactId(in, previousFirst, rowLimit);
        readIds(in, count - 1, ids, 1, ids[0], rowLimit);
        return ids;
    }

    /**
     * Steps over the postings of an encoding-1 entry, checking its count and first id as
     * {@link #readCompact} does but neither decoding nor checking the rest (checked when read, as
     * {@link #skip}); returns its first id, which the next entry's is based on.
     */
    static long skipCompact(ByteReader in, long previousFirst, long rowLimit) {
        int count = in.count(1);
        if (count == 0) {
            throw new JazminFormatException("an index entry has no row ids");
        }
        long first = firstCompactId(in, previousFirst, rowLimit);
        in.skipVarints(count - 1);
        return first;
    }

    private static JazminFormatException notAscending(long rowLimit) {
        return new JazminFormatException("posting list is not strictly ascending within the table's " + rowLimit
                + " rows");
    }

    /** The first id of an encoding-1 entry: a zigzag difference from {@code previousFirst}, inside the table. */
    private static long firstCompactId(ByteReader in, long previousFirst, long rowLimit) {
        long step = in.zigzag();
        // Both bounds are computed without overflow: 0 <= previousFirst < rowLimit.
        if (step < -previousFirst || step >= rowLimit - previousFirst) {
            throw new JazminFormatException("index row id lies outside the table's " + rowLimit + " rows");
        }
        return previousFirst + step;
    }

    /**
     * Steps over one posting list without decoding or checking its ids (they are checked when read):
     * its varints are counted by their last bytes, eight bytes at a time ({@link ByteReader#skipVarints}).
     */
    static void skip(ByteReader in) {
        in.skipVarints(in.count(1));
    }

    /**
     * Keeps, in place, the first {@code size} ids of {@code kept} (ascending) that are also in the
     * posting list read from {@code in}, which is read whole and checked as {@link #read} checks it,
     * without an array of its own.
     *
     * @return how many ids are kept, at the start of {@code kept}
     */
    static int retainAll(ByteReader in, long rowLimit, long[] kept, int size) {
        int count = in.count(1);
        int n = 0;
        int k = 0;
        long previous = -1;
        for (int i = 0; i < count; i++) {
            long delta = in.varint();
            long id = previous < 0 ? delta : previous + delta;
            if (delta < 0 || id <= previous || id >= rowLimit) {
                throw new JazminFormatException("posting list is not strictly ascending within the table's "
                        + rowLimit + " rows");
            }
            previous = id;
            while (k < size && kept[k] < id) {
                k++;
            }
            if (k < size && kept[k] == id) {
                kept[n++] = id;
                k++;
            }
        }
        return n;
    }

    /**
     * Reads {@code n} ascending ids, each a difference from the one before ({@code previous}; -1 makes the
     * first difference absolute), checked strictly ascending and below {@code rowLimit}, into
     * {@code ids[from..]}. One-byte differences (dense lists, most of a common key's) are read in the loop
     * itself, eight from one word where it holds eight (none zero: each id above the one before it, so the
     * eighth below the limit puts all eight below it), others by {@link ByteReader#varint()}.
     */
    private static void readIds(ByteReader in, int n, long[] ids, int from, long previous, long rowLimit) {
        byte[] b = in.array();
        int p = in.position();
        int end = p + in.remaining();
        int i = 0;
        while (i < n) {
            long word;
            if (previous >= 0 && previous < rowLimit - 8 * 127 && i <= n - Long.BYTES && p <= end - Long.BYTES
                    && ((word = (long) LONGS.get(b, p)) & HIGH_BITS) == 0 && ((word - ONES) & HIGH_BITS) == 0) {
                for (int k = 0; k < Long.BYTES; k++) {
                    previous += (word >>> (k << 3)) & 0x7F;
                    ids[from + i + k] = previous;
                }
                i += Long.BYTES;
                p += Long.BYTES;
                continue;
            }
            long id;
            int small;
            if (previous >= 0 && p < end && (small = b[p]) > 0) {
                id = previous + small; // a step of 1 to 127: ascending, no overflow below rowLimit
                p++;
            } else {
                in.skip(p - in.position());
                long delta = in.varint();
                p = in.position();
                id = previous < 0 ? delta : previous + delta;
                // delta < 0 is an unsigned value beyond 2^63; id <= previous catches zero steps and overflow.
                if (delta < 0 || id <= previous) {
                    throw notAscending(rowLimit);
                }
            }
            if (id >= rowLimit) {
                throw notAscending(rowLimit);
            }
            ids[from + i++] = id;
            previous = id;
        }
        in.skip(p - in.position());
    }

    /**
     * Reads a postings section: encoding byte 0, one posting list, nothing after it.
     *
     * @param what names the section in error messages
     * @throws UnsupportedFeatureException when the encoding byte is not 0
     * @throws JazminFormatException       when the list is damaged or followed by other bytes
     */
    public static long[] readSection(byte[] payload, long rowLimit, String what) {
        ByteReader in = new ByteReader(payload);
        int encoding = in.u8();
        if (encoding != ENCODING) {
            throw new UnsupportedFeatureException("postings-encoding-" + encoding,
                    what + " uses unknown encoding " + encoding);
        }
        long[] ids = read(in, rowLimit);
        in.expectEnd(what);
        return ids;
    }

    /** A postings section of the given strictly ascending row ids. */
    public static byte[] encodeSection(long[] ids) {
        ByteWriter out = new ByteWriter(ids.length * 2 + 8);
        out.u8(ENCODING).varint(ids.length);
        long previous = 0;
        for (long id : ids) {
            out.varint(id - previous);
            previous = id;
        }
        return out.toByteArray();
    }
}
