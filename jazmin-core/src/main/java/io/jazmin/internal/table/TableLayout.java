package io.jazmin.internal.table;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.Delta;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.PartitionTable;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableDelta;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a table's chunks are: merges the partitions of the header, the partition table and the
 * append deltas, reads their directory segments and checks that the chunks cover every row id
 * exactly once in ordinal order (spec §1.13). In access-controlled files only the partitions the
 * key may see are read (spec §1.19 step 4), so only their chunks are listed, and every part must
 * carry its digest. Directory segments are read per partition, when first needed: all of them for
 * {@link #all()}, those of some partitions for {@link #chunksOf} (the owner's index lookups).
 */
final class TableLayout {
    private static final int DIGEST_SIZE = 32;
    private static final int PARTITION_ID_SIZE = 12;

    /** How the file's sections are read; {@code null} once settled (see {@link #settled}). */
    private final SectionReader sections;
    private final int tableIndex;
    private final TableEntry table;
    private final Grant grant;
    private final int groupCount;
    private final boolean anyGroup;
    /** Partition text → directory segments; {@code null} once settled. */
    private final Map<String, List<SectionRef>> partitions;
    private final int listedSegments;
    private final ChunkInfo[] byOrdinal;
    private final List<SegmentInfo> segments = new ArrayList<>();
    /** The process-wide cache and this version's key in it, or {@code null}s: directories decoded once per JVM. */
    private final SharedChunkCache shared;
    private final SharedChunkCache.FileVersionKey file;
    private final Set<String> read = new HashSet<>();
    private Layout all;

    /**
     * The visible chunks in ordinal order and the directory segments that list them.
     */
    record Layout(List<ChunkInfo> chunks, List<SegmentInfo> segments) {
    }

    /**
     * Lists the table's partitions (reading its partition table and the deltas), no directory
     * segment yet: with {@code grant} (access-controlled files) only those it sees will be read,
     * none when it sees no column group.
     */
    TableLayout(SectionReader sections, int tableIndex, TableEntry table, List<SectionRef> deltas,
                TableColumns columns, Grant grant, SharedChunkCache shared, SharedChunkCache.FileVersionKey file) {
        this.shared = shared;
        this.file = file;
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.table = table;
        this.grant = grant;
        this.partitions = partitions(sections, tableIndex, table, deltas, grant != null);
        if (grant == null && partitions.size() > 1) {
            throw new JazminFormatException("table '" + table.name() + "' has several partitions, but the file is "
                    + "not access-controlled");
        }
        this.groupCount = columns.groupNames().size();
        checkChunkCount(sections, table, groupCount);
        boolean any = false;
        for (boolean v : columns.groupVisible()) {
            any |= v;
        }
        this.anyGroup = any;
        this.byOrdinal = new ChunkInfo[table.chunkCount()];
        this.listedSegments = segmentCount(partitions);
    }

    /** A layout whose every chunk is read and checked: it reads nothing more, and holds no reader. */
    private TableLayout(TableLayout whole) {
        this.sections = null;
        this.shared = null;
        this.file = null;
        this.tableIndex = whole.tableIndex;
        this.table = whole.table;
        this.grant = null;
        this.groupCount = whole.groupCount;
        this.anyGroup = whole.anyGroup;
        this.partitions = null;
        this.listedSegments = whole.listedSegments;
        this.all = whole.all();
        this.byOrdinal = whole.byOrdinal;
        this.segments.addAll(all.segments());
    }

    /**
     * The layout of a table of a file that is not access-controlled, every directory segment read and
     * checked ({@link #all()}), detached from {@code sections}: what the shared cache keeps per version
     * so that a fresh open neither reads nor checks the directories again ({@link SharedChunkCache#section}).
     */
    static TableLayout settled(SectionReader sections, int tableIndex, TableEntry table, List<SectionRef> deltas,
                               TableColumns columns, SharedChunkCache shared, SharedChunkCache.FileVersionKey file) {
        return new TableLayout(new TableLayout(sections, tableIndex, table, deltas, columns, null, shared, file));
    }

    /** An estimate of the heap a settled layout holds beyond its directories (cache budgets): its chunk entries. */
    long heapBytes() {
        long n = 256 + 8L * byOrdinal.length + 96L * segments.size();
        for (ChunkInfo c : byOrdinal) {
            // Each chunk's share of its segment's part lists, which the chunk entries keep.
            n += c == null ? 0 : 96 + 16L * c.groupCount() + (c.hasDigests() ? 32L * c.groupCount() : 0);
        }
        return n;
    }

    /**
     * How many directory segments the partitions list, read or not: what an append numbers its new
     * segment after, without decoding the segments of every earlier append.
     */
    int listedSegments() {
        return listedSegments;
    }

    /**
     * {@link #listedSegments()} of a table not laid out: counted from the partitions its entry, its
     * partition table and the deltas list (appends go to deltas once a table has a partition table or
     * the file has deltas, spec §1.24), without a layout or any directory segment.
     */
    static int listedSegments(SectionReader sections, int tableIndex, TableEntry table, List<SectionRef> deltas,
                              boolean access) {
        return segmentCount(partitions(sections, tableIndex, table, deltas, access));
    }

    private static int segmentCount(Map<String, List<SectionRef>> partitions) {
        int n = 0;
        for (List<SectionRef> refs : partitions.values()) {
            n += refs.size();
        }
        return n;
    }

    /** Every visible chunk, checked (reads the directory segments not read yet). */
    synchronized Layout all() {
        if (all == null) {
            boolean complete = true;
            for (String partition : partitions.keySet()) {
                if (visible(partition)) {
                    readPartition(partition);
                } else {
                    complete = false;
                }
            }
            List<ChunkInfo> chunks = complete ? checkCoverage(table, byOrdinal) : checkVisible(table, byOrdinal);
            all = new Layout(chunks, List.copyOf(segments));
        }
        return all;
    }

    /**
     * The chunks of the partitions {@code names} (texts of section ids) in ordinal order, reading
     * their directory segments if not read yet; {@code null} when one of them is not a visible
     * partition of the table. The caller checks them against what it expects (the chunk map).
     */
    synchronized List<ChunkInfo> chunksOf(Set<String> names) {
        if (partitions == null) {
            return null; // settled layouts are of files without partitions to read on demand
        }
        for (String name : names) {
            if (!partitions.containsKey(name) || !visible(name)) {
                return null;
            }
            readPartition(name);
        }
        List<ChunkInfo> out = new ArrayList<>();
        for (ChunkInfo c : byOrdinal) {
            if (c != null && names.contains(c.partition())) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }

    /** The directory segment numbered {@code index} (as {@link ChunkInfo#segment()} refers to it). */
    synchronized SegmentInfo segment(int index) {
        return segments.get(index);
    }

    /** How many directory segments were read so far. */
    synchronized int segmentsRead() {
        return segments.size();
    }

    private boolean visible(String partition) {
        return grant == null || (anyGroup && grant.seesPartition(partition));
    }

    private void readPartition(String partition) {
        if (!read.add(partition)) {
            return;
        }
        List<SectionRef> refs = partitions.get(partition);
        new DirectoryLayoutEvent(table.name(), refs.size()).commit();
        for (int k = 0; k < refs.size(); k++) {
            String id = SectionIds.directory(tableIndex, partition, k);
            SectionRef ref = refs.get(k);
            ChunkDirectory dir = shared == null ? ChunkDirectory.decode(new ByteReader(sections.read(id, ref)))
                    : shared.section(file, id, ref.offset(), ref.length(), "directory",
                            () -> ChunkDirectory.decode(new ByteReader(sections.read(id, ref))), TableLayout::heapBytes);
            try {
                addSegment(dir, groupCount, byOrdinal, segments.size(), partition, grant != null,
                        table.columnCount(), id, ref.offset());
            } catch (JazminFormatException e) {
                throw e.inSection(id, ref.offset());
            }
            segments.add(new SegmentInfo(partition, k, dir.statistics(), dir.ordinals().length, ref));
        }
    }

    /** An estimate of the heap a decoded directory segment holds (cache budgets): its arrays and blocks. */
    private static long heapBytes(ChunkDirectory d) {
        long n = 128 + 16 * 8 + 4L * d.ordinals().length + 8L * d.rowStarts().length + 4L * d.rowCounts().length
                + 8L * d.partOffsets().length + 8L * d.partLengths().length + d.partDigests().length
                + d.streamOffsets().heapBytes() + d.streamStoredOffsets().heapBytes()
                // Views, each of the whole raw directory, which they keep alive: counted once.
                + Math.max(d.valuePoints().bytes().length,
                        Math.max(d.streamOffsets().viewedArrayBytes(), d.streamStoredOffsets().viewedArrayBytes()));
        for (var block : d.statistics()) {
            n += 96 + 4L * block.columns().length;
        }
        return n;
    }

    /** Partition text → directory segments, oldest first. */
    private static Map<String, List<SectionRef>> partitions(SectionReader sections, int tableIndex, TableEntry table,
                                                            List<SectionRef> deltas, boolean access) {
        Map<String, List<SectionRef>> merged = new LinkedHashMap<>();
        merge(merged, table.partitions(), access);
        if (table.partitionTable() != null) {
            byte[] payload = sections.read(SectionIds.partitionTable(tableIndex), table.partitionTable());
            merge(merged, PartitionTable.decode(payload).partitions(), access);
        }
        for (int d = 0; d < deltas.size(); d++) {
            Delta delta = Delta.decode(sections.read(SectionIds.delta(d), deltas.get(d)));
            for (TableDelta td : delta.tables()) {
                if (td.table() == tableIndex) {
                    merge(merged, td.partitions(), access);
                }
            }
        }
        return merged;
    }

    private static void merge(Map<String, List<SectionRef>> into, List<Partition> partitions, boolean access) {
        for (Partition p : partitions) {
            into.computeIfAbsent(partitionText(p.id(), access), k -> new ArrayList<>()).addAll(p.segments());
        }
    }

    /** The partition's text in section ids: {@code *} in plain files, else its 12-byte id in base64url. */
    private static String partitionText(byte[] id, boolean access) {
        if (!access) {
            if (id.length != 0) {
                throw new JazminFormatException("a partition of a file that is not access-controlled has an id");
            }
            return SectionIds.PLAIN_PARTITION;
        }
        if (id.length != PARTITION_ID_SIZE) {
            throw new JazminFormatException("a partition id has " + id.length + " bytes, not " + PARTITION_ID_SIZE);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
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

    /**
     * Adds a directory segment's chunks.
     *
     * @param columnCount the table's columns: in a table of one column group, the streams of each
     *                    chunk's one part, so the number of its column flush points
     * @param id          the segment's section id and {@code offset} its offset, which a chunk names when
     *                    its flush points, checked when first used, are damaged
     */
    private static void addSegment(ChunkDirectory dir, int groupCount, ChunkInfo[] byOrdinal, int segment,
                                   String partition, boolean access, int columnCount, String id, long offset) {
        int n = dir.ordinals().length;
        for (int b = 0; b < dir.statistics().size(); b++) {
            if (dir.statistics().get(b).section() == null) {
                throw new JazminFormatException("statistics block " + b + " names no section");
            }
        }
        long parts = (long) n * groupCount;
        if (dir.rowStarts().length != n || dir.rowCounts().length != n
                || dir.partOffsets().length != parts || dir.partLengths().length != parts) {
            throw new JazminFormatException("chunk directory lists have inconsistent lengths");
        }
        byte[] digests = dir.partDigests();
        if (access ? digests.length != parts * DIGEST_SIZE : digests.length != 0 && digests.length != parts * DIGEST_SIZE) {
            throw new JazminFormatException("chunk directory lists " + digests.length + " bytes of part digests for "
                    + parts + " parts" + (access ? ": access-controlled files need one per part" : ""));
        }
        // Flush points serve tables of one column group (the writer makes none for more): ignored elsewhere.
        boolean flushPoints = groupCount == 1
                && (!dir.streamOffsets().isEmpty() || !dir.streamStoredOffsets().isEmpty());
        if (flushPoints && (dir.streamOffsets().size() != parts * columnCount
                || dir.streamStoredOffsets().size() != parts * columnCount)) {
            throw new JazminFormatException("chunk directory lists " + dir.streamOffsets().size() + " raw and "
                    + dir.streamStoredOffsets().size() + " stored column flush points for " + parts + " parts of "
                    + columnCount + " columns");
        }
        for (int i = 0; i < n; i++) {
            int ordinal = dir.ordinals()[i];
            if (ordinal < 0 || ordinal >= byOrdinal.length || byOrdinal[ordinal] != null) {
                throw new JazminFormatException("chunk ordinal " + ordinal + " is out of range or repeated");
            }
            if (dir.rowCounts()[i] < 0) {
                throw new JazminFormatException("chunk " + ordinal + " has a negative row count");
            }
            // The chunk reads its parts and flush points from the directory's lists (never handing them out),
            // its flush points decoded and checked when first used: a lookup reads one chunk's of 49 (issue 33).
            byOrdinal[ordinal] = new ChunkInfo(ordinal, dir.rowStarts()[i], dir.rowCounts()[i], dir.partOffsets(),
                    dir.partLengths(), digests.length == 0 ? null : digests, i * groupCount, groupCount, segment, i,
                    partition, flushPoints ? dir.streamOffsets() : null, dir.streamStoredOffsets(), columnCount,
                    dir.valuePoints(), id, offset);
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

    /**
     * The chunks of some partitions only: in ordinal order their rows must ascend without
     * overlapping and stay within the table's rows (the hidden chunks fill the gaps).
     */
    private static List<ChunkInfo> checkVisible(TableEntry table, ChunkInfo[] byOrdinal) {
        List<ChunkInfo> out = new ArrayList<>();
        long next = 0;
        for (ChunkInfo c : byOrdinal) {
            if (c == null) {
                continue;
            }
            if (c.rowStart() < next || c.rowCount() > table.rowCount() - c.rowStart()) {
                throw new JazminFormatException("chunk " + c.ordinal() + " holds rows " + c.rowStart() + "+"
                        + c.rowCount() + ", overlapping another chunk or beyond the table's " + table.rowCount()
                        + " rows");
            }
            next = c.rowStart() + c.rowCount();
            out.add(c);
        }
        return List.copyOf(out);
    }
}
