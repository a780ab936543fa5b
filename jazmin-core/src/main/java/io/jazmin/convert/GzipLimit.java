package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * The decompressed bytes of a gzip stream, stopped with a typed error once they pass
 * {@link TextLimits#maxGzipBytes()}, or {@link TextLimits#maxGzipRatio()} times the compressed bytes read so
 * far after the first {@link TextLimits#GZIP_RATIO_FROM} bytes: a small file expanding without end (a "zip
 * bomb") is refused after at most that much, before a parser spends minutes or the output disk on it.
 */
final class GzipLimit extends CountingInput {
    private static final int BUFFER = 1 << 16;

    private final String name;
    private final CountingInput compressed;
    private final TextLimits limits;

    /**
     * @param name names the input in errors
     * @throws IOException when {@code in} does not start as gzip data
     */
    static GzipLimit open(String name, InputStream in, TextLimits limits) throws IOException {
        CountingInput compressed = new CountingInput(new BufferedInputStream(in, BUFFER));
        return new GzipLimit(name, compressed, new GZIPInputStream(compressed, BUFFER), limits);
    }

    private GzipLimit(String name, CountingInput compressed, InputStream gzip, TextLimits limits) {
        super(gzip);
        this.name = name;
        this.compressed = compressed;
        this.limits = limits;
    }

    @Override
    void counted(long expanded) {
        if (expanded > limits.maxGzipBytes()) {
            throw new InputLimitException(name + " expands to more than " + limits.maxGzipBytes()
                    + " bytes (from " + compressed.count() + " compressed bytes)", "maxGzipBytes",
                    limits.maxGzipBytes(), 0, -1, null);
        }
        // The compressed count includes the inflater's read-ahead, which only lowers the ratio seen.
        if (expanded > TextLimits.GZIP_RATIO_FROM && expanded / Math.max(1, compressed.count()) > limits.maxGzipRatio()) {
            throw new InputLimitException(name + " expands to more than " + limits.maxGzipRatio()
                    + " times its size (" + expanded + " bytes from the first " + compressed.count()
                    + " compressed bytes)", "maxGzipRatio", limits.maxGzipRatio(), 0, -1, null);
        }
    }
}
