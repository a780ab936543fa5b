package io.jazmin.internal.index;

import java.util.Arrays;

/**
 * The postings of each trigram while a trigram index is built: an open-addressing table keyed by
 * the 48-bit gram itself. A {@code HashMap<Long, …>} boxed a key for every gram of every row, which
 * made building a trigram index the slowest part of writing a text column.
 */
final class GramPostings {
    private static final long EMPTY = -1L;

    private long[] keys = newKeys(1 << 12);
    private PostingsBuffer[] values = new PostingsBuffer[keys.length];
    private int size;

    private static long[] newKeys(int capacity) {
        long[] k = new long[capacity];
        Arrays.fill(k, EMPTY);
        return k;
    }

    /** The postings of {@code gram} (a value of {@link Trigrams#gram}, never negative), created empty. */
    PostingsBuffer postings(long gram) {
        int mask = keys.length - 1;
        int i = slot(gram, mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == gram) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        PostingsBuffer created = new PostingsBuffer(0);
        keys[i] = gram;
        values[i] = created;
        if (++size * 2 > keys.length) {
            grow();
        }
        return created;
    }

    /** The grams held, ascending. */
    long[] sortedGrams() {
        long[] out = new long[size];
        int n = 0;
        for (long k : keys) {
            if (k != EMPTY) {
                out[n++] = k;
            }
        }
        Arrays.sort(out);
        return out;
    }

    /** The postings of a gram that is held. */
    PostingsBuffer get(long gram) {
        int mask = keys.length - 1;
        for (int i = slot(gram, mask); keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == gram) {
                return values[i];
            }
        }
        throw new IllegalArgumentException("gram " + gram + " is not held");
    }

    /** Spreads the gram's bits (three UTF-16 units) over the table (a Fibonacci hash). */
    private static int slot(long gram, int mask) {
        return (int) ((gram * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        PostingsBuffer[] oldValues = values;
        keys = newKeys(oldKeys.length * 2);
        values = new PostingsBuffer[keys.length];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j], mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }
}
