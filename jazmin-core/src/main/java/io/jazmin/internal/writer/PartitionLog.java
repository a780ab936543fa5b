package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.Statistics;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The chunks one table writer wrote to one partition, and their statistics: written at the end as
 * the partition's statistics blocks and directory segment (spec §1.13–1.14). In shared files each
 * reference and part also gets its SHA-256 digest (spec §1.19).
 */
final class PartitionLog {
    private final String text;
    private final boolean digests;
    private final List<Integer> ordinals = new ArrayList<>();
    private final List<Long> rowStarts = new ArrayList<>();
    private final List<Integer> rowCounts = new ArrayList<>();
    private final List<Long> partOffsets = new ArrayList<>();
    private final List<Long> partLengths = new ArrayList<>();
    private final ByteArrayOutputStream partDigests = new ByteArrayOutputStream();
    /** Column flush points of the parts, in part order (all parts have them, or none). */
    private final List<int[]> streamOffsets = new ArrayList<>();
    private final List<int[]> streamStoredOffsets = new ArrayList<>();
    /** The parts' value points entries, in part order, with the flush points. */
    private final List<byte[]> valuePoints = new ArrayList<>();
    private final ChunkStatisticsLog[] statistics;

    /**
     * @param text    the partition's text in section ids ({@code *}, or its id in base64url)
     * @param digests whether references carry digests (shared files)
     */
    PartitionLog(String text, int columns, boolean digests) {
        this.text = text;
        this.digests = digests;
        this.statistics = new ChunkStatisticsLog[columns];
        for (int i = 0; i < columns; i++) {
            statistics[i] = new ChunkStatisticsLog();
        }
    }

    String text() {
        return text;
    }

    /** Writes a chunk's part sections (group order) to {@code sink} and records them. */
    void add(Output sink, int ordinal, long rowStart, ChunkEncoder.EncodedChunk chunk) {
        for (int i = 0; i < statistics.length; i++) {
            statistics[i].add(chunk.statistics()[i]);
        }
        for (int g = 0; g < chunk.parts().length; g++) {
            byte[] part = chunk.parts()[g];
            partOffsets.add(sink.write(part));
            if (chunk.streamOffsets() != null) {
                streamOffsets.add(chunk.streamOffsets()[g]);
                streamStoredOffsets.add(chunk.streamStoredOffsets()[g]);
                valuePoints.add(chunk.valuePoints()[g]);
            }
            partLengths.add((long) part.length);
            if (digests) {
                partDigests.writeBytes(SectionReader.sha256(part));
            }
        }
        ordinals.add(ordinal);
        rowStarts.add(rowStart);
        rowCounts.add(chunk.rowCount());
    }

    /**
     * Writes the statistics blocks and then the directory segment {@code k}; returns its reference.
     *
     * @param blocks      the column positions of each statistics block
     * @param blockScopes the column group of each block (the key scope in shared files), or {@code null}
     */
    SectionRef write(Output sink, SectionWriter sections, int table, int k, int[][] blocks, String[] blockScopes) {
        List<StatisticsBlock> written = new ArrayList<>();
        for (int b = 0; b < blocks.length; b++) {
            List<io.jazmin.internal.catalog.ColumnStatistics> columns = new ArrayList<>();
            for (int c : blocks[b]) {
                columns.add(statistics[c].toCatalog());
            }
            byte[] raw = new Statistics(columns).encode();
            SectionWriter writer = blockScopes == null ? sections : sections.scoped(blockScopes[b]);
            byte[] section = writer.catalogSection(SectionIds.statistics(table, text, b, k), raw, raw.length);
            written.add(new StatisticsBlock(blocks[b], ref(sink.write(section), section, digests)));
        }
        ChunkDirectory dir = new ChunkDirectory(ints(ordinals), longs(rowStarts), ints(rowCounts), longs(partOffsets),
                longs(partLengths), digests ? partDigests.toByteArray() : null, written, concat(streamOffsets),
                concat(streamStoredOffsets), ValuePoints.join(valuePoints));
        byte[] raw = dir.encode();
        byte[] section = sections.catalogSection(SectionIds.directory(table, text, k), raw, raw.length);
        return ref(sink.write(section), section, digests);
    }

    /** A reference to a section written at {@code at}, with its digest when {@code digests} (shared files). */
    static SectionRef ref(long at, byte[] section, boolean digests) {
        return digests ? new SectionRef(at, section.length, SectionReader.sha256(section))
                : new SectionRef(at, section.length);
    }

    // Plain loops, not streams: these run at every append, mostly over one chunk, where a stream's
    // set-up cost more than the copy (a few percent of a one-row append's samples).
    private static int[] ints(List<Integer> list) {
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static int[] concat(List<int[]> lists) {
        int size = 0;
        for (int[] l : lists) {
            size += l.length;
        }
        int[] out = new int[size];
        int at = 0;
        for (int[] l : lists) {
            System.arraycopy(l, 0, out, at, l.length);
            at += l.length;
        }
        return out;
    }

    private static long[] longs(List<Long> list) {
        long[] out = new long[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }
}
