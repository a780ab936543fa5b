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
    private int[] rows = new int[0];
    private int[] entries = new int[0];
    private int[] firsts = new int[0];
    private int[] scales = new int[0];
    private long[] longs = new long[0];
    private double[] doubles = new double[0];

    private EncoderScratch() {
    }

    /** The calling thread's arrays. */
    static EncoderScratch get() {
        return THREADS.get();
    }

    /** Per non-null value, its row. */
    int[] rows(int n) {
        return rows.length >= n ? rows : (rows = new int[n]);
    }

    /** Per value, its dictionary entry. */
    int[] entries(int n) {
        return entries.length >= n ? entries : (entries = new int[n]);
    }

    /** Per dictionary entry, the value that brought it. */
    int[] firsts(int n) {
        return firsts.length >= n ? firsts : (firsts = new int[n]);
    }

    /** Per float, its decimal scale. */
    int[] scales(int n) {
        return scales.length >= n ? scales : (scales = new int[n]);
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
