package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.StreamEncoder;
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.options.ColumnFlushPoints;
import java.util.List;

/**
 * Turns one chunk's column values into its part sections and statistics (spec §1.9): one part per
 * column group, holding the streams of the group's columns in position order (a plain file has the
 * one group of all columns). The CPU-heavy step of writing, which may run on a worker thread; it
 * encodes in its thread's buffers ({@link #BUFFERS}). With column flush
 * points each part is compressed so that each of its streams inflates on its own
 * ({@link SectionWriter#columnSection}), and where they start is kept for the chunk directory; while
 * the {@link FirstChunkChoice} is undecided, the chunk encoded settles it (points, Deflate passes).
 */
final class ChunkEncoder {
    private final List<Column> columns;
    private final int[][] groups;
    private final FirstChunkChoice choice;
    /** Runs the Deflate passes a choosing chunk's part tries (on the writer's thread and, if allowed, workers). */
    private final FanOut trials;

    /**
     * Per thread, the buffers a chunk part's payload and one column stream are encoded in: grown to a
     * chunk's size once per thread, not once per table written (a writer's encoders grew theirs from 64 KiB
     * to a chunk part's megabyte in every write). Nothing is kept in them after a chunk (its sections are
     * compressed or copied into arrays of their own); buffers past {@value #KEPT_BYTES} bytes are not kept.
     */
    private static final ThreadLocal<Buffers> BUFFERS = new ThreadLocal<>();
    private static final int KEPT_BYTES = 4 << 20;

    private record Buffers(ByteWriter payload, ByteWriter stream) {
        static Buffers take() {
            Buffers b = BUFFERS.get();
            BUFFERS.set(null); // taken out while in use: a nested use gets new ones
            return b != null ? b : new Buffers(new ByteWriter(1 << 16), new ByteWriter(1 << 16));
        }

        void giveBack() {
            if (payload.array().length <= KEPT_BYTES && stream.array().length <= KEPT_BYTES) {
                payload.reset();
                stream.reset();
                BUFFERS.set(this);
            }
        }
    }

    /**
     * @param groups      the positions of each group's columns, ascending, in group order
     * @param choice  whether parts get column flush points (the section writer must make them when
     *                they can) and how they are compressed, shared by the writer's encoders
     * @param trials  runs the independent passes of the part that decides {@code choice}: the writer's
     *                parallelism, since that part is encoded while no other chunk can be
     */
    ChunkEncoder(List<Column> columns, int[][] groups, FirstChunkChoice choice, FanOut trials) {
        this.columns = columns;
        this.groups = groups;
        this.choice = choice;
        this.trials = trials;
    }

    /**
     * A chunk ready to be written: its whole part sections (group order) and each column's statistics.
     *
     * @param streamOffsets       per part, where each column stream starts in its raw payload; {@code null}
     *                            without flush points
     * @param streamStoredOffsets per part, the stored offset of each stream's flush point; {@code null} without
     * @param valuePoints         per part, its value points entry ({@link ValuePointPlan#entry}, empty when it
     *                            has none); {@code null} without flush points
     */
    record EncodedChunk(byte[][] parts, ChunkStatistics[] statistics, int rowCount, int[][] streamOffsets,
                        int[][] streamStoredOffsets, byte[][] valuePoints) {
    }

    /** Encodes the chunk parts {@code partIds} (one per group) holding {@code vectors} (one per column). */
    EncodedChunk encode(String[] partIds, SectionWriter sections, ColumnVector[] vectors, int rowCount) {
        Buffers buffers = Buffers.take();
        try {
            return encode(partIds, sections, vectors, rowCount, buffers.payload(), buffers.stream());
        } finally {
            buffers.giveBack();
        }
    }

    private EncodedChunk encode(String[] partIds, SectionWriter sections, ColumnVector[] vectors, int rowCount,
                                ByteWriter payload, ByteWriter stream) {
        ChunkStatistics[] stats = new ChunkStatistics[vectors.length];
        byte[][] parts = new byte[groups.length][];
        boolean choose = choice.undecided();
        boolean points = choice.flushes();
        SectionWriter writer = choose ? sections : choice.compressing(sections);
        int[][] starts = points ? new int[groups.length][] : null;
        int[][] stored = points ? new int[groups.length][] : null;
        byte[][] valuePoints = points ? new byte[groups.length][] : null;
        for (int g = 0; g < groups.length; g++) {
            payload.reset();
            ValuePointPlan plan = points ? new ValuePointPlan(groups[g].length) : null;
            for (int m = 0; m < groups[g].length; m++) {
                int i = groups[g][m];
                stream.reset();
                int[] stringBoundRows = StreamEncoder.encode(columns.get(i), vectors[i], stream);
                stats[i] = ChunkStatistics.compute(vectors[i], stringBoundRows);
                if (plan != null) {
                    plan.add(columns.get(i), payload.size(), stream.array(), stream.size(), rowCount);
                }
                payload.varint(stream.size()).bytes(stream.array(), 0, stream.size());
            }
            if (points) {
                int[] pieces = plan.pieces();
                SectionWriter.ColumnSection part = choose && choice.pointsOptional()
                        ? writer.columnSectionIfCheap(partIds[g], payload.array(), payload.size(), pieces,
                                plan.pieceStreams(), ColumnFlushPoints.AUTO_TOLERANCE_PERCENT, trials)
                        : writer.columnSection(partIds[g], payload.array(), payload.size(), pieces,
                                plan.pieceStreams(), trials);
                parts[g] = part.section();
                if (choose) {
                    // Only a choosing chunk, of a table of one group, comes without points.
                    choice.settle(part);
                    points = part.storedOffsets() != null;
                }
                if (part.storedOffsets() != null) {
                    starts[g] = plan.streamStarts();
                    stored[g] = plan.streamStored(part.storedOffsets());
                    valuePoints[g] = plan.entry(part.storedOffsets());
                }
            } else {
                parts[g] = writer.section(partIds[g], payload.array(), payload.size());
            }
        }
        return points ? new EncodedChunk(parts, stats, rowCount, starts, stored, valuePoints)
                : new EncodedChunk(parts, stats, rowCount, null, null, null);
    }
}
