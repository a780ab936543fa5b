package io.jazmin.convert;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Opens rows files to read, gunzipping those named {@code *.gz} ({@code input.jsonl.gz}) on the way. */
public final class InputFiles {
    private static final String GZ = ".gz";

    private InputFiles() {
    }

    /** Whether {@code file} is gzip-compressed by its name. */
    public static boolean isGzip(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(GZ);
    }

    /** The name whose extension tells the rows format: {@code input.jsonl} for {@code input.jsonl.gz}. */
    public static Path formatName(Path file) {
        String name = file.getFileName().toString();
        return isGzip(file) ? Path.of(name.substring(0, name.length() - GZ.length())) : file.getFileName();
    }

    /** Opens {@code file}, decompressing it when it is named {@code *.gz}, within the default {@link TextLimits}. */
    public static InputStream open(Path file) throws IOException {
        return open(file, TextLimits.defaults());
    }

    /**
     * Opens {@code file}, decompressing it when it is named {@code *.gz}; reading past
     * {@link TextLimits#maxGzipBytes()} or {@link TextLimits#maxGzipRatio()} throws
     * {@link io.jazmin.error.InputLimitException}.
     */
    public static InputStream open(Path file, TextLimits limits) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (!isGzip(file)) {
            return in;
        }
        try {
            return GzipLimit.open(file.getFileName().toString(), in, limits);
        } catch (IOException e) {
            in.close();
            throw new IOException(file + " is not gzip data: " + e.getMessage(), e);
        }
    }
}
