package io.jazmin.source;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where a file's bytes come from when they are not a local path: any store that can read a byte
 * range at a position (a channel, memory, an HTTP server answering {@code Range} requests, a Hadoop
 * file system's positioned reads). The engine reads through this one interface whatever the store,
 * and asks only for the ranges it needs.
 *
 * <p>A source reads one version of one file: its {@link #size()} is fixed when it is opened, and a
 * source that can tell that the file was replaced since (an HTTP ETag, a modification time) fails
 * the read with {@link SourceChangedException} rather than returning bytes of another version.
 * Implementations must allow reads from several threads at once.
 */
public interface RandomAccessSource extends Closeable {

    /** The size in bytes of the version this source reads, fixed when it was opened. */
    long size();

    /**
     * Reads exactly {@code into.remaining()} bytes starting at {@code position} into {@code into}.
     * The engine only asks for ranges inside {@link #size()}.
     *
     * @throws SourceChangedException when the source can tell the file is no longer the version it opened
     * @throws IOException            when the store fails or the range cannot be read whole
     */
    void read(long position, ByteBuffer into) throws IOException;

    /**
     * A name for messages, such as a URL without its query or a file system path; it must never
     * hold a secret (credentials, signed query strings).
     */
    String name();

    /**
     * Reads as {@link #read(long, ByteBuffer)} does, for bytes the engine reads once and needs
     * exactly (the column streams of a chunk part a query reads): a source that rounds short reads
     * up to cached blocks (catalog sections, index pages, read again and again) should read just
     * these bytes and not keep them.
     *
     * @throws SourceChangedException when the source can tell the file is no longer the version it opened
     * @throws IOException            when the store fails or the range cannot be read whole
     */
    default void readOnce(long position, ByteBuffer into) throws IOException {
        read(position, into);
    }

    /**
     * Whether each read costs enough (a network round trip, an object store request) that the
     * engine should read only the byte ranges of the columns a query uses inside a chunk part,
     * where the file records column flush points, instead of the whole part. Such partial reads
     * cannot check the part's CRC-32, which covers the whole part: a source for which whole
     * parts are cheap (memory, a local channel) answers {@code false}, and every CRC is checked.
     * Encrypted parts are always read whole: their AES-GCM tag authenticates the whole part.
     *
     * @return {@code true} unless overridden
     */
    default boolean prefersRanges() {
        return true;
    }

    /**
     * Whether the file is still the version this source opened, asked of the store now: what a pool of
     * readers asks before it reuses one ({@code JazminReader.isCurrent()}), so that a replaced file is
     * read anew rather than failing every read of the old version. {@code false} when the store shows
     * another version, or the file is gone or cannot be reached (opening it again then says why); it may
     * be cautious, but {@code true} must mean the reads that follow return bytes of the version opened.
     * Never throws.
     *
     * @return {@code true} unless overridden: sources that cannot tell (memory, a channel) keep their version
     */
    default boolean isCurrent() {
        return true;
    }
}
