package io.jazmin.internal.writer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * The value arrays of a table writer's chunks, used again once a chunk is written: a chunk's column
 * vectors hold their builders' arrays, or copies of them (the builders go on with the next chunk while
 * the vectors are encoded), and without reuse every chunk allocated them anew (of the benchmark's 20 MB
 * per write of 200,000 rows, about 17 MB). {@link ColumnBuilder#take} asks here for spare arrays (for the
 * builder to go on with, or to copy into) and {@link #lend lends} the chunk its arrays; what it lent one
 * chunk is {@link #handedOut() gathered} into that chunk, and {@link ChunkPipeline} {@link #giveBack gives
 * them back} once the chunk is encoded and written, when nothing refers to its vectors any more. Used on the
 * writer's own thread only (the workers encoding a chunk never take nor give arrays). Number arrays are
 * reused only at their exact length (a vector's array is as long as its rows); byte arrays at any length
 * that fits.
 */
final class ChunkArrays {
    /** The most arrays of one kind kept: more chunks than a writer has in flight. */
    private static final int KEPT_PER_KIND = 64;

    private final ArrayDeque<long[]> longs = new ArrayDeque<>();
    private final ArrayDeque<double[]> doubles = new ArrayDeque<>();
    private final ArrayDeque<boolean[]> bools = new ArrayDeque<>();
    private final ArrayDeque<int[]> ints = new ArrayDeque<>();
    private final ArrayDeque<byte[]> bytes = new ArrayDeque<>();
    /** Arrays lent since the last {@link #handedOut()}: the chunk being taken from the builders. */
    private final List<Object> current = new ArrayList<>();

    /** An array of exactly {@code n} longs, its contents undefined. */
    long[] longs(int n) {
        return exact(longs, n, a -> a.length, long[]::new);
    }

    /** An array of exactly {@code n} doubles, its contents undefined. */
    double[] doubles(int n) {
        return exact(doubles, n, a -> a.length, double[]::new);
    }

    /** An array of exactly {@code n} booleans, its contents undefined. */
    boolean[] bools(int n) {
        return exact(bools, n, a -> a.length, boolean[]::new);
    }

    /** An array of exactly {@code n} ints, its contents undefined. */
    int[] ints(int n) {
        return exact(ints, n, a -> a.length, int[]::new);
    }

    /**
     * An array of at least {@code n} bytes, its contents undefined; a new one has room for an eighth more,
     * so that the next chunks' strings, a little longer, fit it too.
     */
    byte[] bytes(int n) {
        for (Iterator<byte[]> it = bytes.iterator(); it.hasNext(); ) {
            byte[] a = it.next();
            if (a.length >= n) {
                it.remove();
                return a;
            }
        }
        return new byte[n + (n >>> 3)];
    }

    /** A kept array of exactly {@code n} elements, taken out, else a new one. */
    private <T> T exact(ArrayDeque<T> kept, int n, ToIntFunction<T> length, IntFunction<T> make) {
        for (Iterator<T> it = kept.iterator(); it.hasNext(); ) {
            T a = it.next();
            if (length.applyAsInt(a) == n) {
                it.remove();
                return a;
            }
        }
        return make.apply(n);
    }

    /**
     * Counts {@code array} (from here or a builder's own) as one of the chunk being taken: it comes back
     * with the chunk's arrays ({@link #handedOut()}) once the chunk is written.
     */
    <T> T lend(T array) {
        current.add(array);
        return array;
    }

    /** The arrays lent since the last call: those of the chunk just taken from the builders. */
    Object[] handedOut() {
        Object[] all = current.toArray();
        current.clear();
        return all;
    }

    /** Takes back the arrays of a chunk once it is written (nothing may use them afterwards). */
    void giveBack(Object[] arrays) {
        for (Object a : arrays) {
            if (a instanceof long[] l) {
                keep(longs, l);
            } else if (a instanceof double[] d) {
                keep(doubles, d);
            } else if (a instanceof boolean[] b) {
                keep(bools, b);
            } else if (a instanceof int[] i) {
                keep(ints, i);
            } else if (a instanceof byte[] b) {
                keep(bytes, b);
            }
        }
    }

    private static <T> void keep(ArrayDeque<T> kept, T array) {
        if (kept.size() < KEPT_PER_KIND) {
            kept.push(array);
        }
    }
}
