package io.jazmin.internal.compress;

import io.jazmin.schema.Codec;
import java.util.zip.Deflater;

/**
 * The default Deflate setting of a whole section: the shorter of level {@value #STANDARD_LEVEL} and level 9
 * FILTERED ({@link #deflate(byte[], int)}), and, for large catalog sections, the setting a sample of the
 * section chooses instead ({@link #compressSampled}). Chunk parts with column flush points choose per
 * stream instead ({@link FlushedDeflate}).
 */
public final class DefaultDeflate {
    /** The default Deflate setting's first pass, also the level a table's later chunks use alone (see {@code SectionWriter}). */
    public static final int STANDARD_LEVEL = 6;
    /** The level {@link #compressSampled} uses instead of 6 where a sample shows it as short. */
    public static final int QUICK_LEVEL = 4;
    /** The level {@link #compressSampled} uses where a sample shows it within 1/{@value #FAST_TOLERANCE} of level 6. */
    public static final int FAST_LEVEL = 1;
    static final int FAST_TOLERANCE = 256;
    /** Raw size from which {@link #compressSampled} judges the settings on a sample. */
    public static final int SAMPLED_FROM = 32 * 1024;
    private static final int SAMPLE_SLICES = 4;

    private DefaultDeflate() {
    }

    /**
     * Like {@link Compression#compress}, but the default Deflate setting first compresses a sample of a
     * section of {@value #SAMPLED_FROM} raw bytes or more ({@link #sample}): it runs its second pass (level 9
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
        return judged == null ? Compression.compress(codec, level, raw, len) : compressSampled(judged, raw, len);
    }

    /**
     * What {@link #compressSampled} judges on {@code raw[0..len)}'s sample, or {@code null} where it
     * samples nothing (another codec, an explicit level, a section under {@value #SAMPLED_FROM} bytes).
     */
    public static Sampled judgeSampled(Codec codec, int level, byte[] raw, int len) {
        if (codec != Codec.DEFLATE || level != Compression.DEFAULT_LEVEL || len < SAMPLED_FROM) {
            return null;
        }
        byte[] sample = sample(raw, len);
        int standard = Deflate.deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length).length;
        if (Deflate.deflateBelow(9, Deflater.FILTERED, sample, sample.length, standard) != null) {
            return Sampled.BOTH_PASSES;
        }
        return Deflate.deflateBelow(FAST_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length,
                standard + standard / FAST_TOLERANCE + 1) != null ? Sampled.FAST
                : Deflate.deflateBelow(QUICK_LEVEL, Deflater.DEFAULT_STRATEGY, sample, sample.length, standard + 1) != null
                ? Sampled.QUICK : Sampled.STANDARD;
    }

    /** {@code raw[0..len)} compressed as {@code judged} says (judged on it or on an alike section). */
    public static byte[] compressSampled(Sampled judged, byte[] raw, int len) {
        return switch (judged) {
            case BOTH_PASSES -> deflate(raw, len).bytes();
            case FAST -> Deflate.deflate(FAST_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
            case QUICK -> Deflate.deflate(QUICK_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
            case STANDARD -> Deflate.deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len);
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
     * The default Deflate setting: the smaller of level 6 and level 9 with the FILTERED strategy.
     * The JDK's zlib and the reference writer's differ in their output; on the conformance data
     * neither single setting is always smaller than the reference, the better of the two always is.
     */
    public static Deflated deflate(byte[] raw, int len) {
        return deflate(raw, len, Deflate.deflate(STANDARD_LEVEL, Deflater.DEFAULT_STRATEGY, raw, len));
    }

    /** The default Deflate setting of {@code raw[0..len)} whose first pass (level 6) gave {@code standard}. */
    public static Deflated deflate(byte[] raw, int len, byte[] standard) {
        byte[] filtered = Deflate.deflateBelow(9, Deflater.FILTERED, raw, len, standard.length);
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
}
