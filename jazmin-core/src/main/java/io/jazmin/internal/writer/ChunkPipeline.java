package io.jazmin.internal.writer;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.internal.parallel.OrderedPipeline;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes a table's chunks ({@link ChunkEncoder}) and writes them to the file in chunk order: on the
 * caller's thread, or, when the options allow, on worker threads while the caller fills the next
 * chunks. The chunk that decides the column flush points ({@link FirstChunkChoice}) goes to a worker
 * too, but the chunks after it are held, not started, until it has decided: its trial passes end on
 * one thread long after the others, and the caller fills the next chunks meanwhile instead of waiting.
 * Chunks are written in order either way, so the bytes do not depend on the parallelism. Keeps the
 * rows and partition of each chunk written, in order (a shared file's chunk map).
 */
final class ChunkPipeline {
    /**
     * How many pipelines' worth of chunks the caller may fill while the first chunk decides: its trial
     * passes cost several chunks' encoding, the last (level 9 filtered) on one thread alone.
     */
    private static final int HELD_WHILE_DECIDING = 2;
    /**
     * Chunks of at most this many rows are encoded on the caller's thread when no other chunk is in
     * flight: handing a one-row append's chunk to a worker and waiting for it costs more than encoding it.
     */
    private static final int CALLER_ENCODES_UP_TO = 64;

    /** What a carried chunk lends: no arrays of {@link #arrays}. */
    private static final Object[] NOTHING_LENT = new Object[0];

    private final Output sink;
    /** Takes back each chunk's arrays once it is written. */
    private final ChunkArrays arrays;
    private final FirstChunkChoice firstChunk;
    /** Encoders not in use; the sequential path always uses the first. */
    private final ArrayDeque<ChunkEncoder> idleEncoders = new ArrayDeque<>();
    /** Chunks being encoded on worker threads, or {@code null} when the caller's thread encodes. */
    private final OrderedPipeline<EncodedWork> encoding;
    /** The most chunks {@link #encoding} holds; also sets how many are held while the first chunk decides. */
    private final int inFlight;
    /** Chunks built while the first chunk decides, in order, started once it has. */
    private final ArrayDeque<Chunk> held = new ArrayDeque<>();
    /** Whether a chunk was handed over yet (the first decides). */
    private boolean started;
    /** Per chunk written, in ordinal order: its partition and rows. */
    private final List<PartitionLog> chunkPartitions = new ArrayList<>();
    private final List<Integer> chunkRows = new ArrayList<>();

    /**
     * @param groups   the positions of each column group's columns (one part per group)
     * @param sections the table's section writer: whether it can make column flush points
     */
    ChunkPipeline(List<Column> columns, int[][] groups, WriteOptions options, SectionWriter sections, Output sink,
                  ChunkArrays arrays) {
        this.sink = sink;
        this.arrays = arrays;
        int ahead = options.parallelism().writeAheadChunks();
        inFlight = options.parallelism().writeChunksInFlight();
        encoding = ahead > 0 ? new OrderedPipeline<>(inFlight, options.parallelism().executor()) : null;
        // Not with several column groups: the directory every partition holder reads would give the
        // sizes of columns hidden from some of them.
        firstChunk = new FirstChunkChoice(options.columnFlushPoints(), sections.flushesColumns() && groups.length == 1);
        FanOut trials = ahead > 0 ? FanOut.on(options.parallelism().executor(), ahead) : FanOut.CALLER_ONLY;
        for (int i = 0; i < Math.max(1, inFlight); i++) {
            idleEncoders.add(new ChunkEncoder(columns, groups, firstChunk, trials));
        }
    }

    /**
     * A chunk taken from the column builders: what its encoding needs (kept while the first chunk decides).
     *
     * @param ids    its part sections' ids, one per column group
     * @param writer the section writer of its partition
     * @param lent   the arrays its vectors hold, from {@link ChunkArrays}: given back once it is written
     */
    record Chunk(String[] ids, SectionWriter writer, ColumnVector[] vectors, Object[] lent, int count,
                 PartitionLog partition, int ordinal, long rowStart) {
        ChunkEncoder.EncodedChunk encodeWith(ChunkEncoder encoder) {
            return encoder.encode(ids, writer, vectors, count);
        }
    }

    /** A chunk encoded by a worker, with the encoder to give back once it is written. */
    private record EncodedWork(ChunkEncoder.EncodedChunk chunk, ChunkEncoder encoder, Object[] lent,
                               PartitionLog partition, int ordinal, long rowStart) {
    }

    /** Hands {@code chunk} to an encoder: on this thread, or on a worker while more rows arrive. */
    void encode(Chunk chunk) {
        if (encoding == null || (chunk.count() <= CALLER_ENCODES_UP_TO && encoding.isEmpty() && held.isEmpty())) {
            write(new EncodedWork(chunk.encodeWith(idleEncoders.peek()), null, chunk.lent(), chunk.partition(),
                    chunk.ordinal(), chunk.rowStart()));
            return;
        }
        if (firstChunk.undecided()) {
            if (!started) {
                started = true;
                submit(chunk); // this writer's first chunk: it decides
                return;
            }
            held.add(chunk);
            if (held.size() < HELD_WHILE_DECIDING * inFlight) {
                return; // the deciding chunk is the one in flight
            }
            writeOldest(); // the deciding chunk: once written, the choice is settled
            submitHeld();
            return;
        }
        submitHeld();
        submit(chunk);
    }

    private void submit(Chunk chunk) {
        if (!encoding.hasRoom()) {
            writeOldest();
        }
        ChunkEncoder encoder = idleEncoders.pop();
        encoding.submit(() -> new EncodedWork(chunk.encodeWith(encoder), encoder, chunk.lent(), chunk.partition(),
                chunk.ordinal(), chunk.rowStart()));
    }

    /** Starts the chunks held while the first chunk decided, in order (call once it has). */
    private void submitHeld() {
        Chunk next;
        while ((next = held.poll()) != null) {
            submit(next);
        }
    }

    /**
     * Writes a chunk carried encoded from the file a compaction rewrites ({@link CarriedChunk}) after
     * every chunk taken before it. Its part has column flush points exactly when this table's parts do.
     */
    void writeCarried(ChunkEncoder.EncodedChunk chunk, PartitionLog partition, int ordinal, long rowStart) {
        drain();
        boolean points = chunk.streamOffsets() != null;
        if ((firstChunk.undecided() && firstChunk.pointsOptional()) || points != firstChunk.flushes()) {
            throw new IllegalStateException("a carried chunk's column flush points must match the table's parts'");
        }
        write(new EncodedWork(chunk, null, NOTHING_LENT, partition, ordinal, rowStart));
    }

    private void writeOldest() {
        EncodedWork done = encoding.takeOldest();
        idleEncoders.push(done.encoder());
        write(done);
    }

    /**
     * Writes the chunks still being encoded or held, in order: at the table's end, and before the file
     * gets another section while the table is open (an embedded file), which must then follow every
     * chunk taken so far, as it does when the caller's thread encodes them, not as many as the
     * workers' timing has let through.
     */
    void drain() {
        while (encoding != null && !(encoding.isEmpty() && held.isEmpty())) {
            if (firstChunk.undecided() || held.isEmpty()) {
                writeOldest(); // while undecided, the oldest is the deciding chunk
            } else {
                submitHeld();
            }
        }
    }

    private void write(EncodedWork work) {
        arrays.giveBack(work.lent()); // encoded: nothing reads its vectors any more
        work.partition().add(sink, work.ordinal(), work.rowStart(), work.chunk());
        chunkPartitions.add(work.partition());
        chunkRows.add(work.chunk().rowCount());
    }

    /** The chunks written so far. */
    int written() {
        return chunkRows.size();
    }

    /** Per chunk written, in order, its rows. */
    List<Integer> writtenRows() {
        return chunkRows;
    }

    /** Per chunk written, in order, its partition. */
    List<PartitionLog> writtenPartitions() {
        return chunkPartitions;
    }
}
