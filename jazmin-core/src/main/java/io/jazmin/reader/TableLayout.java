package io.jazmin.reader;

import io.jazmin.JazminFormatException;
import io.jazmin.UnsupportedFeatureException;
import io.jazmin.catalog.ChunkDirectory;
import io.jazmin.catalog.Delta;
import io.jazmin.catalog.Partition;
import io.jazmin.catalog.PartitionTable;
import io.jazmin.catalog.SectionRef;
import io.jazmin.catalog.TableDelta;
import io.jazmin.catalog.TableEntry;
import io.jazmin.wire.ByteReader;
import io.jazmin.wire.Preamble;
import io.jazmin.wire.SectionEnvelope;
import io.jazmin.wire.SectionReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a table's chunks are: merges the partitions of the header, the partition table and the
 * append deltas, reads their directory segments and checks that the chunks cover every row id
 * exactly once in ordinal order (spec §1.13). Loaded on first use, not at open.
 */
final class TableLayout {
    private TableLayout() {
    }

    /** The chunks in ordinal order and the directory segments that list them. */
    record Layout(List<ChunkInfo> chunks, List<SegmentInfo> segments) {
    }

    /** Reads the table's directory segments. */
    static Layout load(SectionReader sections, int tableIndex, TableEntry table, List<SectionRef> deltas,
                       int groupCount) {
        Map<String, List<SectionRef>> partitions = partitions(sections, tableIndex, table, deltas);
        if (partitions.size() > 1) {
            throw new UnsupportedFeatureException("access-control",
                    "table '" + table.name() + "' has several partitions: access-controlled files are not "
                            + "supported yet");
        }
        checkChunkCount(sections, table, groupCount);
        ChunkInfo[] byOrdinal = new ChunkInfo[table.chunkCount()];
        List<SegmentInfo> segmentInfos = new ArrayList<>();
        for (List<SectionRef> segments : partitions.values()) {
            for (int k = 0; k < segments.size(); k++) {
                String id = SectionIds.directory(tableIndex, SectionIds.PLAIN_PARTITION, k);
                SectionRef ref = segments.get(k);
                ChunkDirectory dir = ChunkDirectory.decode(new ByteReader(sections.read(id, ref.offset(),
                        ref.length())));
                try {
                    addSegment(dir, groupCount, byOrdinal, segmentInfos.size());
                } catch (JazminFormatException e) {
                    throw e.inSection(id, ref.offset());
                }
                segmentInfos.add(new SegmentInfo(SectionIds.PLAIN_PARTITION, k, dir.statistics(),
                        dir.ordinals().length));
            }
        }
        return new Layout(checkCoverage(table, byOrdinal), List.copyOf(segmentInfos));
    }

    private static Map<String, List<SectionRef>> partitions(SectionReader sections, int tableIndex, TableEntry table,
                                                            List<SectionRef> deltas) {
        Map<String, List<SectionRef>> merged = new LinkedHashMap<>();
        merge(merged, table.partitions());
        if (table.partitionTable() != null) {
            SectionRef ref = table.partitionTable();
            byte[] payload = sections.read(SectionIds.partitionTable(tableIndex), ref.offset(), ref.length());
            merge(merged, PartitionTable.decode(payload).partitions());
        }
        for (int d = 0; d < deltas.size(); d++) {
            SectionRef ref = deltas.get(d);
            Delta delta = Delta.decode(sections.read(SectionIds.delta(d), ref.offset(), ref.length()));
            for (TableDelta td : delta.tables()) {
                if (td.table() == tableIndex) {
                    merge(merged, td.partitions());
                }
            }
        }
        return merged;
    }

    private static void merge(Map<String, List<SectionRef>> into, List<Partition> partitions) {
        for (Partition p : partitions) {
            into.computeIfAbsent(HexFormat.of().formatHex(p.id()), k -> new ArrayList<>()).addAll(p.segments());
        }
    }

    /**
     * Every chunk has a part section, of at least an envelope, per column group: a count the
     * version's bytes cannot hold is damage, caught before the chunk array is allocated.
     */
    private static void checkChunkCount(SectionReader sections, TableEntry table, int groupCount) {
        long room = (sections.versionEnd() - Preamble.SIZE) / ((long) SectionEnvelope.SIZE * Math.max(1, groupCount));
        if (table.chunkCount() > room) {
            throw new JazminFormatException("table '" + table.name() + "' declares " + table.chunkCount()
                    + " chunks, more than the file's "
                    + sections.versionEnd() + " bytes can hold");
        }
    }

    private static void addSegment(ChunkDirectory dir, int groupCount, ChunkInfo[] byOrdinal, int segment) {
        int n = dir.ordinals().length;
        for (int b = 0; b < dir.statistics().size(); b++) {
            if (dir.statistics().get(b).section() == null) {
                throw new JazminFormatException("statistics block " + b + " names no section");
            }
        }
        if (dir.rowStarts().length != n || dir.rowCounts().length != n
                || dir.partOffsets().length != (long) n * groupCount || dir.partLengths().length != (long) n * groupCount) {
            throw new JazminFormatException("chunk directory lists have inconsistent lengths");
        }
        for (int i = 0; i < n; i++) {
            int ordinal = dir.ordinals()[i];
            if (ordinal < 0 || ordinal >= byOrdinal.length || byOrdinal[ordinal] != null) {
                throw new JazminFormatException("chunk ordinal " + ordinal + " is out of range or repeated");
            }
            if (dir.rowCounts()[i] < 0) {
                throw new JazminFormatException("chunk " + ordinal + " has a negative row count");
            }
            long[] offsets = new long[groupCount];
            long[] lengths = new long[groupCount];
            for (int g = 0; g < groupCount; g++) {
                offsets[g] = dir.partOffsets()[i * groupCount + g];
                lengths[g] = dir.partLengths()[i * groupCount + g];
            }
            byOrdinal[ordinal] = new ChunkInfo(ordinal, dir.rowStarts()[i], dir.rowCounts()[i], offsets, lengths,
                    segment, i);
        }
    }

    private static List<ChunkInfo> checkCoverage(TableEntry table, ChunkInfo[] byOrdinal) {
        long next = 0;
        for (int i = 0; i < byOrdinal.length; i++) {
            ChunkInfo c = byOrdinal[i];
            if (c == null) {
                throw new JazminFormatException("table '" + table.name() + "' is missing chunk " + i);
            }
            if (c.rowStart() != next) {
                throw new JazminFormatException("chunk " + i + " starts at row " + c.rowStart() + ", expected " + next);
            }
            next += c.rowCount();
        }
        if (next != table.rowCount()) {
            throw new JazminFormatException("table '" + table.name() + "' chunks hold " + next + " rows but it declares "
                    + table.rowCount());
        }
        return List.of(byOrdinal);
    }
}
