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
final class GzipLimit extends InputStream {
    private static final int BUFFER = 1 << 16;

    private final String name;
    private final CountingInput compressed;
    private final InputStream gzip;
    private final TextLimits limits;
    private long expanded;

    /**
     * @param name names the input in errors
     * @throws IOException when {@code in} does not start as gzip data
     */
    GzipLimit(String name, InputStream in, TextLimits limits) throws IOException {
        this.name = name;
        this.limits = limits;
        this.compressed = new CountingInput(new BufferedInputStream(in, BUFFER));
        this.gzip = new GZIPInputStream(compressed, BUFFER);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = gzip.read(b, off, len);
        if (n > 0) {
            expanded += n;
            check();
        }
        return n;
    }

    private void check() {
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

    @Override
    public int available() throws IOException {
        return gzip.available();
    }

    @Override
    public void close() throws IOException {
        gzip.close();
    }
}
