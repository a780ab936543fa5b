package io.jazmin.source;

import java.io.IOException;

/**
 * A {@link RandomAccessSource} found that its file was replaced or changed since the source was
 * opened, so the bytes it would return belong to another version. The reader reports it as a
 * {@link io.jazmin.error.JazminIoException} naming the source, with this exception as its cause;
 * open the file again to read the new version.
 */
public class SourceChangedException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * @param source the {@link RandomAccessSource#name()} of the source
     * @param detail what changed, e.g. {@code "ETag \"a1\" became \"b2\""}
     */
    public SourceChangedException(String source, String detail) {
        super(source + " changed while it was being read (" + detail + "); open it again to read the new version");
    }
}
