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
    /** {@code filler} repeated to about 64 KiB. */
    private final byte[] fillerBlock;
    private final byte[] suffix;
    private final long end;
    private long position;

    GeneratedInput(String prefix, String filler, long length, String suffix) {
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        this.filler = filler.getBytes(StandardCharsets.UTF_8);
        this.suffix = suffix.getBytes(StandardCharsets.UTF_8);
        this.fillerBlock = filler.isEmpty() ? new byte[0]
                : filler.repeat(Math.max(1, (1 << 16) / this.filler.length)).getBytes(StandardCharsets.UTF_8);
        long fillerEnd = length == Long.MAX_VALUE ? Long.MAX_VALUE : this.prefix.length + length;
        this.end = fillerEnd == Long.MAX_VALUE ? Long.MAX_VALUE : fillerEnd + this.suffix.length;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= end) {
            return -1;
        }
        long fillerEnd = end == Long.MAX_VALUE ? Long.MAX_VALUE : end - suffix.length;
        int n = 0;
        while (n < len && position < end) {
            int step;
            if (position < prefix.length) {
                step = (int) Math.min(len - n, prefix.length - position);
                System.arraycopy(prefix, (int) position, b, off + n, step);
            } else if (position < fillerEnd) {
                // Copied from a block of whole fillers, a run at a time.
                int from = (int) ((position - prefix.length) % filler.length);
                step = (int) Math.min(Math.min(len - n, fillerEnd - position), fillerBlock.length - from);
                System.arraycopy(fillerBlock, from, b, off + n, step);
            } else {
                step = (int) Math.min(len - n, end - position);
                System.arraycopy(suffix, (int) (position - fillerEnd), b, off + n, step);
            }
            n += step;
            position += step;
        }
        return n;
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
