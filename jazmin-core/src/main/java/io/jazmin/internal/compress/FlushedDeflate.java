package io.jazmin.internal.compress;

import io.jazmin.internal.parallel.FanOut;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.Deflater;

/**
 * A Deflate payload with a full flush before each column stream, so that each stream can be inflated on
 * its own (column flush points), and the default setting's choice among the {@link StreamSetting}s
 * stream by stream. A full flush forgets what came before it, so each piece's Deflate data is whole on
 * its own and pieces of different passes join up.
 */
public final class FlushedDeflate {
    /**
     * A column stream gets a costlier {@link StreamSetting} only where that is shorter by more than 1/{@value}
     * (see {@link #deflate(int, byte[], int, int[], FanOut)}).
     */
    public static final int SECOND_PASS_GAIN = 1024;

    /**
     * Raw payloads up to this many bytes (a small append's chunk, one saved entity say) get one pass
     * of {@link StreamSetting#STANDARD}: the settings differ there by a few bytes, and trying all of
     * them cost four deflates of every stream, a tenth of a one-entity save.
     */
    static final int SMALL_PAYLOAD = 1024;

    private FlushedDeflate() {
    }

    /**
     * A Deflate payload ({@code level} as for {@link Compression#compress}) with a full flush before each raw
     * offset {@code starts[1..]}, so that each of those pieces can be inflated on its own. The default
     * setting chooses among the {@link StreamSetting}s piece by piece: from the cheapest, a costlier
     * setting is taken only where it is shorter by more than 1/{@value #SECOND_PASS_GAIN} (about 0.1 %).
     * On the benchmark's customers (single-threaded, all chunks): the balances hold no repeats, and Huffman
     * codes alone give level 9 FILTERED's bytes in 0.4 of its time; level 5 is as short as level 6 on the
     * e-mails in 0.85 of its time; level 9 FILTERED costs twice level 6 and saves 0.06 % there.
     *
     * @param starts ascending raw offsets, the first 0
     * @param fan    runs the passes, which are independent of each other ({@link #passes})
     */
    public static Flushed deflate(int level, byte[] raw, int len, int[] starts, FanOut fan) {
        return foldPasses(fan.all(passes(level, raw, len, starts)));
    }

    /**
     * The passes {@link #deflate(int, byte[], int, int[], FanOut)} makes, independent of each other, so
     * that they can run on several threads: one for an explicit level; for the default setting, one per
     * {@link StreamSetting}, the costliest first. {@link #foldPasses} joins their results.
     */
    public static List<Callable<Flushed>> passes(int level, byte[] raw, int len, int[] starts) {
        if (level != Compression.DEFAULT_LEVEL) {
            Deflate.checkLevel(level);
            int[] levels = new int[starts.length];
            int[] strategies = new int[starts.length];
            Arrays.fill(levels, level);
            Arrays.fill(strategies, Deflater.DEFAULT_STRATEGY);
            return List.of(() -> deflate(levels, strategies, null, raw, len, starts));
        }
        if (len <= SMALL_PAYLOAD) {
            StreamSetting[] standard = new StreamSetting[starts.length];
            Arrays.fill(standard, StreamSetting.STANDARD);
            return List.of(() -> deflate(standard, raw, len, starts));
        }
        StreamSetting[] cheapestFirst = StreamSetting.values();
        List<Callable<Flushed>> passes = new ArrayList<>(cheapestFirst.length);
        for (int i = cheapestFirst.length - 1; i >= 0; i--) {
            StreamSetting[] all = new StreamSetting[starts.length];
            Arrays.fill(all, cheapestFirst[i]);
            passes.add(() -> deflate(all, raw, len, starts));
        }
        return passes;
    }

    /**
     * The Deflate data of the passes {@link #passes} gave (their results in its order): from the
     * cheapest, each piece from a costlier pass only where shorter by more than 1/{@value #SECOND_PASS_GAIN}.
     */
    public static Flushed foldPasses(List<Flushed> costliestFirst) {
        Flushed chosen = null;
        for (int i = costliestFirst.size() - 1; i >= 0; i--) {
            Flushed pass = costliestFirst.get(i);
            chosen = chosen == null ? pass : shorterPieces(chosen, pass);
        }
        return chosen;
    }

    /**
     * Like {@link #deflate(int, byte[], int, int[], FanOut)} with the default setting, but in one pass:
     * each piece with the setting {@code settings} gives it, as a table's first chunk part chose them
     * ({@link Flushed#settings()}).
     */
    public static Flushed deflate(StreamSetting[] settings, byte[] raw, int len, int[] starts) {
        if (settings.length != starts.length) {
            throw new IllegalArgumentException(settings.length + " piece settings for " + starts.length + " pieces");
        }
        int[] levels = new int[settings.length];
        int[] strategies = new int[settings.length];
        for (int k = 0; k < settings.length; k++) {
            levels[k] = settings[k].level;
            strategies[k] = settings[k].strategy;
        }
        return deflate(levels, strategies, settings.clone(), raw, len, starts);
    }

    /**
     * Deflate output with full-flush points.
     *
     * @param bytes         the raw Deflate data
     * @param storedOffsets per piece, where its data starts in {@code bytes} (the first 0)
     * @param settings      per piece, the setting of the default choice that made it; {@code null} when
     *                      one explicit level made them all
     */
    public record Flushed(byte[] bytes, int[] storedOffsets, StreamSetting[] settings) {
        /** Whether level 9 FILTERED (the default setting's second pass) made any piece. */
        public boolean anyFiltered() {
            return settings != null && Arrays.asList(settings).contains(StreamSetting.FILTERED);
        }

        private int pieceLength(int k) {
            return (k + 1 < storedOffsets.length ? storedOffsets[k + 1] : bytes.length) - storedOffsets[k];
        }
    }

    /**
     * Per piece, {@code costlier}'s Deflate data of the same pieces where shorter than {@code cheaper}'s by
     * more than 1/{@value #SECOND_PASS_GAIN}, else {@code cheaper}'s.
     */
    private static Flushed shorterPieces(Flushed cheaper, Flushed costlier) {
        int pieces = cheaper.storedOffsets().length;
        Flushed[] from = new Flushed[pieces];
        int n = 0;
        for (int k = 0; k < pieces; k++) {
            long gain = (long) cheaper.pieceLength(k) - costlier.pieceLength(k);
            from[k] = gain * SECOND_PASS_GAIN > cheaper.pieceLength(k) ? costlier : cheaper;
            n += from[k].pieceLength(k);
        }
        byte[] out = new byte[n];
        int[] offsets = new int[pieces];
        StreamSetting[] settings = new StreamSetting[pieces];
        n = 0;
        for (int k = 0; k < pieces; k++) {
            offsets[k] = n;
            settings[k] = from[k].settings()[k];
            System.arraycopy(from[k].bytes(), from[k].storedOffsets()[k], out, n, from[k].pieceLength(k));
            n += from[k].pieceLength(k);
        }
        return new Flushed(out, offsets, settings);
    }

    private static Flushed deflate(int[] levels, int[] strategies, StreamSetting[] settings, byte[] raw,
                                   int len, int[] starts) {
        Deflater d = Deflaters.take(levels[0], strategies[0]);
        boolean ended = false;
        // The output room each call gets is the same as with an array of exactly that length, doubled as it
        // fills (see Deflate.deflateBelow).
        int room = Math.max(64, len / 2);
        byte[] out = DeflateBuffer.take(room);
        try {
            int n = 0;
            int[] stored = new int[starts.length];
            for (int k = 0; k < starts.length; k++) {
                // Set between pieces, with no input given yet: zlib applies new settings by compressing the
                // input it holds with the old ones, and at a full flush it holds none. At k = 0 this applies
                // the strategy, which the constructor does not take.
                if (n == room) {
                    room *= 2;
                    out = DeflateBuffer.grown(out, n, room);
                }
                d.setLevel(levels[k]);
                d.setStrategy(strategies[k]);
                d.deflate(out, n, room - n, Deflater.NO_FLUSH);
                stored[k] = n;
                boolean last = k == starts.length - 1;
                int end = last ? len : starts[k + 1];
                d.setInput(raw, starts[k], end - starts[k]);
                if (last) {
                    d.finish();
                }
                // A full flush is done once deflate leaves room in the output; the last piece, once finished.
                boolean done = false;
                while (!done) {
                    if (n == room) {
                        room *= 2;
                        out = DeflateBuffer.grown(out, n, room);
                    }
                    int free = room - n;
                    int got = last ? d.deflate(out, n, free) : d.deflate(out, n, free, Deflater.FULL_FLUSH);
                    n += got;
                    done = last ? d.finished() : got < free && d.needsInput();
                }
            }
            ended = true;
            return new Flushed(Arrays.copyOf(out, n), stored, settings);
        } finally {
            DeflateBuffer.give(out);
            int last = starts.length - 1;
            Deflaters.give(d, levels[last], strategies[last], ended);
        }
    }
}
