package io.jazmin.internal.compress;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.schema.Codec;
import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Which codec compresses or restores a section payload: none, raw Deflate (RFC 1951, no zlib header)
 * through the JDK ({@link Deflate}, {@link Inflate}) or Brotli through brotli4j ({@link Brotli}).
 * Decompression is capped at the envelope's raw length, so a hostile section cannot inflate past what
 * it declared. How the default Deflate setting chooses its passes is {@link DefaultDeflate}'s job (whole
 * sections) and {@link FlushedDeflate}'s (chunk parts with column flush points).
 */
public final class Compression {
    /** Reference default levels: Deflate 6 (see {@link DefaultDeflate}), Brotli quality 6. */
    public static final int DEFAULT_LEVEL = -1;

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
            case DEFLATE -> level == DEFAULT_LEVEL ? DefaultDeflate.deflate(raw, len).bytes()
                    : Deflate.deflate(level, Deflater.DEFAULT_STRATEGY, raw, len);
            case BROTLI -> Brotli.compress(level == DEFAULT_LEVEL ? 6 : level, raw, len);
        };
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
            case 1 -> Inflate.whole(stored, off, len, rawLength);
            case 2 -> Brotli.decompress(stored, off, len, rawLength);
            case 3 -> throw new UnsupportedFeatureException("zstd", "section uses the reserved Zstandard codec (zstd)");
            default -> throw new JazminFormatException("unknown codec " + codecId);
        };
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
}
