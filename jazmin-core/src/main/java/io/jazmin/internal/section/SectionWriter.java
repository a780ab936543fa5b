package io.jazmin.internal.section;

import io.jazmin.schema.Codec;
import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.crypto.SectionCipher;
import java.util.zip.CRC32;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.SectionEnvelope;

/**
 * Turns raw payloads into whole sections (envelope + stored payload) with the format's
 * store-raw-when-not-smaller rule; in encrypted files it then seals the payload, bound to the
 * section's id (pipeline raw → compress → encrypt → CRC, spec §1.5).
 */
public final class SectionWriter {
    /** Raw size below which catalog sections are stored uncompressed. */
    public static final int TINY_CATALOG_SECTION = 256;

    private final Codec codec;
    private final int level;
    private final SectionCipher cipher;
    private final String scope;

    public SectionWriter(Codec codec, int level) {
        this(codec, level, null);
    }

    /** A writer that encrypts every section with {@code cipher} ({@code null}: plain sections). */
    public SectionWriter(Codec codec, int level, SectionCipher cipher) {
        this(codec, level, cipher, null);
    }

    private SectionWriter(Codec codec, int level, SectionCipher cipher, String scope) {
        this.codec = codec;
        this.level = level;
        this.cipher = cipher;
        this.scope = scope;
    }

    /**
     * A writer like this one whose sections' keys also depend on {@code value}: in shared files the
     * partition of chunk parts, the column group of statistics blocks (see {@link SectionCipher}).
     */
    public SectionWriter scoped(String value) {
        return new SectionWriter(codec, level, cipher, value);
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
     * A catalog section (statistics, directories, indexes): stored uncompressed below
     * {@value #TINY_CATALOG_SECTION} raw bytes, as the reference writer does, since compressing a few
     * bytes saves almost nothing and costs time on every read.
     */
    public byte[] catalogSection(String id, byte[] raw, int len) {
        return section(id, raw, len, len < TINY_CATALOG_SECTION ? Codec.NONE : codec);
    }

    private byte[] section(String id, byte[] raw, int len, Codec use) {
        byte[] body = raw;
        int bodyLen = len;
        Codec chosen = Codec.NONE;
        if (use != Codec.NONE && len > 0) {
            byte[] packed = Compression.compress(use, level, raw, len);
            if (packed.length < len) {
                body = packed;
                bodyLen = packed.length;
                chosen = use;
            }
        }
        int flags = 0;
        if (cipher != null) {
            flags = SectionEnvelope.FLAG_ENCRYPTED;
            // The AAD holds envelope bytes 0..7, which do not depend on the stored length.
            byte[] head = new SectionEnvelope(chosen.wireId(), flags, len, 0, 0).head();
            body = cipher.seal(id, scope, head, body, 0, bodyLen);
            bodyLen = body.length;
        }
        CRC32 crc = new CRC32();
        crc.update(body, 0, bodyLen);
        ByteWriter w = new ByteWriter(SectionEnvelope.SIZE + bodyLen);
        new SectionEnvelope(chosen.wireId(), flags, len, bodyLen, crc.getValue()).encode(w);
        w.bytes(body, 0, bodyLen);
        return w.toByteArray();
    }
}
