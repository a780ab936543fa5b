package io.jazmin.internal.compress;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.jazmin.schema.Codec;
import io.jazmin.error.JazminFormatException;
import io.jazmin.options.ReadLimits;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.parallel.FanOut;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Section payload compression: raw Deflate (RFC 1951, no zlib header) through the JDK and Brotli
 * through brotli4j. Decompression is capped at the envelope's raw length, so a hostile section
 * cannot inflate past what it declared, and a Deflate section claiming more than
 * {@link ReadLimits#DEFLATE_MAX_RATIO} raw bytes per stored byte is refused before anything is
 * allocated (the caller bounds the raw length itself, {@link ReadLimits#maxSectionLength()}).
 */
public final class Compression {
    /** Reference default levels: Deflate 6, Brotli quality 6. */
    public static final int DEFAULT_LEVEL = -1;
    /** The default Deflate setting's first pass, also the level a table's later chunks use alone (see {@code SectionWriter}). */
    public static final int STANDARD_LEVEL = 6;
    /** The level {@link #compressSampled} uses instead of 6 where a sample shows it as short. */
    public static final int QUICK_LEVEL = 4;
    /** The level {@link #compressSampled} uses where a sample shows it within 1/{@value #FAST_TOLERANCE} of level 6. */
    public static final int FAST_LEVEL = 1;
    static final int FAST_TOLERANCE = 256;
    /** Raw size from which {@link #compressSampled} judges the settings on a sample. */
    public static final int SAMPLED_FROM = 32 * 1024;
    /**
     * A column stream gets a costlier {@link StreamSetting} only where that is shorter by more than 1/{@value}
     * (see {@link #deflateFlushed(int, byte[], int, int[], FanOut)}).
     */
    public static final int SECOND_PASS_GAIN = 1024;
    private static final int SAMPLE_SLICES = 4;
    /** Per thread, an inflater for the next section: setting one up costs more than a small section's inflation. */
    private static final ThreadLocal<Inflater> INFLATER = new ThreadLocal<>();

    private Compression() {
    }

    /**
     * Compresses {@code raw[0..len)} with {@code codec} at {@code level} ({@link #DEFAULT_LEVEL}
     * for the reference default). Returns the compressed bytes (possibly not smaller than raw;
     * the caller applies the store-raw rule).
     */
    public static byte[] compress(Codec codec, int level, byte[] raw, int len) {
        return switch (codec) {
            case NONE -> Arrays.copyOf(raw, len);
            case DEFLATE -> level == DEFAULT_LEVEL ? defaultDeflate(raw, len).bytes() : deflate(level, Deflater.DEFAULT_STRATEGY, raw, len);
            case BROTLI -> brotli(level == DEFAULT_LEVEL ? 6 : level, raw, len);
        };
    }

    /**
     * Like {@link #compress}, but the default Deflate setting first compresses a sample of a section of
     * {@value #SAMPLED_FROM} raw bytes or more ({@link #sample}): it runs its second pass (level 9
     * FILTERED) only when that pass was the shorter on the sample, and else compresses at level
     * {@value #FAST_LEVEL} when that was at most 1/{@value #FAST_TOLERANCE} longer there, else at level
     * {@value #QUICK_LEVEL} instead of 6 when that was no longer. For catalog sections (index pages,
     * statistics, directories), our own encodings of sorted keys and row numbers: on the benchmark's
     * id index pages the second pass is about 40 % longer and level 1 0.2 % longer than level 6 in a
     * third of its time; on its trigram section level 1 is 3.5 times longer and level 4 as short as 6
     * in 0.56 of its time; on sorted e-mail keys level 6 is 16 % shorter, which the sample shows. A
     * sample costs about a third of a level-6 pass over an eighth of the section.
     */
    public static byte[] compressSampled(Codec codec, int level, byte[] raw, int len) {
        Sampled judged = judgeSampled(codec, level, raw, len);
        return judged == null ? compress(codec, level, raw, len) : compressSampled(judged, raw, len);
    }

    /**
     * What {@link #compressSampled} judges on {@code raw[0..len)}'s sample, or {@code null} where it
     * samples nothing (another codec, an explicit level, a section under {@value #SAMPLED_FROM} bytes).
     */
    public static Sampled judgeSampled(Codec codec, int level, byte[] raw, int len) {
        if (codec != Codec.DEFLATE || level != DEFAULT_LEVEL || len < SAMPLED_FROM) {
            return null;
        }
        byte[] sample = sample(raw, len);
        int standard = deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length).length;
        if (deflateBelow(9, Deflater.FILTERED, sample, sample.length, standard) != null) {
            return Sampled.BOTH_PASSES;
        }
        return deflateBelow(FAST_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length,
                standard + standard / FAST_TOLERANCE + 1) != null ? Sampled.FAST
                : deflateBelow(QUICK_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length, standard + 1) != null
                ? Sampled.QUICK : Sampled.STANDARD;
    }

    /** {@code raw[0..len)} compressed as {@code judged} says (judged on it or on an alike section). */
    public static byte[] compressSampled(Sampled judged, byte[] raw, int len) {
        return switch (judged) {
            case BOTH_PASSES -> defaultDeflate(raw, len).bytes();
            case FAST -> deflate(FAST_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
            case QUICK -> deflate(QUICK_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
            case STANDARD -> deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
        };
    }

    /** The setting a sample chose for a large catalog section (see {@link #compressSampled}). */
    public enum Sampled {
        /** Both passes of the default setting, the shorter kept: level 9 FILTERED was the shorter on the sample. */
        BOTH_PASSES,
        /** Level {@value #FAST_LEVEL}. */
        FAST,
        /** Level {@value #QUICK_LEVEL}. */
        QUICK,
        /** Level {@value #STANDARD_LEVEL}. */
        STANDARD
    }

    /**
     * Decompresses a stored payload of codec id {@code codecId} into exactly {@code rawLength}
     * bytes; any other outcome is a format error.
     */
    public static byte[] decompress(int codecId, byte[] stored, int off, int len, int rawLength) {
        return switch (codecId) {
            case 0 -> {
                if (len != rawLength) {
                    throw new JazminFormatException("uncompressed section length " + len
                            + " differs from its raw length " + rawLength);
                }
                yield Arrays.copyOfRange(stored, off, off + len);
            }
            case 1 -> inflate(stored, off, len, rawLength);
            case 2 -> unbrotli(stored, off, len, rawLength);
            case 3 -> throw new UnsupportedFeatureException("zstd", "section uses the reserved Zstandard codec (zstd)");
            default -> throw new JazminFormatException("unknown codec " + codecId);
        };
    }

    /**
     * The default Deflate setting: the smaller of level 6 and level 9 with the FILTERED strategy.
     * The JDK's zlib and the reference writer's differ in their output; on the conformance data
     * neither single setting is always smaller than the reference, the better of the two always is.
     */
    public static Deflated defaultDeflate(byte[] raw, int len) {
        return defaultDeflate(raw, len, deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len));
    }

    /** The default Deflate setting of {@code raw[0..len)} whose first pass (level 6) gave {@code standard}. */
    public static Deflated defaultDeflate(byte[] raw, int len, byte[] standard) {
        byte[] filtered = deflateBelow(9, Deflater.FILTERED, raw, len, standard.length);
        return filtered != null ? new Deflated(filtered, true) : new Deflated(standard, false);
    }

    /**
     * Raw Deflate data of the default setting.
     *
     * @param filtered whether the second setting (level 9 FILTERED) made it; else level 6 did
     */
    public record Deflated(byte[] bytes, boolean filtered) {
    }

    /**
     * A sample of {@code raw[0..len)} for judging Deflate settings: {@value #SAMPLE_SLICES} slices
     * spread from its start to its end, each a thirty-second of it and at most 8 KiB. Slices much
     * smaller than that favour level 9 FILTERED (fewer matches to find), so a sample errs towards
     * trying it.
     */
    private static byte[] sample(byte[] raw, int len) {
        int slice = Math.min(8 * 1024, len / 32);
        byte[] sample = new byte[slice * SAMPLE_SLICES];
        for (int k = 0; k < SAMPLE_SLICES; k++) {
            long from = (long) (len - slice) * k / (SAMPLE_SLICES - 1);
            System.arraycopy(raw, (int) from, sample, k * slice, slice);
        }
        return sample;
    }

    private static void checkLevel(int level) {
        if (level < 0 || level > 9) {
            throw new io.jazmin.error.JazminValidationException("Deflate level must be 0-9, got " + level);
        }
    }

    private static byte[] deflate(int level, int strategy, byte[] raw, int len) {
        return deflateBelow(level, strategy, raw, len, Integer.MAX_VALUE);
    }

    /**
     * The Deflate data if shorter than {@code limit} bytes, else {@code null}: it stops as soon as
     * the output reaches the limit, since more input never makes it shorter (the second of the
     * default settings, on data it compresses worse, then costs a part of a run).
     */
    private static byte[] deflateBelow(int level, int strategy, byte[] raw, int len, int limit) {
        checkLevel(level);
        Deflater d = new Deflater(level, true);
        try {
            d.setStrategy(strategy);
            d.setInput(raw, 0, len);
            d.finish();
            byte[] out = new byte[Math.min(limit, Math.max(64, len / 2))];
            int n = 0;
            while (!d.finished()) {
                if (n == out.length) {
                    if (n >= limit) {
                        return null;
                    }
                    out = Arrays.copyOf(out, (int) Math.min(limit, out.length * 2L));
                }
                n += d.deflate(out, n, out.length - n);
            }
            return n < limit ? Arrays.copyOf(out, n) : null;
        } finally {
            d.end();
        }
    }

    /**
     * Like {@link #decompress} but a Deflate payload is inflated only as far as its reader asks
     * (see {@link SectionPayload}); {@code stored} must then stay unchanged while it is used.
     */
    public static SectionPayload decompressLazily(int codecId, byte[] stored, int off, int len, int rawLength) {
        return codecId == 1 ? SectionPayload.deflated(stored, off, len, rawLength)
                : SectionPayload.of(decompress(codecId, stored, off, len, rawLength));
    }

    /**
     * Like {@link #decompressLazily}, but a Deflate payload's column streams can also be inflated
     * each on its own from its flush point (see {@link SectionPayload#stream}); other codecs ignore
     * the points (their payloads are whole at once).
     */
    public static SectionPayload decompressFlushed(int codecId, byte[] stored, int off, int len, int rawLength,
                                                   FlushPoints points) {
        return codecId == 1 ? SectionPayload.flushed(stored, off, len, rawLength, points)
                : decompressLazily(codecId, stored, off, len, rawLength);
    }

    /**
     * A Deflate payload ({@code level} as for {@link #compress}) with a full flush before each raw
     * offset {@code starts[1..]}, so that each of those pieces can be inflated on its own. The default
     * setting chooses among the {@link StreamSetting}s piece by piece (a full flush forgets what came
     * before it, so each piece's Deflate data is whole on its own and pieces of different passes join
     * up): from the cheapest, a costlier setting is taken only where it is shorter by more than
     * 1/{@value #SECOND_PASS_GAIN} (about 0.1 %). On the benchmark's customers (single-threaded, all
     * chunks): the balances hold no repeats, and Huffman codes alone give level 9 FILTERED's bytes in 0.4
     * of its time; level 5 is as short as level 6 on the e-mails in 0.85 of its time; level 9 FILTERED
     * costs twice level 6 and saves 0.06 % there.
     *
     * @param starts ascending raw offsets, the first 0
     * @param fan    runs the passes, which are independent of each other ({@link #flushedPasses})
     */
    public static Flushed deflateFlushed(int level, byte[] raw, int len, int[] starts, FanOut fan) {
        return foldPasses(fan.all(flushedPasses(level, raw, len, starts)));
    }

    /**
     * The passes {@link #deflateFlushed(int, byte[], int, int[], FanOut)} makes, independent of each other, so
     * that they can run on several threads: one for an explicit level; for the default setting, one per
     * {@link StreamSetting}, the costliest first. {@link #foldPasses} joins their results.
     */
    public static List<Callable<Flushed>> flushedPasses(int level, byte[] raw, int len, int[] starts) {
        if (level != DEFAULT_LEVEL) {
            checkLevel(level);
            int[] levels = new int[starts.length];
            int[] strategies = new int[starts.length];
            Arrays.fill(levels, level);
            Arrays.fill(strategies, Deflater.DEFAULT_STRATEGY);
            return List.of(() -> deflateFlushed(levels, strategies, null, raw, len, starts));
        }
        StreamSetting[] cheapestFirst = StreamSetting.values();
        List<Callable<Flushed>> passes = new ArrayList<>(cheapestFirst.length);
        for (int i = cheapestFirst.length - 1; i >= 0; i--) {
            StreamSetting[] all = new StreamSetting[starts.length];
            Arrays.fill(all, cheapestFirst[i]);
            passes.add(() -> deflateFlushed(all, raw, len, starts));
        }
        return passes;
    }

    /**
     * The Deflate data of the passes {@link #flushedPasses} gave (their results in its order): from the
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
     * Like {@link #deflateFlushed(int, byte[], int, int[], FanOut)} with the default setting, but in one pass:
     * each piece with the setting {@code settings} gives it, as a table's first chunk part chose them
     * ({@link Flushed#settings()}).
     */
    public static Flushed deflateFlushed(StreamSetting[] settings, byte[] raw, int len, int[] starts) {
        if (settings.length != starts.length) {
            throw new IllegalArgumentException(settings.length + " piece settings for " + starts.length + " pieces");
        }
        int[] levels = new int[settings.length];
        int[] strategies = new int[settings.length];
        for (int k = 0; k < settings.length; k++) {
            levels[k] = settings[k].level;
            strategies[k] = settings[k].strategy;
        }
        return deflateFlushed(levels, strategies, settings.clone(), raw, len, starts);
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

    private static Flushed deflateFlushed(int[] levels, int[] strategies, StreamSetting[] settings, byte[] raw,
                                          int len, int[] starts) {
        Deflater d = new Deflater(levels[0], true);
        try {
            byte[] out = new byte[Math.max(64, len / 2)];
            int n = 0;
            int[] stored = new int[starts.length];
            for (int k = 0; k < starts.length; k++) {
                // Set between pieces, with no input given yet: zlib applies new settings by compressing the
                // input it holds with the old ones, and at a full flush it holds none. At k = 0 this applies
                // the strategy, which the constructor does not take.
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                d.setLevel(levels[k]);
                d.setStrategy(strategies[k]);
                d.deflate(out, n, out.length - n, Deflater.NO_FLUSH);
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
                    if (n == out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                    }
                    int room = out.length - n;
                    int got = last ? d.deflate(out, n, room) : d.deflate(out, n, room, Deflater.FULL_FLUSH);
                    n += got;
                    done = last ? d.finished() : got < room && d.needsInput();
                }
            }
            return new Flushed(Arrays.copyOf(out, n), stored, settings);
        } finally {
            d.end();
        }
    }

    /**
     * Inflates one piece of raw Deflate data starting at a full-flush point into exactly
     * {@code rawLength} bytes; only the {@code last} piece ends the Deflate stream.
     */
    static byte[] inflateSegment(byte[] stored, int off, int len, int rawLength, boolean last) {
        checkDeflateRatio(len, rawLength);
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            byte[] out = new byte[rawLength];
            inflateFully(inf, out, "not the " + rawLength + " its flush points give");
            // Past the end: another byte, or the stream ending where it must not (or not ending where it must).
            if (inf.inflate(new byte[1]) != 0 || inf.finished() != last) {
                throw new JazminFormatException("column stream does not end where its flush points say ("
                        + rawLength + " bytes)");
            }
            return out;
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data at a column flush point: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Inflates just the first {@code want} raw bytes of a piece starting at a full-flush point (as
     * {@link #inflateSegment}, which the caller has checked {@code want} to be short of) into
     * {@code out}; the bytes after them are neither inflated nor checked.
     */
    static void inflateSegmentPrefix(byte[] stored, int off, int len, byte[] out, int want) {
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            inflateFully(inf, out, want, "fewer than its flush points give");
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data at a column flush point: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /**
     * Fills {@code out} from {@code inf}, set at a full-flush point; a stream ending first is damage
     * ({@code expected} says what its flush points promised).
     */
    private static void inflateFully(Inflater inf, byte[] out, String expected) throws DataFormatException {
        inflateFully(inf, out, out.length, expected);
    }

    /** Fills {@code out[0..want)} from {@code inf} (see {@link #inflateFully(Inflater, byte[], String)}). */
    private static void inflateFully(Inflater inf, byte[] out, int want, String expected) throws DataFormatException {
        for (int n = 0; n < want; ) {
            int got = inf.inflate(out, n, want - n);
            if (got == 0) {
                throw new JazminFormatException(inf.finished()
                        ? "column stream inflates to " + n + " bytes, " + expected
                        : "truncated Deflate data at a column flush point");
            }
            n += got;
        }
    }

    /** Refuses a Deflate section declaring more raw bytes than its stored ones can expand to. */
    static void checkDeflateRatio(int len, int rawLength) {
        if (rawLength > (long) len * ReadLimits.DEFLATE_MAX_RATIO) {
            throw new JazminFormatException("Deflate section of " + len + " bytes declares a raw length of "
                    + rawLength + ", more than Deflate can expand to");
        }
    }

    private static byte[] inflate(byte[] stored, int off, int len, int rawLength) {
        checkDeflateRatio(len, rawLength);
        Inflater inf = takeInflater();
        try {
            inf.setInput(stored, off, len);
            // The ratio check bounds the raw length: one buffer of it, never grown and copied.
            BoundedOutput out = BoundedOutput.startingAt(rawLength, rawLength);
            while (!inf.finished()) {
                int room = out.room();
                if (room == 0) {
                    throw new JazminFormatException("Deflate section inflates past its raw length " + rawLength);
                }
                int got = inf.inflate(out.array(), out.size(), room);
                if (got == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new JazminFormatException("truncated Deflate data");
                }
                out.advance(got);
            }
            return out.finish("Deflate");
        } catch (DataFormatException e) {
            throw new JazminFormatException("corrupt Deflate data: " + e.getMessage());
        } finally {
            returnInflater(inf);
        }
    }

    /** This thread's inflater, taken out while in use (a nested use gets a new one). */
    private static Inflater takeInflater() {
        Inflater inf = INFLATER.get();
        INFLATER.set(null);
        return inf == null ? new Inflater(true) : inf;
    }

    private static void returnInflater(Inflater inf) {
        inf.reset();
        INFLATER.set(inf);
    }

    private static byte[] brotli(int quality, byte[] raw, int len) {
        if (quality < 0 || quality > 11) {
            throw new io.jazmin.error.JazminValidationException("Brotli quality must be 0-11, got " + quality);
        }
        ensureBrotli();
        try {
            Encoder.Parameters params = new Encoder.Parameters().setQuality(quality).setWindow(22);
            return Encoder.compress(len == raw.length ? raw : Arrays.copyOf(raw, len), params);
        } catch (IOException e) {
            throw new IllegalStateException("Brotli compression failed", e);
        }
    }

    private static byte[] unbrotli(byte[] stored, int off, int len, int rawLength) {
        ensureBrotli();
        DecoderJNI.Wrapper decoder;
        try {
            decoder = new DecoderJNI.Wrapper(Math.max(1, len));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the Brotli decoder", e);
        }
        try {
            ByteBuffer in = decoder.getInputBuffer();
            in.clear();
            in.put(stored, off, len);
            decoder.push(len);
            BoundedOutput out = new BoundedOutput(len, rawLength);
            while (true) {
                while (decoder.hasOutput()) {
                    out.append(decoder.pull());
                }
                switch (decoder.getStatus()) {
                    case DONE -> {
                        return out.finish("Brotli");
                    }
                    case OK -> decoder.push(0);
                    case NEEDS_MORE_OUTPUT -> out.append(decoder.pull());
                    case NEEDS_MORE_INPUT -> throw new JazminFormatException("truncated Brotli data");
                    default -> throw new JazminFormatException("corrupt Brotli data");
                }
            }
        } finally {
            decoder.destroy();
        }
    }

    private static void ensureBrotli() {
        if (!Brotli4jLoader.isAvailable()) {
            Brotli4jLoader.ensureAvailability();
        }
    }
}
