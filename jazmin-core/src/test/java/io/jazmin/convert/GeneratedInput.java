package io.jazmin.convert;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Test input made as it is read, never held: {@code prefix}, then {@code filler} repeated for {@code length}
 * bytes ({@link Long#MAX_VALUE}: without end), then {@code suffix}. Lets a test feed a gigabyte value to a
 * reader in a JVM of a 256 MiB heap.
 */
final class GeneratedInput extends BlockInput {
    private final byte[] prefix;
    private final byte[] filler;
    private final byte[] suffix;
    private final long end;
    private long position;

    GeneratedInput(String prefix, String filler, long length, String suffix) {
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        this.filler = filler.getBytes(StandardCharsets.UTF_8);
        this.suffix = suffix.getBytes(StandardCharsets.UTF_8);
        long fillerEnd = length == Long.MAX_VALUE ? Long.MAX_VALUE : this.prefix.length + length;
        this.end = fillerEnd == Long.MAX_VALUE ? Long.MAX_VALUE : fillerEnd + this.suffix.length;
    }

    /** The bytes read so far. */
    long position() {
        return position;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= end) {
            return -1;
        }
        int n = 0;
        while (n < len && position < end) {
            b[off + n++] = byteAt(position++);
        }
        return n;
    }

    private byte byteAt(long at) {
        if (at < prefix.length) {
            return prefix[(int) at];
        }
        long suffixStart = end == Long.MAX_VALUE ? Long.MAX_VALUE : end - suffix.length;
        if (at >= suffixStart) {
            return suffix[(int) (at - suffixStart)];
        }
        return filler[(int) ((at - prefix.length) % filler.length)];
    }

    /** Writes this input, gzipped, to {@code file} (a small file when the filler repeats). */
    void gzipTo(Path file) throws IOException {
        byte[] block = new byte[1 << 16];
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int n = read(block, 0, block.length); n > 0; n = read(block, 0, block.length)) {
                out.write(block, 0, n);
            }
        }
    }
}
