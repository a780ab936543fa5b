package io.jazmin.reader;

import io.jazmin.JazminFormatException;
import io.jazmin.wire.ByteReader;

/**
 * Reads posting lists: ascending row ids as a varint count, then each id as a varint difference
 * from the previous one (the first from 0), spec §1.16.
 */
public final class Postings {
    private Postings() {
    }

    /**
     * Reads one posting list; ids must be strictly ascending and below {@code rowLimit}.
     */
    public static long[] read(ByteReader in, long rowLimit) {
        int count = in.count(1);
        long[] ids = new long[count];
        long previous = -1;
        for (int i = 0; i < count; i++) {
            long delta = in.varint();
            long id = i == 0 ? delta : previous + delta;
            if (delta < 0 || (i > 0 && delta == 0) || id < previous || id >= rowLimit) {
                throw new JazminFormatException("posting list is not strictly ascending within the table's "
                        + rowLimit + " rows");
            }
            ids[i] = id;
            previous = id;
        }
        return ids;
    }
}
