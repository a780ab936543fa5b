package io.jazmin.internal.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Null-tolerant defensive copies for the catalog records' compact constructors. */
final class Values {
    static final byte[] NO_BYTES = new byte[0];
    static final int[] NO_INTS = new int[0];
    static final long[] NO_LONGS = new long[0];

    private Values() {
    }

    static String text(String s) {
        return s == null ? "" : s;
    }

    static byte[] bytes(byte[] b) {
        return b == null || b.length == 0 ? NO_BYTES : b.clone();
    }

    static int[] ints(int[] v) {
        return v == null || v.length == 0 ? NO_INTS : v.clone();
    }

    static long[] longs(long[] v) {
        return v == null || v.length == 0 ? NO_LONGS : v.clone();
    }

    /** {@code v} itself, handed over by a caller that keeps no reference to it ({@code null}: empty). */
    static int[] owned(int[] v) {
        return v == null ? NO_INTS : v;
    }

    /** {@code v} itself, handed over by a caller that keeps no reference to it ({@code null}: empty). */
    static long[] owned(long[] v) {
        return v == null ? NO_LONGS : v;
    }

    static <T> List<T> list(List<T> v) {
        return v == null ? List.of() : List.copyOf(v);
    }

    /**
     * {@code v} itself, handed over by a caller that keeps no reference to it, seen unmodifiable; its
     * byte strings are shared as they are (a {@code null} one makes it {@link #bytesList}'s copy).
     */
    static List<byte[]> ownedBytesList(List<byte[]> v) {
        if (v == null) {
            return List.of();
        }
        for (byte[] b : v) {
            if (b == null) {
                return bytesList(v);
            }
        }
        return Collections.unmodifiableList(v);
    }

    /** An unmodifiable copy of a list of byte strings, each copied too. */
    static List<byte[]> bytesList(List<byte[]> v) {
        if (v == null) {
            return List.of();
        }
        List<byte[]> out = new ArrayList<>(v.size());
        for (byte[] b : v) {
            out.add(bytes(b));
        }
        return List.copyOf(out);
    }
}
