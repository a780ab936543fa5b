package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
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
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.internal.parallel.OrderedPipeline;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayDeque;
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
 * chunk in memory.
 */
final class TableWriter {
    /** Rows a column builder holds before it first grows (up to a chunk's rows). */
    private static final int INITIAL_BUILDER_ROWS = 64;
    private static final byte[] PLAIN_PARTITION_ID = new byte[0];
    /**
     * How many pipelines' worth of chunks the caller may fill while the first chunk decides: its trial
     * passes cost several chunks' encoding, the last (level 9 filtered) on one thread alone.
     */
    private static final int HELD_WHILE_DECIDING = 2;

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
    /** How a shared file's table is divided, or {@code null} in other files. */
    private final SharedTable shared;
    private final IndexBuilders indexes;
    /** Encoders not in use; the sequential path always uses the first. */
    private final ArrayDeque<ChunkEncoder> idleEncoders = new ArrayDeque<>();
    /** The column groups and the Deflate trials' runner every encoder of this writer is made with. */
    private final int[][] groups;
    private final FanOut trials;
    /** Chunks being encoded on worker threads, or {@code null} when the caller's thread encodes. */
    private final OrderedPipeline<EncodedWork> encoding;
    /** The most chunks {@link #encoding} holds; also sets how many are held while the first chunk decides. */
    private final int inFlight;
    /** Chunks built while the first chunk decides, in order, started once it has. */
    private final ArrayDeque<ChunkWork> held = new ArrayDeque<>();
    private int chunksStarted;
    /** Raw bytes of the chunk being built, as the reference writer counts them. */
    private long chunkRawBytes;
    /** The partition of the chunk being built (shared files start a chunk per partition change). */
    private String chunkPartition;
    /** Rows handed to chunks so far. */
    private long rowsFlushed;
    /** Each partition's chunks, in order of first appearance. */
    private final Map<String, PartitionLog> partitions = new LinkedHashMap<>();
    /** Per chunk written, in ordinal order: its partition and rows (a shared file's chunk map). */
    private final List<PartitionLog> chunkPartitions = new ArrayList<>();
    private final List<Integer> chunkRows = new ArrayList<>();
    private long rows;
    private final FirstChunkChoice firstChunk;

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
            builders[i] = new ColumnBuilder(columns.get(i), initial);
            positions.put(columns.get(i).name(), i);
        }
        sortOrder = new SortOrderCheck(this.columns, options.sortedBy(), start.lastRow());
        int ahead = options.parallelism().writeAheadChunks();
        indexes = new IndexBuilders(this.columns, options.indexes(), options.sortedBy(), options.compactIndexes(),
                capacity, ahead > 0, options.parallelism().executor(), sections, tableIndex, start.indexSegment());
        inFlight = options.parallelism().writeChunksInFlight();
        encoding = ahead > 0 ? new OrderedPipeline<>(inFlight, options.parallelism().executor()) : null;
        int[][] groups = groups();
        // Not with several column groups: the directory every partition holder reads would give the
        // sizes of columns hidden from some of them.
        firstChunk = new FirstChunkChoice(options.columnFlushPoints(), sections.flushesColumns() && groups.length == 1);
        trials = ahead > 0 ? FanOut.on(options.parallelism().executor(), ahead) : FanOut.CALLER_ONLY;
        this.groups = groups;
        // One encoder now, more as chunks are in flight at once (at most inFlight): a small append
        // encodes one chunk and needs no more.
        idleEncoders.add(new ChunkEncoder(this.columns, groups, firstChunk, trials));
    }

    /** The positions of each column group's columns: all in {@code *} outside shared files. */
    private int[][] groups() {
        return shared != null ? shared.groups()
                : new int[][] {java.util.stream.IntStream.range(0, columns.size()).toArray()};
    }

    /** A chunk encoded by a worker, with the encoder to give back once it is written. */
    private record EncodedWork(ChunkEncoder.EncodedChunk chunk, ChunkEncoder encoder, PartitionLog partition,
                               int ordinal, long rowStart) {
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

    List<Column> columns() {
        return columns;
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
        Object[] coerced;
        String partition;
        try {
            coerced = coerce(values);
            if (sortOrder.active()) {
                sortOrder.check(rows, coerced);
            }
            partition = shared == null ? SectionIds.PLAIN_PARTITION : shared.partitionOf(coerced);
        } catch (RuntimeException refused) {
            for (ColumnBuilder b : builders) {
                b.dropPendingText(); // the row's strings already encoded, so the row leaves nothing behind
            }
            throw refused;
        }
        if (!partition.equals(chunkPartition)) {
            // A chunk holds rows of one partition only (spec §1.13).
            flushChunk();
            chunkPartition = partition;
        }
        for (int i = 0; i < coerced.length; i++) {
            chunkRawBytes += builders[i].add(coerced[i]);
        }
        indexes.add(start.firstRow() + rows, coerced);
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
                out[i] = c.type() == ColumnType.STRING
                        ? ValueCoercion.toText(v, builders[i].pendingText()) // checked while encoded
                        : ValueCoercion.coerce(c, v);
            } catch (ValueCoercion.Mismatch m) {
                throw new InvalidRowException(rows, c.name(), m.getMessage());
            }
        }
        return out;
    }

    /**
     * Hands the current chunk to an encoder: on this thread, or, when the options allow, on a worker
     * thread while more rows arrive. The chunk that decides the column flush points
     * ({@link FirstChunkChoice}) goes to a worker too, but the chunks after it are held, not started,
     * until it has decided: its trial passes end on one thread long after the others, and the caller
     * fills the next chunks meanwhile instead of waiting. Chunks are written to the file in order
     * either way, so the bytes do not depend on the parallelism.
     */
    private void flushChunk() {
        int count = builders[0].size();
        if (count == 0) {
            return;
        }
        indexes.endChunk();
        chunkRawBytes = 0;
        ColumnVector[] vectors = new ColumnVector[builders.length];
        for (int i = 0; i < builders.length; i++) {
            vectors[i] = builders[i].take();
        }
        int ordinal = start.firstOrdinal() + chunksStarted;
        long rowStart = start.firstRow() + rowsFlushed;
        chunksStarted++;
        rowsFlushed += count;
        PartitionLog partition = partitions.computeIfAbsent(chunkPartition, p -> new PartitionLog(
                shared == null ? p : shared.idText(p), columns.size(), shared != null));
        List<String> groupNames = shared == null ? List.of(SectionIds.DEFAULT_GROUP) : shared.groupNames();
        String[] ids = new String[groupNames.size()];
        for (int g = 0; g < ids.length; g++) {
            ids[g] = SectionIds.chunkPart(tableIndex, ordinal, groupNames.get(g));
        }
        SectionWriter writer = shared == null ? sections : sections.scoped(partition.text());
        ChunkWork work = new ChunkWork(ids, writer, vectors, count, partition, ordinal, rowStart);
        if (encoding == null) {
            write(new EncodedWork(work.encodeWith(idleEncoders.peek()), null, partition, ordinal, rowStart));
            return;
        }
        if (firstChunk.undecided()) {
            if (chunksStarted == 1) {
                submit(work); // this writer's first chunk: it decides
                return;
            }
            held.add(work);
            if (held.size() < HELD_WHILE_DECIDING * inFlight) {
                return; // the deciding chunk is the one in flight
            }
            writeOldest(); // the deciding chunk: once written, the choice is settled
            submitHeld();
            return;
        }
        submitHeld();
        submit(work);
    }

    /** A chunk taken from the builders: what its encoding needs (kept while the first chunk decides). */
    private record ChunkWork(String[] ids, SectionWriter writer, ColumnVector[] vectors, int count,
                             PartitionLog partition, int ordinal, long rowStart) {
        ChunkEncoder.EncodedChunk encodeWith(ChunkEncoder encoder) {
            return encoder.encode(ids, writer, vectors, count);
        }
    }

    private void submit(ChunkWork work) {
        if (!encoding.hasRoom()) {
            writeOldest();
        }
        ChunkEncoder encoder = idleEncoders.isEmpty() ? new ChunkEncoder(columns, groups, firstChunk, trials)
                : idleEncoders.pop();
        encoding.submit(() -> new EncodedWork(work.encodeWith(encoder), encoder, work.partition(), work.ordinal(),
                work.rowStart()));
    }

    /** Starts the chunks held while the first chunk decided, in order (call once it has). */
    private void submitHeld() {
        ChunkWork next;
        while ((next = held.poll()) != null) {
            submit(next);
        }
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
    void drainEncoding() {
        while (encoding != null && !(encoding.isEmpty() && held.isEmpty())) {
            if (firstChunk.undecided() || held.isEmpty()) {
                writeOldest(); // while undecided, the oldest is the deciding chunk
            } else {
                submitHeld();
            }
        }
    }

    private void write(EncodedWork work) {
        work.partition().add(sink, work.ordinal(), work.rowStart(), work.chunk());
        chunkPartitions.add(work.partition());
        chunkRows.add(work.chunk().rowCount());
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
        int chunks = chunkRows.size();
        List<IndexRef> indexRefs = writesIndexes
                ? indexes.write(section -> PartitionLog.ref(sink.write(section), section, shared != null))
                : List.of();
        if (chunks == 0) {
            return new WrittenSegment(rows, 0, null, indexRefs);
        }
        int[][] blocks = new int[columns.size()][];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = new int[] {i};
        }
        PartitionLog only = partitions.values().iterator().next();
        SectionRef dir = only.write(sink, sections, tableIndex, start.directorySegment(), blocks, null);
        return new WrittenSegment(rows, chunks, dir, indexRefs);
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
                chunkRows.size(), listed.inHeader(), listed.table(), List.of(), null);
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
        long[] mapRows = chunkRows.stream().mapToLong(Integer::longValue).toArray();
        int[] mapPartitions = chunkPartitions.stream().mapToInt(indexOf::get).toArray();
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
        List<IndexRef> indexRefs = chunkRows.isEmpty() ? List.of()
                : indexes.write(section -> PartitionLog.ref(sink.write(section), section, true));
        PartitionSegments written = writeDirectories(p -> segments.getOrDefault(p, 0));
        return new SharedSegment(rows, chunkRows.size(), written, indexRefs, List.copyOf(partitions.keySet()));
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
