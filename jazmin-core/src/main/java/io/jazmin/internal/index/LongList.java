package io.jazmin.internal.index;

import java.util.Arrays;

/** A growable list of longs (row ids while an index is built), without boxing. */
final class LongList {
    private long[] values = new long[16];
    private int size;

    void add(long v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    long get(int i) {
        return values[i];
    }

    int size() {
        return size;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
