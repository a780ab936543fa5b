package io.jazmin.wire;

import io.jazmin.Codec;
import io.jazmin.compress.Compression;
import java.util.zip.CRC32;

/**
 * Turns raw payloads into whole sections (envelope + stored payload) with the format's
 * store-raw-when-not-smaller rule.
 */
public final class SectionWriter {
    /** Raw size below which catalog sections are stored uncompressed. */
    public static final int TINY_CATALOG_SECTION = 256;

    private final Codec codec;
    private final int level;

    public SectionWriter(Codec codec, int level) {
        this.codec = codec;
        this.level = level;
    }

    /** The whole section for {@code raw[0..len)}, compressed with this writer's codec when that pays. */
    public byte[] section(byte[] raw, int len) {
        return section(raw, len, codec);
    }

    /**
     * A catalog section (statistics, directories, indexes): stored uncompressed below
     * {@value #TINY_CATALOG_SECTION} raw bytes, as the reference writer does, since compressing a few
     * bytes saves almost nothing and costs time on every read.
     */
    public byte[] catalogSection(byte[] raw, int len) {
        return section(raw, len, len < TINY_CATALOG_SECTION ? Codec.NONE : codec);
    }

    private byte[] section(byte[] raw, int len, Codec use) {
        byte[] stored = null;
        Codec chosen = Codec.NONE;
        if (use != Codec.NONE && len > 0) {
            byte[] packed = Compression.compress(use, level, raw, len);
            if (packed.length < len) {
                stored = packed;
                chosen = use;
            }
        }
        int storedLen = stored == null ? len : stored.length;
        CRC32 crc = new CRC32();
        if (stored == null) {
            crc.update(raw, 0, len);
        } else {
            crc.update(stored);
        }
        ByteWriter w = new ByteWriter(SectionEnvelope.SIZE + storedLen);
        new SectionEnvelope(chosen.wireId(), 0, len, storedLen, crc.getValue()).encode(w);
        if (stored == null) {
            w.bytes(raw, 0, len);
        } else {
            w.bytes(stored);
        }
        return w.toByteArray();
    }
}
