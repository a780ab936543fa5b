package io.jazmin.internal.section;

import io.jazmin.schema.Codec;
import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.compress.DefaultDeflate;
import io.jazmin.internal.compress.FlushedDeflate;
import io.jazmin.internal.compress.PieceSettings;
import io.jazmin.internal.compress.StreamSetting;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.parallel.FanOut;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.CRC32;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.wire.StoredPayload;

/**
 * Turns raw payloads into whole sections (envelope + stored payload) with the format's
 * store-raw-when-not-smaller rule; in encrypted files it then seals the payload, bound to the
 * section's id (pipeline raw → compress → encrypt → CRC, spec §1.5).
 */
public final class SectionWriter {
    /** Raw bytes from which a column's independent Deflate passes are worth running on several threads. */
    private static final int PASSES_ON_WORKERS_FROM = 16 * 1024;

    /** Raw size below which catalog sections are stored uncompressed. */
    public static final int TINY_CATALOG_SECTION = 256;

    private final Codec codec;
    private final int level;
    private final SectionCipher cipher;
    private final String scope;
    /** Per column stream, the Deflate setting of parts with flush points; {@code null}: {@link #level}'s. */
    private final StreamSetting[] streamSettings;

    public SectionWriter(Codec codec, int level) {
        this(codec, level, null);
    }

    /** A writer that encrypts every section with {@code cipher} ({@code null}: plain sections). */
    public SectionWriter(Codec codec, int level, SectionCipher cipher) {
        this(codec, level, cipher, null, null);
    }

    private SectionWriter(Codec codec, int level, SectionCipher cipher, String scope, StreamSetting[] streamSettings) {
        this.codec = codec;
        this.level = level;
        this.cipher = cipher;
        this.scope = scope;
        this.streamSettings = streamSettings;
    }

    /**
     * A writer like this one whose sections' keys also depend on {@code value}: in shared files the
     * partition of chunk parts, the column group of statistics blocks (see {@link SectionCipher}).
     */
    public SectionWriter scoped(String value) {
        return new SectionWriter(codec, level, cipher, value, streamSettings);
    }

    /** The whole section {@code id} stored without compression (codec 0), encrypted like the others. */
    public byte[] uncompressedSection(String id, byte[] raw) {
        return section(id, raw, raw.length, Codec.NONE);
    }

    /**
     * The whole section {@code id} for {@code raw[0..len)}, compressed with this writer's codec
     * when that pays.
     */
    public byte[] section(String id, byte[] raw, int len) {
        return section(id, raw, len, codec);
    }

    /**
     * The header of an append. It lists an index segment per index for every append since the last full
     * write, so it grows with each one; compressing it with the default Deflate setting's two passes became
     * most of a one-row append's time after a few thousand appends. Where this writer would use that
     * setting, one pass at level {@value DefaultDeflate#FAST_LEVEL} instead (its lists of section references
     * compress about as well); otherwise as {@link #section(String, byte[], int)}.
     */
    public byte[] appendedHeader(String id, byte[] raw) {
        if (!defaultDeflate()) {
            return section(id, raw, raw.length);
        }
        byte[] packed = Compression.compress(Codec.DEFLATE, DefaultDeflate.FAST_LEVEL, raw, raw.length);
        return section(id, raw, raw.length, codec, packed.length < raw.length ? packed : null);
    }

    /**
     * A catalog section (statistics, directories, indexes): stored uncompressed below
     * {@value #TINY_CATALOG_SECTION} raw bytes, as the reference writer does, since compressing a few
     * bytes saves almost nothing and costs time on every read; a large one with the default Deflate
     * setting judged on a sample ({@link DefaultDeflate#compressSampled}).
     */
    public byte[] catalogSection(String id, byte[] raw, int len) {
        return catalogSection(id, raw, len, null);
    }

    /**
     * Like {@link #catalogSection(String, byte[], int)}, but a large section is compressed as
     * {@code judged} says, as {@link #judgeCatalog} judged an alike section before (the pages of one
     * index), instead of on its own sample; {@code null}: on its own.
     */
    public byte[] catalogSection(String id, byte[] raw, int len, DefaultDeflate.Sampled judged) {
        if (len < TINY_CATALOG_SECTION || codec == Codec.NONE) {
            return section(id, raw, len, Codec.NONE);
        }
        byte[] packed = judged != null && len >= DefaultDeflate.SAMPLED_FROM && defaultDeflate()
                ? DefaultDeflate.compressSampled(judged, raw, len)
                : DefaultDeflate.compressSampled(codec, level, raw, len);
        return section(id, raw, len, codec, packed.length < len ? packed : null);
    }

    /** How {@link #catalogSection} would compress {@code raw[0..len)} after judging its sample; {@code null}: it samples nothing. */
    public DefaultDeflate.Sampled judgeCatalog(byte[] raw, int len) {
        return DefaultDeflate.judgeSampled(codec, level, raw, len);
    }

    /**
     * This writer, but where it would use the default Deflate setting (the shorter of two passes), the
     * first pass alone ({@link DefaultDeflate#STANDARD_LEVEL}): for the later chunk parts without flush
     * points of a table whose first part that pass compressed shorter (see {@link ColumnSection#filtered()}).
     */
    public SectionWriter standardDeflate() {
        return defaultDeflate() ? new SectionWriter(codec, DefaultDeflate.STANDARD_LEVEL, cipher, scope, null) : this;
    }

    /**
     * This writer, but where it would use the default Deflate setting on a part with flush points, one
     * pass giving each column stream the setting {@code settings} names: for the later chunk parts of a
     * table, as its first part chose them ({@link ColumnSection#streamSettings()}).
     */
    public SectionWriter streamDeflate(StreamSetting[] settings) {
        return defaultDeflate() ? new SectionWriter(codec, level, cipher, scope, settings.clone()) : this;
    }

    private boolean defaultDeflate() {
        return codec == Codec.DEFLATE && level == Compression.DEFAULT_LEVEL;
    }

    /**
     * Whether {@link #columnSection} makes flush points: Deflate sections only. In encrypted files the
     * points lie in the compressed payload that is sealed, so a reader still checks the tag over the
     * whole section and then inflates only the streams it needs.
     */
    public boolean flushesColumns() {
        return codec == Codec.DEFLATE;
    }

    /**
     * A chunk part section whose column streams (starting at the raw offsets {@code starts}, the first
     * 0) each inflate on their own: compressed with a Deflate full flush before each stream. Only
     * when {@link #flushesColumns()}.
     *
     * @param fan runs the default setting's passes (a table's first part), which are independent
     * @return the whole section and, per stream, its offset in the stored payload (the raw offset
     *         itself when the payload is stored uncompressed)
     */
    public ColumnSection columnSection(String id, byte[] raw, int len, int[] starts, FanOut fan) {
        return columnSection(id, raw, len, starts, null, fan);
    }

    /**
     * Like {@link #columnSection(String, byte[], int, int[], FanOut)}, with more full flushes than streams:
     * {@code starts} are pieces, each of the stream {@code pieceStream} gives ({@code null}: a piece per
     * stream), a stream's first piece starting where the stream does and the others at its value
     * points ({@link io.jazmin.internal.compress.ValuePoints}). The returned stored offsets are per
     * piece; its stream settings per stream (each stream's first piece's), and a later part given
     * them ({@link #streamDeflate}) compresses all pieces of a stream with its stream's.
     */
    public ColumnSection columnSection(String id, byte[] raw, int len, int[] starts, int[] pieceStream, FanOut fan) {
        if (!flushesColumns()) {
            throw new IllegalStateException("column flush points need Deflate sections");
        }
        return flushed(id, raw, len, starts, pieceStream, streamSettings != null
                ? FlushedDeflate.deflate(PieceSettings.perPiece(streamSettings, pieceStream), raw, len, starts)
                : FlushedDeflate.deflate(level, raw, len, starts, pieceStream, fan));
    }

    /**
     * Like {@link #columnSection}, but with the flush points only when they leave the stored payload at
     * most {@code tolerancePercent} % larger than {@link #section(String, byte[], int)} would; else
     * that section. Judged against the default Deflate setting's first pass without points (its second
     * pass, twice as costly, runs only where the points are refused), with the streams' compressed choice
     * before weak ones are stored or close ones given level 1 ({@link FlushedDeflate#perStream}); the payload chosen is sealed once.
     *
     * @param fan runs the passes, which are independent of each other
     * @return the section, its {@code storedOffsets} {@code null} when it was written without points
     */
    public ColumnSection columnSectionIfCheap(String id, byte[] raw, int len, int[] starts, int tolerancePercent,
                                              FanOut fan) {
        return columnSectionIfCheap(id, raw, len, starts, null, tolerancePercent, fan);
    }

    /**
     * Like {@link #columnSectionIfCheap(String, byte[], int, int[], int, FanOut)}, with pieces as
     * {@link #columnSection(String, byte[], int, int[], int[], FanOut)} takes them: the cost judged is
     * that of all their flushes, value points included.
     */
    public ColumnSection columnSectionIfCheap(String id, byte[] raw, int len, int[] starts, int[] pieceStream,
                                              int tolerancePercent, FanOut fan) {
        if (!flushesColumns()) {
            throw new IllegalStateException("column flush points need Deflate sections");
        }
        boolean defaultSetting = level == Compression.DEFAULT_LEVEL;
        // The passes with points and the plain pass are independent: they may run on several threads.
        List<Callable<Object>> tasks = new ArrayList<>();
        FlushedDeflate.passes(level, raw, len, starts).forEach(pass -> tasks.add(pass::call));
        tasks.add(() -> Compression.compress(codec, defaultSetting ? DefaultDeflate.STANDARD_LEVEL : level, raw, len));
        // A small column's passes take less than handing one to a worker and waiting for it.
        List<Object> done = (len < PASSES_ON_WORKERS_FROM ? FanOut.CALLER_ONLY : fan).all(tasks);
        byte[] first = (byte[]) done.get(done.size() - 1);
        List<FlushedDeflate.Flushed> passes = done.subList(0, done.size() - 1).stream()
                .map(FlushedDeflate.Flushed.class::cast).toList();
        // What the points cost is judged on the compressed choice: storing a weak stream is the reader's gain,
        // level 1 on a close one the writer's.
        FlushedDeflate.Flushed compressed = FlushedDeflate.foldCompressed(passes);
        long plainStored = Math.min(first.length, len);
        long flushedStored = Math.min(compressed.bytes().length, len);
        if (flushedStored * 100 > plainStored * (100L + tolerancePercent)) {
            DefaultDeflate.Deflated plain = defaultSetting ? DefaultDeflate.deflate(raw, len, first)
                    : new DefaultDeflate.Deflated(first, false);
            boolean plainPacks = len > 0 && plain.bytes().length < len;
            return new ColumnSection(section(id, raw, len, codec, plainPacks ? plain.bytes() : null), null,
                    plainPacks && plain.filtered(), null);
        }
        return flushed(id, raw, len, starts, pieceStream,
                FlushedDeflate.perStream(compressed, passes, len, starts, pieceStream));
    }

    private ColumnSection flushed(String id, byte[] raw, int len, int[] starts, int[] pieceStream,
                                  FlushedDeflate.Flushed packed) {
        if (packed.bytes().length < len) {
            return new ColumnSection(enveloped(id, Codec.DEFLATE.wireId(), len, packed.bytes(), 0, packed.bytes().length),
                    packed.storedOffsets(), packed.anyFiltered(), PieceSettings.perStream(packed.settings(), pieceStream));
        }
        StreamSetting[] standard = new StreamSetting[PieceSettings.streams(starts.length, pieceStream)];
        Arrays.fill(standard, StreamSetting.STANDARD);
        return new ColumnSection(enveloped(id, Codec.NONE.wireId(), len, raw, 0, len), starts.clone(), false,
                standard);
    }

    /**
     * A chunk part written with column flush points (or, from {@link #columnSectionIfCheap}, without).
     *
     * @param section       the whole section
     * @param storedOffsets per column stream, where its flush point lies in the stored payload;
     *                      {@code null} for a section without points
     * @param filtered      whether the default Deflate setting's second pass (level 9 FILTERED) made the
     *                      stored payload (with points, any of its streams)
     * @param streamSettings with points and the default Deflate setting, per column stream the setting that
     *                       made it; {@code null} without points or with an explicit level
     */
    public record ColumnSection(byte[] section, int[] storedOffsets, boolean filtered, StreamSetting[] streamSettings) {
    }

    private byte[] section(String id, byte[] raw, int len, Codec use) {
        return section(id, raw, len, use, packed(use, raw, len));
    }

    /** The section of {@code raw[0..len)} stored as {@code packed} (compressed with {@code use}), or raw when {@code null}. */
    private byte[] section(String id, byte[] raw, int len, Codec use, byte[] packed) {
        return packed == null ? enveloped(id, Codec.NONE.wireId(), len, raw, 0, len)
                : enveloped(id, use.wireId(), len, packed, 0, packed.length);
    }

    /** {@code raw[0..len)} compressed with {@code use} when that makes it smaller, else {@code null}. */
    private byte[] packed(Codec use, byte[] raw, int len) {
        if (use == Codec.NONE || len == 0) {
            return null;
        }
        byte[] packed = Compression.compress(use, level, raw, len);
        return packed.length < len ? packed : null;
    }

    /**
     * The whole section {@code id} for a payload stored as it was in another file version (its codec
     * and raw length kept, its bytes not recompressed), sealed with this writer's cipher: a key
     * rotation's re-encryption. Without encryption the stored length is that of {@code stored}; with
     * it, the seal adds {@link SectionCipher#OVERHEAD} bytes.
     */
    public byte[] section(String id, StoredPayload stored) {
        return enveloped(id, stored.codec(), stored.rawLength(), stored.bytes(), stored.offset(), stored.length());
    }

    private byte[] enveloped(String id, int codecId, long rawLength, byte[] body, int off, int len) {
        int flags = 0;
        byte[] stored = body;
        int storedOff = off;
        int storedLen = len;
        if (cipher != null) {
            flags = SectionEnvelope.FLAG_ENCRYPTED;
            // The AAD holds envelope bytes 0..7, which do not depend on the stored length.
            byte[] head = new SectionEnvelope(codecId, flags, rawLength, 0, 0).head();
            stored = cipher.seal(id, scope, head, body, off, len);
            storedOff = 0;
            storedLen = stored.length;
        }
        CRC32 crc = new CRC32();
        crc.update(stored, storedOff, storedLen);
        // The payload is copied into the new array before anything else is written to it: the JIT then
        // leaves those bytes uncleared (a chunk's parts are megabytes a write, cleared and then copied).
        byte[] section = new byte[SectionEnvelope.SIZE + storedLen];
        System.arraycopy(stored, storedOff, section, SectionEnvelope.SIZE, storedLen);
        new SectionEnvelope(codecId, flags, rawLength, storedLen, crc.getValue()).encode(ByteWriter.over(section));
        return section;
    }
}
