package io.jazmin.source;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;

/**
 * Positioned reads from a {@link SeekableByteChannel}: a {@link FileChannel}'s own positional reads
 * (which threads may run at once), any other channel's {@code position} and {@code read} under a
 * lock on the channel, since its position is shared.
 */
final class ChannelSource implements RandomAccessSource {
    private final SeekableByteChannel channel;
    private final String name;
    private final long size;
    private final boolean ranges;

    ChannelSource(SeekableByteChannel channel, String name, boolean ranges) throws IOException {
        this.channel = channel;
        this.name = name;
        this.size = channel.size();
        this.ranges = ranges;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long position, ByteBuffer into) throws IOException {
        if (channel instanceof FileChannel file) {
            long at = position;
            while (into.hasRemaining()) {
                int n = file.read(into, at);
                if (n < 0) {
                    throw endedAt(at);
                }
                at += n;
            }
            return;
        }
        synchronized (channel) {
            channel.position(position);
            while (into.hasRemaining()) {
                if (channel.read(into) < 0) {
                    throw endedAt(channel.position());
                }
            }
        }
    }

    private EOFException endedAt(long at) {
        return new EOFException(name + " ended at byte " + at + ", before the " + size + " it had when opened");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean prefersRanges() {
        return ranges;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
