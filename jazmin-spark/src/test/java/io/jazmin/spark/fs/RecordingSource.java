package io.jazmin.spark.fs;

import io.jazmin.source.RandomAccessSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A source whose reads are recorded, one by one, in order: where, how many bytes, and whether the
 * engine read them once (a chunk part's column streams, {@link RandomAccessSource#readOnce}) or as
 * catalog bytes. Used to check and to show what a query reads through a Hadoop file system.
 */
public final class RecordingSource implements RandomAccessSource {
    /**
     * One positioned read.
     *
     * @param position where it starts in the file
     * @param length   its bytes
     * @param once     whether the engine read it once (chunk-part streams), not as catalog bytes
     */
    public record Read(long position, int length, boolean once) {
        /** Where it ends (exclusive). */
        public long end() {
            return position + length;
        }
    }

    private final RandomAccessSource source;
    private final List<Read> reads = Collections.synchronizedList(new ArrayList<>());

    /** Records the reads of {@code source}. */
    public RecordingSource(RandomAccessSource source) {
        this.source = source;
    }

    /** How many reads were made so far (a mark for {@link #since}). */
    public int count() {
        return reads.size();
    }

    /** The reads made since the mark {@code from} ({@link #count()} then). */
    public List<Read> since(int from) {
        synchronized (reads) {
            return List.copyOf(reads.subList(from, reads.size()));
        }
    }

    /** The bytes of {@code reads}. */
    public static long bytes(List<Read> reads) {
        return reads.stream().mapToLong(Read::length).sum();
    }

    @Override
    public long size() {
        return source.size();
    }

    @Override
    public void read(long position, ByteBuffer into) throws IOException {
        reads.add(new Read(position, into.remaining(), false));
        source.read(position, into);
    }

    @Override
    public void readOnce(long position, ByteBuffer into) throws IOException {
        reads.add(new Read(position, into.remaining(), true));
        source.readOnce(position, into);
    }

    @Override
    public boolean prefersRanges() {
        return source.prefersRanges();
    }

    @Override
    public String name() {
        return source.name();
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
