package io.jazmin.internal.column;

/**
 * One thread's working arrays for {@link StreamEncoder}, reused chunk after chunk: a write encodes
 * tens of streams per chunk on each thread, and allocating these per stream made up a third of all
 * a write allocated. Each array grows to the largest stream seen and is only valid up to the
 * length its caller asked for; an encoder uses each one for one stream at a time.
 */
final class EncoderScratch {
    private static final ThreadLocal<EncoderScratch> THREADS = ThreadLocal.withInitial(EncoderScratch::new);

    /** The dictionary table of a text stream being written. */
    final TextDictionary dictionary = new TextDictionary();
    private final int[][] ints = new int[Ints.values().length][0];
    private long[] longs = new long[0];
    private double[] doubles = new double[0];

    /** The int arrays a stream may use at once, each for one purpose. */
    enum Ints {
        /** Per non-null value, its row. */
        ROWS,
        /** Per value, its dictionary entry. */
        ENTRIES,
        /** Per dictionary entry, the value that brought it. */
        FIRSTS,
        /** Per float, its decimal scale. */
        SCALES
    }

    private EncoderScratch() {
    }

    /** The calling thread's arrays. */
    static EncoderScratch get() {
        return THREADS.get();
    }

    /** The int array for {@code use}, of at least {@code n} ints. */
    int[] ints(Ints use, int n) {
        int[] a = ints[use.ordinal()];
        return a.length >= n ? a : (ints[use.ordinal()] = new int[n]);
    }

    /** Integers (non-null values, or float mantissas). */
    long[] longs(int n) {
        return longs.length >= n ? longs : (longs = new long[n]);
    }

    /** Non-null floats. */
    double[] doubles(int n) {
        return doubles.length >= n ? doubles : (doubles = new double[n]);
    }
}
