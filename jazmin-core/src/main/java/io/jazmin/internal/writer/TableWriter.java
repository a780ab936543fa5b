package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.error.InvalidRowException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.Statistics;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.parallel.OrderedPipeline;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes one table: validates each row, collects values into the current chunk, writes the chunk
 * part when the chunk is full, and at the end writes one statistics block per column and the
 * directory segment, in the reference writer's order. Holds only the current chunk in memory.
 */
final class TableWriter {
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
    private final ChunkStatisticsLog[] statistics;
    private final SortOrderCheck sortOrder;
    private final IndexBuilders indexes;
    /** Encoders not in use; the sequential path always uses the first. */
    private final ArrayDeque<ChunkEncoder> idleEncoders = new ArrayDeque<>();
    /** Chunks being encoded on worker threads, or {@code null} when the caller's thread encodes. */
    private final OrderedPipeline<EncodedWork> encoding;
    private int chunksStarted;
    /** Raw bytes of the chunk being built, as the reference writer counts them. */
    private long chunkRawBytes;
    private final List<Long> partOffsets = new ArrayList<>();
    private final List<Long> partLengths = new ArrayList<>();
    private final List<Integer> rowCounts = new ArrayList<>();
    private long rows;

    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections) {
        this(tableIndex, name, columns, options, sink, sections, TableStart.newTable());
    }

    /** A writer whose rows continue a table as {@code start} says (appends). */
    TableWriter(int tableIndex, String name, List<Column> columns, WriteOptions options, Output sink,
                SectionWriter sections, TableStart start) {
        this.start = start;
        this.tableIndex = tableIndex;
        this.name = name;
        this.columns = List.copyOf(columns);
        this.options = options;
        this.sink = sink;
        this.sections = sections;
        checkColumns(this.columns);
        int capacity = Math.min(options.chunkRows(), 1 << 16);
        builders = new ColumnBuilder[columns.size()];
        statistics = new ChunkStatisticsLog[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            builders[i] = new ColumnBuilder(columns.get(i), capacity);
            statistics[i] = new ChunkStatisticsLog();
            positions.put(columns.get(i).name(), i);
        }
        sortOrder = new SortOrderCheck(this.columns, options.sortedBy(), start.lastRow());
        indexes = new IndexBuilders(this.columns, options.indexes(), options.sortedBy(), options.compactIndexes());
        int ahead = options.parallelism().writeAheadChunks();
        encoding = ahead > 0 ? new OrderedPipeline<>(ahead, options.parallelism().executor()) : null;
        for (int i = 0; i < Math.max(1, ahead); i++) {
            idleEncoders.add(new ChunkEncoder(this.columns, sections));
        }
    }

    /** A chunk encoded by a worker, with the encoder to give back once it is written. */
    private record EncodedWork(ChunkEncoder.EncodedChunk chunk, ChunkEncoder encoder) {
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
        Object[] coerced = coerce(values);
        if (sortOrder.active()) {
            sortOrder.check(rows, coerced);
        }
        for (int i = 0; i < coerced.length; i++) {
            chunkRawBytes += append(builders[i], coerced[i]);
        }
        indexes.add(start.firstRow() + rows, coerced);
        rows++;
        if (builders[0].size() >= options.chunkRows() || chunkRawBytes >= options.chunkBytes()) {
            flushChunk();
        }
    }

    private Object[] coerce(Object[] values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            Column c = columns.get(i);
            Object v = values[i];
            if (v == null) {
                if (!c.nullable()) {
                    throw new InvalidRowException(rows, c.name(), "null in a column that does not allow nulls");
                }
                continue;
            }
            try {
                out[i] = ValueCoercion.coerce(c, v);
            } catch (ValueCoercion.Mismatch m) {
                throw new InvalidRowException(rows, c.name(), m.getMessage());
            }
        }
        return out;
    }

    /** Adds a value to its column's builder; returns the raw bytes it counts toward the chunk's size. */
    private static long append(ColumnBuilder b, Object v) {
        if (v == null) {
            return b.addNull();
        } else if (v instanceof Long l) {
            return b.addLong(l);
        } else if (v instanceof Double d) {
            return b.addDouble(d);
        } else if (v instanceof Boolean x) {
            return b.addBoolean(x);
        }
        return b.addObject(v);
    }

    /**
     * Hands the current chunk to an encoder: on this thread, or, when the options allow, on a worker
     * thread while more rows arrive. Chunks are written to the file in order either way, so the
     * bytes do not depend on the parallelism.
     */
    private void flushChunk() {
        int count = builders[0].size();
        if (count == 0) {
            return;
        }
        chunkRawBytes = 0;
        ColumnVector[] vectors = new ColumnVector[builders.length];
        for (int i = 0; i < builders.length; i++) {
            vectors[i] = builders[i].take();
        }
        String id = SectionIds.chunkPart(tableIndex, start.firstOrdinal() + chunksStarted, SectionIds.DEFAULT_GROUP);
        chunksStarted++;
        if (encoding == null) {
            write(idleEncoders.peek().encode(id, vectors, count));
            return;
        }
        if (!encoding.hasRoom()) {
            writeOldest();
        }
        ChunkEncoder encoder = idleEncoders.pop();
        encoding.submit(() -> new EncodedWork(encoder.encode(id, vectors, count), encoder));
    }

    private void writeOldest() {
        EncodedWork done = encoding.takeOldest();
        idleEncoders.push(done.encoder());
        write(done.chunk());
    }

    /** Writes the chunks still being encoded, in order. */
    private void drainEncoding() {
        while (encoding != null && !encoding.isEmpty()) {
            writeOldest();
        }
    }

    private void write(ChunkEncoder.EncodedChunk chunk) {
        for (int i = 0; i < statistics.length; i++) {
            statistics[i].add(chunk.statistics()[i]);
        }
        partOffsets.add(sink.write(chunk.section()));
        partLengths.add((long) chunk.section().length);
        rowCounts.add(chunk.rowCount());
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
        drainEncoding();
        int chunks = rowCounts.size();
        List<IndexRef> indexRefs = newTable || chunks > 0
                ? indexes.write(tableIndex, start.indexSegment(), (id, raw) -> {
                    byte[] section = sections.catalogSection(id, raw, raw.length);
                    return new SectionRef(sink.write(section), section.length);
                })
                : List.of();
        if (chunks == 0) {
            return new WrittenSegment(rows, 0, null, indexRefs);
        }
        int k = start.directorySegment();
        List<StatisticsBlock> blocks = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            byte[] raw = new Statistics(List.of(statistics[i].toCatalog())).encode();
            String id = SectionIds.statistics(tableIndex, SectionIds.PLAIN_PARTITION, i, k);
            byte[] section = sections.catalogSection(id, raw, raw.length);
            long at = sink.write(section);
            blocks.add(new StatisticsBlock(new int[] {i}, new SectionRef(at, section.length)));
        }
        int[] ordinals = new int[chunks];
        long[] rowStarts = new long[chunks];
        int[] counts = new int[chunks];
        long next = start.firstRow();
        for (int c = 0; c < chunks; c++) {
            ordinals[c] = start.firstOrdinal() + c;
            rowStarts[c] = next;
            counts[c] = rowCounts.get(c);
            next += counts[c];
        }
        ChunkDirectory dir = new ChunkDirectory(ordinals, rowStarts, counts, toArray(partOffsets),
                toArray(partLengths), null, blocks);
        byte[] raw = dir.encode();
        String id = SectionIds.directory(tableIndex, SectionIds.PLAIN_PARTITION, k);
        byte[] section = sections.catalogSection(id, raw, raw.length);
        long at = sink.write(section);
        return new WrittenSegment(rows, chunks, new SectionRef(at, section.length), indexRefs);
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

    private static long[] toArray(List<Long> list) {
        long[] out = new long[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }
}
