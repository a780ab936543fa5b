package io.jazmin.source;

import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.util.Objects;

/**
 * The {@link RandomAccessSource}s the library provides; open a file from one with
 * {@code JazminReader.open(source, options)}:
 *
 * <pre>{@code
 * try (JazminReader r = JazminReader.open(Sources.url(URI.create("https://example.com/data.jzm")),
 *         ReadOptions.defaults())) { ... }
 * }</pre>
 *
 * The reader closes the source when it is closed.
 */
public final class Sources {
    private Sources() {
    }

    /**
     * Reads {@code channel}, whose size is taken now. Threads may read at once: a
     * {@link java.nio.channels.FileChannel} through its positional reads, any other channel one read
     * at a time. The channel is closed with the source.
     *
     * @param name what messages call it (never a secret)
     * @throws JazminIoException when the channel's size cannot be read
     */
    public static RandomAccessSource channel(SeekableByteChannel channel, String name) {
        return channel(channel, name, false);
    }

    /**
     * Like {@link #channel(SeekableByteChannel, String)}, but the engine reads only the byte ranges
     * a query needs inside chunk parts, as for a remote source (see
     * {@link RandomAccessSource#prefersRanges()}): for a channel over a network file system or a
     * store where each read is costly.
     */
    public static RandomAccessSource rangedChannel(SeekableByteChannel channel, String name) {
        return channel(channel, name, true);
    }

    private static RandomAccessSource channel(SeekableByteChannel channel, String name, boolean ranges) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(name, "name");
        try {
            return new ChannelSource(channel, name, ranges);
        } catch (IOException e) {
            throw new JazminIoException("cannot read the size of", name, e);
        }
    }

    /** Reads a file held in {@code bytes}, which must not change while it is read (they are not copied). */
    public static RandomAccessSource bytes(byte[] bytes) {
        return new MemorySource(ByteBuffer.wrap(bytes), "bytes in memory");
    }

    /**
     * Reads a file held in {@code buffer} from its position to its limit (as they are now: a view is
     * kept, and the buffer's own position is never moved); its contents must not change while read.
     */
    public static RandomAccessSource buffer(ByteBuffer buffer) {
        return new MemorySource(buffer, "a buffer in memory");
    }

    /**
     * Reads a file over HTTP(S) with {@code Range} requests, with the default settings of
     * {@link HttpSource#to(URI)}.
     *
     * @throws JazminIoException when the server cannot be reached or does not serve the file
     */
    public static HttpSource url(URI url) {
        return HttpSource.to(url).open();
    }
}
