package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes one table: validates each row, collects values into the current chunk, writes the chunk
 * part when the chunk is full, and at the end writes the statistics blocks and the directory
 * segment, in the reference writer's order. In a shared file a chunk also ends where the partition
 * value changes, each chunk has one part per column group, and each partition gets its own
 * statistics (one block per group) and directory ({@link #finishShared()}). Holds only the current
 * chunk in memory; {@link ChunkPipeline} encodes and writes the chunks.
 */
final class TableWriter {
    /** Rows a column builder holds before it first grows (up to a chunk's rows). */
    private static final int INITIAL_BUILDER_ROWS = 16;
    private static final byte[] PLAIN_PARTITION_ID = new byte[0];

    private final int tableIndex;
    private final String name;
    private final List<Column> columns;
    private final Map<String, Integer> positions = new HashMap<>();
    private final WriteOptions options;
    private final Output sink;
    private final TableStart start;
    private final SectionWriter sections;
    private final ColumnBuilder[] builders;
    /** The columns, as an array for the per-value loops. */
    private final Column[] columnArray;
    private final SortOrderCheck sortOrder;
    /** Whether rows go straight into the builders ({@link #addStaged}): nothing else takes them. */
    private final boolean staged;
    /** How a shared file's table is divided, or {@code null} in other files. */
    private final SharedTable shared;
    private final IndexBuilders indexes;
    private final ChunkPipeline chunks;
    /** The arrays of chunks written, reused by the next chunks' vectors (handed back by {@link #chunks}). */
    private final ChunkArrays arrays = new ChunkArrays();
    private int chunksStarted;
    /** Raw bytes of the chunk being built, as the reference writer counts them. */
    private long chunkRawBytes;
    /** The partition of the chunk being built (shared files start a chunk per partition change). */
    private String chunkPartition;
    /** Rows handed to chunks so far. */
    private long rowsFlushed;
    /** Each partition's chunks, in order of first appearance. */
    private final Map<String, PartitionLog> partitions = new LinkedHashMap<>();
    private long rows;

    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections) {
        this(tableIndex, name, columns, options, sink, sections, TableStart.newTable(), null);
    }

    /** A new table of a shared file, divided as {@code shared} says. */
    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections, SharedTable shared) {
        this(tableIndex, name, columns, options, sink, sections, TableStart.newTable(), shared);
    }

    /** A writer whose rows continue a table as {@code start} says (appends). */
    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections, TableStart start) {
        this(tableIndex, name, columns, options, sink, sections, start, null);
    }

    /** A writer whose rows continue a shared file's table as {@code start} says (owner appends). */
    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections, TableStart start, SharedTable shared) {
        this.start = start;
        this.shared = shared;
        this.tableIndex = tableIndex;
        this.name = name;
        this.columns = List.copyOf(columns);
        this.options = options;
        this.sink = sink;
        this.sections = sections;
        checkColumns(this.columns);
        int capacity = Math.min(options.chunkRows(), 1 << 16);
        builders = new ColumnBuilder[columns.size()];
        columnArray = this.columns.toArray(new Column[0]);
        // Builders start small and grow to a chunk once: an append of a few rows (a single save)
        // would otherwise allocate and clear megabytes per column of a wide entity.
        int initial = Math.min(capacity, INITIAL_BUILDER_ROWS);
        for (int i = 0; i < columns.size(); i++) {
            builders[i] = new ColumnBuilder(columns.get(i), initial, options.chunkRows());
            positions.put(columns.get(i).name(), i);
        }
        sortOrder = new SortOrderCheck(this.columns, options.sortedBy(), start.lastRow());
        int ahead = options.parallelism().writeAheadChunks();
        indexes = new IndexBuilders(this.columns, options.indexes(), options.sortedBy(), options.compactIndexes(),
                capacity, ahead > 0, options.parallelism().executor(), sections, tableIndex, start.indexSegment());
        chunks = new ChunkPipeline(this.columns, groups(), options, sections, sink, arrays);
        staged = !sortOrder.active() && shared == null && indexes.isEmpty();
    }

    /** The positions of each column group's columns: all in {@code *} outside shared files. */
    private int[][] groups() {
        return shared != null ? shared.groups()
                : new int[][] {java.util.stream.IntStream.range(0, columns.size()).toArray()};
    }

    private static void checkColumns(List<Column> columns) {
        if (columns.isEmpty()) {
            throw new JazminValidationException("a table needs at least one column");
        }
        Set<String> names = new HashSet<>();
        for (Column c : columns) {
            if (c.name().isEmpty() || !names.add(c.name())) {
                throw new JazminValidationException("column name '" + c.name() + "' is empty or repeated");
            }
            ValueCoercion.checkSupported(c);
            io.jazmin.internal.json.JsonTexts.requireObjectFromFile(c.attributes(), "attributes of column '" + c.name() + "'");
        }
    }

    long rowCount() {
        return rows;
    }

    /** Maps a row given by column name to column order; unknown names are refused. */
    Object[] byPosition(Map<String, ?> row) {
        Object[] values = new Object[columns.size()];
        for (Map.Entry<String, ?> e : row.entrySet()) {
            Integer p = positions.get(e.getKey());
            if (p == null) {
                throw new InvalidRowException(rows, e.getKey(), "unknown column");
            }
            values[p] = e.getValue();
        }
        return values;
    }

    /** Validates and adds one row given in column order; a bad row is refused whole. */
    void add(Object[] values) {
        if (values.length != columns.size()) {
            throw new InvalidRowException(rows, null, "has " + values.length + " values for " + columns.size()
                    + " columns");
        }
        if (staged) {
            addStaged(values);
            return;
        }
        Object[] coerced;
        String partition;
        try {
            coerced = coerce(values);
            if (sortOrder.active()) {
                sortOrder.check(rows, coerced);
            }
            partition = shared == null ? SectionIds.PLAIN_PARTITION : shared.partitionOf(coerced);
        } catch (RuntimeException refused) {
            dropStaged(); // the row's strings already encoded, so the row leaves nothing behind
            throw refused;
        }
        startPartition(partition);
        for (int i = 0; i < coerced.length; i++) {
            chunkRawBytes += builders[i].add(coerced[i]);
        }
        indexes.add(start.firstRow() + rows, coerced);
        rowAdded();
    }

    /**
     * {@link #add} where nothing but the builders takes the row (no sort order to check, no index, one
     * partition): each value is checked and converted straight into its builder's next row
     * ({@link ColumnBuilder#stage}), and the row is added once all are, with no array of converted
     * values nor boxed numbers in between. The same values, checks and errors as the other path.
     */
    private void addStaged(Object[] values) {
        startPartition(SectionIds.PLAIN_PARTITION);
        long bytes = 0;
        int i = 0;
        try {
            for (; i < values.length; i++) {
                Object v = values[i];
                if (v != null) {
                    bytes += builders[i].stage(v);
                } else if (columnArray[i].nullable()) {
                    builders[i].stageNull();
                } else {
                    throw new InvalidRowException(rows, columnArray[i].name(), "null in a column that does not allow nulls");
                }
            }
        } catch (ValueCoercion.Mismatch m) {
            dropStaged();
            throw new InvalidRowException(rows, columnArray[i].name(), m.getMessage());
        } catch (RuntimeException refused) {
            dropStaged();
            throw refused;
        }
        for (ColumnBuilder b : builders) {
            b.commit();
        }
        chunkRawBytes += bytes;
        rowAdded();
    }

    private void dropStaged() {
        for (ColumnBuilder b : builders) {
            b.dropStaged();
        }
    }

    /** Ends the chunk being built before a row of another partition: a chunk holds rows of one partition only (spec §1.13). */
    private void startPartition(String partition) {
        if (!partition.equals(chunkPartition)) {
            flushChunk();
            chunkPartition = partition;
        }
    }

    /** Counts the row just added and ends the chunk once it is full. */
    private void rowAdded() {
        rows++;
        if (builders[0].size() >= options.chunkRows() || chunkRawBytes >= options.chunkBytes()) {
            flushChunk();
        }
    }

    /**
     * The stored forms of {@code values}, in a new array: stores into an array this young cost the
     * garbage collector's write barrier less than those into one kept from row to row.
     */
    private Object[] coerce(Object[] values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            Column c = columnArray[i];
            Object v = values[i];
            if (v == null) {
                if (!c.nullable()) {
                    throw new InvalidRowException(rows, c.name(), "null in a column that does not allow nulls");
                }
                continue;
            }
            try {
                out[i] = c.type().isText()
                        ? ValueCoercion.toText(v, builders[i].pendingText()) // checked while encoded
                        : ValueCoercion.coerce(c, v);
            } catch (ValueCoercion.Mismatch m) {
                throw new InvalidRowException(rows, c.name(), m.getMessage());
            }
        }
        return out;
    }

    /** Takes the current chunk from the builders and hands it to {@link ChunkPipeline}. */
    private void flushChunk() {
        int count = builders[0].size();
        if (count == 0) {
            return;
        }
        indexes.endChunk();
        chunkRawBytes = 0;
        ColumnVector[] vectors = new ColumnVector[builders.length];
        for (int i = 0; i < builders.length; i++) {
            vectors[i] = builders[i].take(arrays);
        }
        Object[] lent = arrays.handedOut();
        int ordinal = start.firstOrdinal() + chunksStarted;
        long rowStart = start.firstRow() + rowsFlushed;
        chunksStarted++;
        rowsFlushed += count;
        PartitionLog partition = partitionLog(chunkPartition);
        List<String> groupNames = shared == null ? List.of(SectionIds.DEFAULT_GROUP) : shared.groupNames();
        String[] ids = new String[groupNames.size()];
        for (int g = 0; g < ids.length; g++) {
            ids[g] = SectionIds.chunkPart(tableIndex, ordinal, groupNames.get(g));
        }
        SectionWriter writer = shared == null ? sections : sections.scoped(partition.text());
        chunks.encode(new ChunkPipeline.Chunk(ids, writer, vectors, lent, count, partition, ordinal, rowStart));
    }

    private PartitionLog partitionLog(String partition) {
        return partitions.computeIfAbsent(partition, p -> new PartitionLog(
                shared == null ? p : shared.idText(p), columns.size(), shared != null));
    }

    /** The positions of the columns the table's indexes are built on, ascending, each once. */
    int[] indexedPositions() {
        return indexes.positions();
    }

    /**
     * Adds a chunk a compaction carries from the file it rewrites as its stored part (see
     * {@link CarriedChunk}): the rows added before it end their chunk first; it takes the next ordinal
     * and row ids, its statistics and flush points go to the directory as they were, its part is
     * enveloped anew under its new section id (sealed with this file's keys when encrypted), and its
     * indexed values go to the indexes. Not in shared files (their parts are scoped to partitions).
     */
    void addCarried(CarriedChunk carried) {
        if (shared != null) {
            throw new IllegalStateException("chunks are carried into files that are not shared only");
        }
        startPartition(SectionIds.PLAIN_PARTITION);
        flushChunk();
        long rowStart = start.firstRow() + rowsFlushed;
        int[] indexed = indexes.positions();
        List<Object[]> indexedRows = carried.indexedRows();
        for (int r = 0; r < indexedRows.size(); r++) {
            indexes.add(rowStart + r, coerceIndexed(rows + r, indexedRows.get(r), indexed));
        }
        indexes.endChunk();
        int ordinal = start.firstOrdinal() + chunksStarted;
        chunksStarted++;
        rowsFlushed += carried.rowCount();
        rows += carried.rowCount();
        byte[] section = sections.section(SectionIds.chunkPart(tableIndex, ordinal, SectionIds.DEFAULT_GROUP),
                carried.part());
        chunks.writeCarried(carried.encoded(section), partitionLog(chunkPartition), ordinal, rowStart);
    }

    /** The stored forms of the values at {@code positions} of a carried row (the others stay {@code null}). */
    private Object[] coerceIndexed(long row, Object[] values, int[] positions) {
        Object[] out = new Object[values.length];
        for (int p : positions) {
            if (values[p] != null) {
                try {
                    out[p] = ValueCoercion.coerce(columnArray[p], values[p]);
                } catch (ValueCoercion.Mismatch m) {
                    throw new InvalidRowException(row, columnArray[p].name(), m.getMessage());
                }
            }
        }
        return out;
    }

    /** Writes the chunks still being encoded or held, in order (see {@link ChunkPipeline#drain()}). */
    void drainEncoding() {
        chunks.drain();
    }

    /** Writes the last chunk, the statistics and the directory; returns the catalog entry of a new table. */
    TableEntry finish() {
        WrittenSegment segment = finishSegment(true);
        List<Partition> partitions = segment.directory() == null ? List.of()
                : List.of(new Partition(PLAIN_PARTITION_ID, List.of(segment.directory())));
        return new TableEntry(name, columns.size(), List.of(ColumnGroup.inline(ColumnGroup.DEFAULT, definitions())),
                options.sortedBy(), "", rows, 0, segment.chunks(), partitions, null, segment.indexes(), null);
    }

    /**
     * Writes the last chunk, then the index segments (a new table lists its indexes even without
     * rows, so later appends keep them; an append writes them only when it added rows), the
     * statistics and the directory segment, in the reference writer's order.
     */
    WrittenSegment finishSegment(boolean newTable) {
        flushChunk();
        boolean writesIndexes = newTable || chunksStarted > 0;
        if (writesIndexes) {
            indexes.startPayloads(); // on the workers behind the last chunks, not after them
        }
        drainEncoding();
        int written = chunks.written();
        List<IndexRef> indexRefs = writesIndexes
                ? indexes.write(section -> PartitionLog.ref(sink.write(section), section, shared != null))
                : List.of();
        if (written == 0) {
            return new WrittenSegment(rows, 0, null, indexRefs);
        }
        int[][] blocks = new int[columns.size()][];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = new int[] {i};
        }
        PartitionLog only = partitions.values().iterator().next();
        SectionRef dir = only.write(sink, sections, tableIndex, start.directorySegment(), blocks, null);
        return new WrittenSegment(rows, written, dir, indexRefs);
    }

    /** The catalog entries of a shared file's new table: its header entry and its owner-only catalog. */
    record SharedEntry(TableEntry entry, io.jazmin.internal.catalog.TableIndexes ownerCatalog, List<String> partitionNames) {
    }

    /**
     * Writes the last chunk, the indexes, each partition's statistics blocks (one per column group)
     * and directory segment, the restricted groups' definitions and the chunk map (unless the access
     * settings omit it), in the reference writer's order; the indexes go to the owner catalog, not
     * the header (spec §1.19).
     */
    SharedEntry finishShared() {
        flushChunk();
        drainEncoding();
        List<IndexRef> indexRefs = indexes.write(section -> PartitionLog.ref(sink.write(section), section, true));
        String[] scopes = shared.groupNames().toArray(String[]::new);
        PartitionSegments dirs = writeDirectories(p -> 0);
        List<ColumnGroup> groups = new ArrayList<>();
        List<CatalogColumn> all = definitions();
        for (int g = 0; g < scopes.length; g++) {
            List<CatalogColumn> members = new ArrayList<>();
            for (int position : shared.groups()[g]) {
                members.add(all.get(position));
            }
            if (g == 0) {
                groups.add(ColumnGroup.inline(scopes[g], members));
                continue;
            }
            byte[] raw = new io.jazmin.internal.catalog.ColumnDefinitions(members).encode();
            byte[] section = sections.catalogSection(SectionIds.columnDefinitions(tableIndex, scopes[g]), raw,
                    raw.length);
            groups.add(new ColumnGroup(scopes[g], List.of(), members.size(),
                    PartitionLog.ref(sink.write(section), section, true)));
        }
        SectionRef chunkMap = null;
        if (options.access() == null || options.access().chunkMap()) {
            byte[] raw = dirs.chunkMap().encode();
            byte[] section = sections.catalogSection(SectionIds.chunkMap(tableIndex), raw, raw.length);
            chunkMap = PartitionLog.ref(sink.write(section), section, true);
        }
        SharedPartitions listed = SharedPartitions.of(dirs.segments(), tableIndex, sink, sections);
        TableEntry entry = new TableEntry(name, columns.size(), groups, options.sortedBy(),
                shared.partitionColumn() < 0 ? "" : columns.get(shared.partitionColumn()).name(), rows, 0,
                chunks.written(), listed.inHeader(), listed.table(), List.of(), null);
        return new SharedEntry(entry, new io.jazmin.internal.catalog.TableIndexes(tableIndex, indexRefs, chunkMap, null, 0),
                List.copyOf(partitions.keySet()));
    }

    /**
     * What a writer added to a table of a shared file: a directory segment per partition that got
     * rows, sorted by partition id, and the chunk map of the chunks written.
     */
    record PartitionSegments(List<Partition> segments, io.jazmin.internal.catalog.ChunkMap chunkMap) {
    }

    /** Writes each partition's statistics blocks and directory segment number {@code segmentOf(partition text)}. */
    private PartitionSegments writeDirectories(java.util.function.ToIntFunction<String> segmentOf) {
        String[] scopes = shared.groupNames().toArray(String[]::new);
        List<Partition> written = new ArrayList<>();
        List<byte[]> ids = new ArrayList<>();
        Map<PartitionLog, Integer> indexOf = new HashMap<>();
        for (PartitionLog p : partitions.values()) {
            byte[] id = java.util.Base64.getUrlDecoder().decode(p.text());
            indexOf.put(p, ids.size());
            ids.add(id);
            SectionRef dir = p.write(sink, sections, tableIndex, segmentOf.applyAsInt(p.text()), shared.groups(),
                    scopes);
            written.add(new Partition(id, List.of(dir)));
        }
        written.sort((a, b) -> java.util.Arrays.compareUnsigned(a.id(), b.id()));
        long[] mapRows = chunks.writtenRows().stream().mapToLong(Integer::longValue).toArray();
        int[] mapPartitions = chunks.writtenPartitions().stream().mapToInt(indexOf::get).toArray();
        return new PartitionSegments(written, new io.jazmin.internal.catalog.ChunkMap(mapRows, ids, mapPartitions));
    }

    /** What an owner's append to a shared file's table wrote (spec §1.24). */
    record SharedSegment(long rows, int chunks, PartitionSegments written, List<IndexRef> indexes,
                         List<String> partitionNames) {
    }

    /**
     * Writes the last chunk of an owner's append to a shared file's table, the index segments (when
     * it added rows), and each partition's new directory segment, numbered after its
     * {@code segments.get(partition text)} existing ones.
     */
    SharedSegment finishSharedSegment(Map<String, Integer> segments) {
        flushChunk();
        drainEncoding();
        List<IndexRef> indexRefs = chunks.written() == 0 ? List.of()
                : indexes.write(section -> PartitionLog.ref(sink.write(section), section, true));
        PartitionSegments written = writeDirectories(p -> segments.getOrDefault(p, 0));
        return new SharedSegment(rows, chunks.written(), written, indexRefs, List.copyOf(partitions.keySet()));
    }

    private List<CatalogColumn> definitions() {
        List<CatalogColumn> defs = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            defs.add(CatalogColumn.of(columns.get(i), i));
        }
        return defs;
    }

    /** Whether this table has a list or object column (reader feature {@code nested-columns}). */
    boolean usesNestedColumns() {
        return columns.stream().anyMatch(c -> c.type().isNested());
    }

    /** Whether this table wrote compact index pages (reader feature {@code index-deltas}). */
    boolean usesIndexDeltas() {
        return indexes.usesIndexDeltas();
    }
}
