package io.jazmin.internal.table;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.OwnerCatalog;
import io.jazmin.internal.catalog.TableIndexes;
import io.jazmin.internal.catalog.Statistics;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.LongStream;

/**
 * Access to one table's stored data: its columns (checked at open), and, loaded on first use, its
 * chunk list and deleted rows. In an access-controlled file it holds only what the key may see:
 * visible columns (numbered 0.. in position order), the chunks of visible partitions, and the
 * owner's indexes; counts of hidden rows are reported, their values never read.
 */
public final class TableData {
    private final SectionReader sections;
    private final int tableIndex;
    private final TableEntry entry;
    private final List<SectionRef> deltas;
    private final Header header;
    private final Grant grant;
    private final TableColumns groups;
    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();
    private final ChunkDecoder decoder;
    /** The process-wide cache and this version's key in it, or {@code null}s (see {@link SharedChunkCache#section}). */
    private final SharedChunkCache shared;
    private final SharedChunkCache.FileVersionKey file;
    private final boolean indexDeltas;
    private Boolean fillsShared;
    private TableLayout layout;
    /** The owner's chunk map once read; {@code null} before, or when there is none or it disagrees. */
    private ChunkMapView chunkMap;
    private boolean chunkMapRead;
    private DeletedRows deleted;
    /** Per segment and column; concurrent: scans check decoded chunks against them on worker threads. */
    private final Map<Long, ChunkStatistics[]> statistics = new ConcurrentHashMap<>();
    private List<IndexRef> indexes;
    private TableIndexes ownerCatalog;
    private boolean ownerCatalogRead;

    /**
     * @param grant       in an access-controlled file, what the key sees; else {@code null}
     * @param indexDeltas whether the file lists reader feature {@code index-deltas} (compact index pages)
     * @param cache       where decompressed chunk payloads are kept for later reads
     * @param shared      the process-wide cache of decoded columns, or {@code null} when not used
     * @param file        this file version's key in {@code shared} ({@code null} with it)
     */
    public TableData(SectionReader sections, int tableIndex, Header header, Grant grant, boolean indexDeltas,
                     ChunkCache cache, SharedChunkCache shared, SharedChunkCache.FileVersionKey file) {
        this.indexDeltas = indexDeltas;
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.header = header;
        this.entry = header.tables().get(tableIndex);
        this.deltas = header.deltas();
        this.grant = grant;
        this.shared = shared;
        this.file = file;
        this.groups = settled() ? shared.section(file, SectionIds.header(), tableIndex, 0, "columns",
                () -> TableColumns.of(entry, tableIndex, sections, null), TableData::heapBytes)
                : TableColumns.of(entry, tableIndex, sections, grant);
        this.columns = groups.visible();
        for (int i = 0; i < columns.size(); i++) {
            positions.put(columns.get(i).name(), i);
        }
        this.decoder = new ChunkDecoder(sections, tableIndex, groups, cache, shared, file);
    }

    /**
     * Whether this table's columns and chunk layout are kept in the shared cache: read with it, in a
     * file that is not access-controlled (whose columns and chunks are the same for every reader of the
     * version). The key is the version's, the header's section id and the table's number.
     */
    private boolean settled() {
        return shared != null && grant == null;
    }

    /** An estimate of the heap a table's columns hold (cache budgets). */
    private static long heapBytes(TableColumns c) {
        long n = 256 + 12L * c.stored().length;
        for (Column column : c.visible()) {
            n += 160 + 2L * column.name().length();
        }
        return n;
    }

    public TableEntry entry() {
        return entry;
    }

    /** Columns in position order. */
    public List<Column> columns() {
        return columns;
    }

    /** The position of the column named {@code name}, or -1 when the table has none (a hash lookup). */
    public int position(String name) {
        return positions.getOrDefault(name, -1);
    }

    /** The chunks in ordinal order (reads the directory segments not read yet). */
    public List<ChunkInfo> chunks() {
        return layout().all().chunks();
    }

    /**
     * Whether {@link #chunksHolding} can read less than every directory segment: the owner of an
     * access-controlled file whose table has a chunk map that fits it (spec §1.19 step 4).
     */
    public boolean partitionsOnDemand() {
        return chunkMap() != null;
    }

    /**
     * Chunks that include every chunk holding one of {@code rows} (ascending row ids), in ordinal
     * order: with a chunk map only the chunks of the partitions it says hold them, whose directory
     * segments alone are read and must list what the map says; else, or when they do not, every
     * chunk (and the map is not used again).
     */
    public synchronized List<ChunkInfo> chunksHolding(PrimitiveIterator.OfLong rows) {
        ChunkMapView map = chunkMap();
        if (map == null) {
            return chunks();
        }
        Set<String> partitions = map.partitionsHolding(rows);
        List<ChunkInfo> listed = layout().chunksOf(partitions);
        if (listed == null || !map.agrees(partitions, listed)) {
            chunkMap = null;
            return chunks();
        }
        return listed;
    }

    /**
     * Whether the owner catalog lists a chunk map for this table (read from the catalog only; the
     * map itself is not read). {@code false} for other keys and files.
     */
    public boolean storesChunkMap() {
        TableIndexes catalog = ownerIndexes();
        return catalog != null && catalog.chunkMap() != null;
    }

    /** How many directory segments this table has read so far (they are read on demand, once each). */
    public synchronized int directorySegmentsRead() {
        return layout == null ? 0 : layout.segmentsRead();
    }

    /**
     * The index in {@code chunks} (ordinal order, such as {@link #chunksHolding} returns) of the last
     * chunk starting at or before row {@code rowId}: the one holding it when any of them does.
     */
    public static int chunkIndexOf(List<ChunkInfo> chunks, long rowId) {
        return lastStartingAtOrBefore(chunks, rowId);
    }

    /**
     * The visible chunk holding row {@code rowId}, or {@code null} when none does (a row of a
     * partition the key does not see); see {@link #chunksHolding} for what is read.
     */
    public ChunkInfo chunkHolding(long rowId) {
        List<ChunkInfo> chunks = chunksHolding(LongStream.of(rowId).iterator());
        if (chunks.isEmpty()) {
            return null;
        }
        ChunkInfo c = chunks.get(lastStartingAtOrBefore(chunks, rowId));
        return rowId >= c.rowStart() && rowId < c.rowStart() + c.rowCount() ? c : null;
    }

    private static int lastStartingAtOrBefore(List<ChunkInfo> chunks, long rowId) {
        int lo = 0;
        int hi = chunks.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (chunks.get(mid).rowStart() <= rowId) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The directory segments, in the order {@link ChunkInfo#segment()} refers to (reads them all). */
    public List<SegmentInfo> segments() {
        return layout().all().segments();
    }

    /** How many directory segments the table lists, counted without reading them (see {@link #segments()}). */
    public synchronized int listedSegmentCount() {
        // Counted from the catalog when no layout is built yet: the settled one kept in the shared cache
        // reads every segment first, which would make each append (a single save) slower than the last.
        return layout != null ? layout.listedSegments()
                : TableLayout.listedSegments(sections, tableIndex, entry, deltas, grant != null);
    }

    private synchronized TableLayout layout() {
        if (layout == null) {
            layout = settled() ? shared.section(file, SectionIds.header(), tableIndex, 0, "chunk layout",
                    () -> TableLayout.settled(sections, tableIndex, entry, deltas, groups, shared, file),
                    TableLayout::heapBytes)
                    : new TableLayout(sections, tableIndex, entry, deltas, groups, grant, shared, file);
        }
        return layout;
    }

    private synchronized ChunkMapView chunkMap() {
        if (!chunkMapRead) {
            chunkMapRead = true;
            TableIndexes catalog = ownerIndexes();
            if (catalog != null && catalog.chunkMap() != null) {
                ChunkMap full = ChunkMap.decode(sections.read(SectionIds.chunkMap(tableIndex), catalog.chunkMap()));
                ChunkMap appended = catalog.chunkMapAppended() == null ? null : ChunkMap.decode(sections.read(
                        SectionIds.chunkMap(tableIndex, catalog.chunkMapSegment()), catalog.chunkMapAppended()));
                chunkMap = ChunkMapView.of(full, appended, entry);
            }
        }
        return chunkMap;
    }

    /**
     * The statistics of the column at {@code position} (in {@link #columns()}) for a chunk, or
     * {@code null} when its segment has none for that column. Each statistics section is read once
     * and kept.
     */
    public ChunkStatistics statistics(ChunkInfo chunk, int position) {
        long key = ((long) chunk.segment() << 32) | position;
        ChunkStatistics[] perChunk = statistics.get(key);
        if (perChunk == null) {
            // Looked up first: pruning asks once per chunk, and a capturing lambda for each would be garbage.
            perChunk = statistics.computeIfAbsent(key, k -> loadStatistics(chunk.segment(), position));
        }
        if (perChunk.length == 0) {
            return null;
        }
        return checked(chunk, position, perChunk);
    }

    /**
     * The statistics of the column at {@code position} for a chunk when they have been read already
     * (a query pruning by them did), else {@code null}: for checks that must not read more.
     */
    public ChunkStatistics loadedStatistics(ChunkInfo chunk, int position) {
        ChunkStatistics[] perChunk = statistics.get(((long) chunk.segment() << 32) | position);
        return perChunk == null || perChunk.length == 0 ? null : checked(chunk, position, perChunk);
    }

    private ChunkStatistics checked(ChunkInfo chunk, int position, ChunkStatistics[] perChunk) {
        ChunkStatistics s = perChunk[chunk.slot()];
        // A null count of every row prunes the chunk unread: one above the rows is a crafted count.
        if (s.nullCount() < 0 || s.nullCount() > chunk.rowCount()) {
            throw inconsistent(chunk, position, "counts " + Long.toUnsignedString(s.nullCount())
                    + " nulls in a chunk of " + chunk.rowCount() + " rows");
        }
        return s;
    }

    /** A statistics error naming the table, chunk and column it is about. */
    public JazminFormatException inconsistent(ChunkInfo chunk, int position, String what) {
        return new JazminFormatException("table '" + entry.name() + "', chunk " + chunk.ordinal() + ", column '"
                + columns.get(position).name() + "': statistics " + what);
    }

    private ChunkStatistics[] loadStatistics(int segmentIndex, int position) {
        SegmentInfo segment = layout().segment(segmentIndex);
        List<StatisticsBlock> blocks = segment.blocks();
        int stored = groups.stored()[position];
        for (int b = 0; b < blocks.size(); b++) {
            int[] covered = blocks.get(b).columns();
            for (int i = 0; i < covered.length; i++) {
                if (covered[i] == stored) {
                    return readBlock(segment, b, i, position);
                }
            }
        }
        return new ChunkStatistics[0];
    }

    private ChunkStatistics[] readBlock(SegmentInfo segment, int block, int covered, int position) {
        StatisticsBlock ref = segment.blocks().get(block);
        String id = SectionIds.statistics(tableIndex, segment.partition(), block, segment.number());
        Column column = columns.get(position);
        if (shared == null || column.type().isNested()) {
            return decodeBlock(segment, ref, id, covered, position);
        }
        SectionRef at = ref.section();
        return shared.section(file, id, at.offset(), at.length(),
                "statistics " + covered + " of " + column.name() + " " + column.type().typeName(),
                () -> decodeBlock(segment, ref, id, covered, position), StoredStatistics::heapBytes);
    }

    private ChunkStatistics[] decodeBlock(SegmentInfo segment, StatisticsBlock ref, String id, int covered,
                                          int position) {
        // A block covers columns of one group: its key joins the partition's and that group's secrets.
        String group = grant == null ? null : groups.groupOf(position);
        SectionRef at = ref.section();
        byte[] payload = sections.read(id, at.offset(), at.length(), at.digest(), group);
        try {
            ColumnStatistics c = Statistics.decodeColumn(payload, covered, ref.columns().length);
            return StoredStatistics.perChunk(columns.get(position), c, segment.chunkCount());
        } catch (JazminFormatException e) {
            if (e.sectionId() != null) {
                throw e;
            }
            throw new JazminFormatException("table '" + entry.name() + "': " + e.getMessage(), id,
                    ref.section().offset(), e);
        }
    }

    /** The deleted row ids (reads the deletes section the first time). */
    public DeletedRows deleted() {
        if (deleted == null) {
            SectionRef ref = entry.deletes();
            if (ref == null) {
                if (entry.deletedCount() != 0) {
                    throw new JazminFormatException("table '" + entry.name() + "' counts "
                            + entry.deletedCount() + " deleted rows but has no deletes section");
                }
                deleted = DeletedRows.none();
            } else {
                String id = SectionIds.deletes(tableIndex, entry.deletedCount());
                deleted = DeletedRows.parse(sections.read(id, ref), entry.deletedCount(), entry.rowCount());
            }
        }
        return deleted;
    }

    /** Rows a reader returns: the visible written rows minus the visible deleted ones. */
    public long rowCount() {
        if (grant == null || grant.owner()) {
            return entry.rowCount() - entry.deletedCount();
        }
        long rows = 0;
        for (ChunkInfo c : chunks()) {
            rows += c.rowCount();
        }
        return rows - deletedRowCount();
    }

    /** Deleted rows among the visible ones. */
    public long deletedRowCount() {
        if (grant == null || grant.owner()) {
            return entry.deletedCount();
        }
        long n = 0;
        for (ChunkInfo c : chunks()) {
            n += deleted().countIn(c.rowStart(), c.rowStart() + c.rowCount());
        }
        return n;
    }

    /** Live rows the key may not see (0 outside access-controlled files and for the owner). */
    public long hiddenRowCount() {
        return entry.rowCount() - entry.deletedCount() - rowCount();
    }

    /** The names of the column groups the key sees, in header order. */
    public List<String> visibleGroups() {
        return groups(true);
    }

    /** The names of the column groups the key does not see, in header order (names are no secret, §4). */
    public List<String> hiddenGroups() {
        return groups(false);
    }

    /** The column names of each group the key sees, by group name in header order (the default group {@code *} first). */
    public Map<String, List<String>> groupColumns() {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (int g = 0; g < groups.groupNames().size(); g++) {
            if (groups.groupVisible()[g]) {
                List<String> names = new ArrayList<>();
                for (int view : groups.members()[g]) {
                    names.add(columns.get(view).name());
                }
                out.put(groups.groupNames().get(g), List.copyOf(names));
            }
        }
        return out;
    }

    private List<String> groups(boolean visible) {
        List<String> out = new ArrayList<>();
        for (int g = 0; g < groups.groupNames().size(); g++) {
            if (groups.groupVisible()[g] == visible) {
                out.add(groups.groupNames().get(g));
            }
        }
        return out;
    }

    /**
     * The index segments this reader may use: the table's; in access-controlled files the owner
     * catalog's for the owner (read on first use), none for an access key (spec §1.19).
     */
    public List<IndexRef> indexes() {
        if (indexes == null) {
            TableIndexes catalog = ownerIndexes();
            indexes = grant == null ? entry.indexes() : catalog == null ? List.of() : catalog.indexes();
        }
        return indexes;
    }

    /**
     * The owner catalog's entry of this table (its indexes and chunk maps; read on first use) when
     * the owner reads an access-controlled file; {@code null} for other keys and files, and when the
     * catalog has no entry for the table.
     */
    public TableIndexes ownerIndexes() {
        return grant != null && grant.owner() ? ownerCatalog() : null;
    }

    /** The owner catalog's entry of this table (read on first use), or {@code null} when it has none. */
    private synchronized TableIndexes ownerCatalog() {
        SectionRef ref = header.access() == null ? null : header.access().ownerCatalog();
        if (!ownerCatalogRead && ref != null) {
            ownerCatalogRead = true;
            OwnerCatalog catalog = OwnerCatalog.decode(sections.read(SectionIds.ownerCatalog(), ref));
            for (TableIndexes t : catalog.tables()) {
                if (t.table() == tableIndex) {
                    ownerCatalog = t;
                }
            }
        }
        return ownerCatalog;
    }

    /** Reads a chunk's part; its columns decode on demand. */
    public ChunkPart read(ChunkInfo chunk) {
        return decoder.read(chunk, false, fillsSharedCache());
    }

    /**
     * Like {@link #readSome(ChunkInfo)}, for a query reading the columns at view positions
     * {@code wanted}: from a remote source only their streams' byte ranges are read where the part
     * has flush points ({@link ChunkDecoder#read(ChunkInfo, boolean, boolean, java.util.BitSet)}).
     */
    public ChunkPart readSome(ChunkInfo chunk, java.util.BitSet wanted) {
        return decoder.read(chunk, true, fillsSharedCache(), wanted);
    }

    /**
     * Like {@link #readSome(ChunkInfo, java.util.BitSet)}, a part checked in the thread's buffer read there
     * until the caller calls {@link ChunkPart#letGo} ({@link ChunkDecoder#read(ChunkInfo, boolean, boolean,
     * java.util.BitSet, boolean)}): a query finding a few rows decodes them and copies no stream.
     */
    public ChunkPart readSomeHeld(ChunkInfo chunk, java.util.BitSet wanted) {
        return decoder.read(chunk, true, fillsSharedCache(), wanted, true);
    }

    /**
     * The raw bytes a scan of {@code chunk} inflates to read the columns at view positions
     * {@code positions}, or -1 when the file does not tell: with column flush points each stream's raw
     * length is the distance to the next point, but the last stream's is not listed, nor are any
     * without points. An estimate for weighing a scan, never relied on to read: the points are checked
     * when the part is read.
     */
    public long inflatedBytesOf(ChunkInfo chunk, int[] positions) {
        FlushPoints points = chunk.flushPoints();
        int[] members = groups.members().length == 1 ? groups.members()[0] : null;
        if (points == null || members == null || points.count() != members.length) {
            return -1;
        }
        long n = 0;
        for (int p : positions) {
            for (int k = 0; k < members.length; k++) {
                if (members[k] == p) {
                    if (k + 1 == members.length) {
                        return -1;
                    }
                    n += Math.max(0, points.raw(k + 1) - points.raw(k));
                }
            }
        }
        return n;
    }

    /**
     * Whether reads of this table put what they decode in the shared cache: only when all its
     * chunks could stay there ({@link SharedChunkCache#keepsWhole}). A larger table's scans would only
     * push out what other reads keep, at a cost (a single pass over the wide benchmark table took a
     * third longer); its reads still use what is kept.
     */
    private synchronized boolean fillsSharedCache() {
        if (fillsShared == null) {
            long stored = 0;
            if (shared != null) {
                for (ChunkInfo c : chunks()) {
                    stored += c.storedBytes();
                }
            }
            fillsShared = shared != null && shared.keepsWhole(stored);
        }
        return fillsShared;
    }

    /**
     * The directory of the sorted index segment {@code sectionId} at {@code ref}, as {@code load}
     * decodes it: in a plain file read with the shared cache, kept with the chunk directories (see
     * {@link SharedChunkCache#section}), as every fresh open asks for it to weigh a lookup.
     */
    public IndexDirectory indexDirectory(String sectionId, SectionRef ref, Supplier<IndexDirectory> load) {
        return shared == null ? load.get()
                : shared.section(file, sectionId, ref.offset(), ref.length(), "index directory", load,
                        TableData::heapBytes);
    }

    /** An estimate of the heap a decoded index directory holds (cache budgets): its keys and arrays. */
    private static long heapBytes(IndexDirectory d) {
        long n = 128 + 28L * d.entryCounts().length + d.pageDigests().length;
        for (byte[] key : d.firstKeys()) {
            n += 24 + key.length;
        }
        return n;
    }

    /** The section reader of the file (for byte counts and index sections). */
    public SectionReader sections() {
        return sections;
    }

    public int tableIndex() {
        return tableIndex;
    }

    /** Whether compact (encoding 1) index pages are allowed in this file. */
    public boolean indexDeltas() {
        return indexDeltas;
    }
}
