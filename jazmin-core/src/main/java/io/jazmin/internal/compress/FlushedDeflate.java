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
     * them cost four deflates of every stream, a tenth of a one-entity save (five since level 1 is one).
     */
    static final int SMALL_PAYLOAD = 1024;

    private FlushedDeflate() {
    }

    /**
     * A column stream is compressed only where that saves at least 1/{@value} of its raw bytes; else it is
     * stored ({@link StreamSetting#STORED}), and every read takes its bytes as they are instead of
     * inflating them. A fifth, as SQL Server applies page compression only where it saves at least 20 %
     * and Cassandra stores a chunk raw below its {@code min_compress_ratio}: on the benchmark's customers
     * (a first chunk of 4,096 rows) the balances save 17 % (Huffman codes alone), and inflating them was
     * some 70 % of a cold column sum's CPU; every other stream there saves 88 % or more (issue 33).
     */
    public static final int MIN_SAVING = 5;

    /**
     * A column stream that is not stored gets level 1 ({@link StreamSetting#FAST}) where that makes it at
     * most 1/{@value} of its raw bytes longer than the other compressed settings' choice: one more stored
     * byte for each 128 raw bytes, which level 1 compresses some 250 ns sooner than level 5 (about 2 ns a
     * raw byte on every stream of the benchmark's customers). There it takes every stream but the stored
     * balances, the e-mails (62 % of the raw chunk) 2.3 % longer: the later chunks' Deflate CPU falls from
     * 18 to 9.5 ms a write (one thread), and the file grows 1.3 % (issue 33).
     */
    public static final int FAST_SLACK = 128;

    /**
     * Streams shorter than this many raw bytes stay compressed whatever they save: inflating one takes a
     * few microseconds, and storing the balances of the interop case {@code codec-deflate-default}
     * (250-row chunks, about 1 KiB each) made our file larger than the reference writer's (16,727 against
     * 16,652 bytes, from 15,716), which our files never are for an interop case. A default 4,096-row
     * chunk's balances are 17 KiB.
     */
    public static final int MIN_STORED_LENGTH = 4096;

    /**
     * A Deflate payload ({@code level} as for {@link Compression#compress}) with a full flush before each raw
     * offset {@code starts[1..]}, so that each of those pieces can be inflated on its own. The default
     * setting chooses among the {@link StreamSetting}s piece by piece ({@link #foldPasses}).
     *
     * @param starts ascending raw offsets, the first 0
     * @param fan    runs the passes, which are independent of each other ({@link #passes})
     */
    public static Flushed deflate(int level, byte[] raw, int len, int[] starts, FanOut fan) {
        return deflate(level, raw, len, starts, null, fan);
    }

    /**
     * Like {@link #deflate(int, byte[], int, int[], FanOut)}, the pieces {@code starts} belonging to the
     * streams {@code pieceStream} gives (ascending from 0; {@code null}: a piece per stream), as where value
     * points split a stream: whether a stream is stored is decided on all its pieces together.
     */
    public static Flushed deflate(int level, byte[] raw, int len, int[] starts, int[] pieceStream, FanOut fan) {
        return foldPasses(fan.all(passes(level, raw, len, starts)), len, starts, pieceStream);
    }

    /**
     * The passes {@link #deflate(int, byte[], int, int[], FanOut)} makes, independent of each other, so
     * that they can run on several threads: one for an explicit level; for the default setting, one per
     * compressed {@link StreamSetting}, the costliest first, then the {@link StreamSetting#STORED} one.
     * {@link #foldPasses} joins their results.
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
            if (cheapestFirst[i] != StreamSetting.STORED) {
                passes.add(pass(cheapestFirst[i], raw, len, starts));
            }
        }
        passes.add(pass(StreamSetting.STORED, raw, len, starts));
        return passes;
    }

    private static Callable<Flushed> pass(StreamSetting setting, byte[] raw, int len, int[] starts) {
        StreamSetting[] all = new StreamSetting[starts.length];
        Arrays.fill(all, setting);
        return () -> deflate(all, raw, len, starts);
    }


    /**
     * The Deflate data of the passes {@link #passes} gave (their results in its order) over
     * {@code raw[0..len)} with points {@code starts} (pieces of the streams {@code pieceStream} gives, or
     * {@code null}: a piece per stream): the compressed passes' choice ({@link #foldCompressed}), then
     * stream by stream the stored or level 1 pass where it qualifies ({@link #perStream}).
     */
    public static Flushed foldPasses(List<Flushed> passes, int len, int[] starts, int[] pieceStream) {
        return perStream(foldCompressed(passes), passes, len, starts, pieceStream);
    }

    /**
     * The compressed passes' choice among the passes {@link #passes} gave (any {@link StreamSetting#STORED}
     * pass left out): from the cheapest, each piece from a costlier pass only where shorter by more than
     * 1/{@value #SECOND_PASS_GAIN} (about 0.1 %). On the benchmark's customers (single-threaded, all
     * chunks): Huffman codes alone give the balances level 9 FILTERED's bytes in 0.4 of its time; level 5
     * is as short as level 6 on the e-mails in 0.85 of its time; level 9 FILTERED costs twice level 6 and
     * saves 0.06 % there. What flush points cost is judged on this choice (storing a stream is a choice
     * for the reader, not a cost of the points, and level 1 one for the writer's time).
     */
    public static Flushed foldCompressed(List<Flushed> passes) {
        Flushed chosen = null;
        for (int i = passes.size() - 1; i >= 0; i--) {
            Flushed pass = passes.get(i);
            if (pass.madeAllBy(StreamSetting.STORED)) {
                continue;
            }
            chosen = chosen == null ? pass : shorterPieces(chosen, pass);
        }
        return chosen;
    }

    /**
     * {@code compressed}, stream by stream (all its pieces; {@code pieceStream} gives each piece's stream,
     * {@code null}: a piece per stream): a stream of at least {@value #MIN_STORED_LENGTH} raw bytes that
     * saves less than 1/{@value #MIN_SAVING} of them from the {@link StreamSetting#STORED} pass among
     * {@code passes}; else a stream whose {@link StreamSetting#FAST} pass is at most 1/{@value #FAST_SLACK}
     * of its raw bytes longer from that pass. {@code compressed} itself where {@code passes} hold neither
     * pass (an explicit level, a small payload).
     */
    public static Flushed perStream(Flushed compressed, List<Flushed> passes, int len, int[] starts,
                                    int[] pieceStream) {
        Flushed stored = madeAllBy(passes, StreamSetting.STORED);
        Flushed fast = madeAllBy(passes, StreamSetting.FAST);
        if (stored == null && fast == null) {
            return compressed;
        }
        int pieces = starts.length;
        int streams = PieceSettings.streams(pieces, pieceStream);
        long[] raw = new long[streams];
        long[] packed = new long[streams];
        long[] packedFast = new long[streams];
        for (int k = 0; k < pieces; k++) {
            int stream = pieceStream == null ? k : pieceStream[k];
            raw[stream] += (k + 1 < pieces ? starts[k + 1] : len) - starts[k];
            packed[stream] += compressed.pieceLength(k);
            packedFast[stream] += fast == null ? 0 : fast.pieceLength(k);
        }
        Flushed[] from = new Flushed[pieces];
        for (int k = 0; k < pieces; k++) {
            int stream = pieceStream == null ? k : pieceStream[k];
            boolean weak = stored != null && raw[stream] >= MIN_STORED_LENGTH
                    && (raw[stream] - packed[stream]) * MIN_SAVING < raw[stream];
            boolean fastEnough = fast != null && (packedFast[stream] - packed[stream]) * FAST_SLACK <= raw[stream];
            from[k] = weak ? stored : fastEnough ? fast : compressed;
        }
        return joined(from);
    }

    /** The pass among {@code passes} that {@code setting} made whole, or {@code null}. */
    private static Flushed madeAllBy(List<Flushed> passes, StreamSetting setting) {
        return passes.stream().filter(pass -> pass.madeAllBy(setting)).findFirst().orElse(null);
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

        /** Whether this is {@code setting}'s pass (it made every piece). */
        boolean madeAllBy(StreamSetting setting) {
            return settings != null && settings.length > 0 && Arrays.stream(settings).allMatch(s -> s == setting);
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
        for (int k = 0; k < pieces; k++) {
            long gain = (long) cheaper.pieceLength(k) - costlier.pieceLength(k);
            from[k] = gain * SECOND_PASS_GAIN > cheaper.pieceLength(k) ? costlier : cheaper;
        }
        return joined(from);
    }

    /** The Deflate bytes of {@code raw} bytes in stored blocks (the most each holds) and an empty block after them. */
    static long storedLength(int raw) {
        return raw + (long) StoredPiece.HEADER * (raw / StoredPiece.MAX_BLOCK + 2);
    }

    /** Piece {@code k} from {@code from[k]}'s Deflate data, for each piece: whole, as a full flush forgets the past. */
    private static Flushed joined(Flushed[] from) {
        int pieces = from.length;
        int n = 0;
        for (int k = 0; k < pieces; k++) {
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
                if (levels[k] == 0) {
                    // Room for the whole piece stored: zlib then copies it in blocks of the most a stored block
                    // holds, each whole, instead of blocks as long as the room left (the same blocks however
                    // the room grew).
                    long need = n + storedLength(end - starts[k]);
                    while (room < need) {
                        room *= 2;
                    }
                    out = DeflateBuffer.grown(out, n, room);
                }
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
