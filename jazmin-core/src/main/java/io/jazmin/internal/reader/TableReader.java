package io.jazmin.internal.reader;

import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.query.FilterBinder;
import io.jazmin.internal.query.MatchBatch;
import io.jazmin.internal.query.Plan;
import io.jazmin.internal.query.QueryEngine;
import io.jazmin.internal.query.QueryStats;
import io.jazmin.internal.query.SortOrder;
import io.jazmin.internal.table.TableData;
import java.util.ArrayList;
import java.util.Iterator;
import io.jazmin.data.SortKey;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import io.jazmin.data.ChunkSummary;
import io.jazmin.internal.table.DeletedRows;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.ColumnArrays;
import io.jazmin.internal.query.ColumnArraysBuilder;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexInfo;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.Parallelism;
import io.jazmin.data.Row;
import io.jazmin.internal.column.RowFactory;
import io.jazmin.internal.column.RowLayout;
import io.jazmin.data.RowQuery;

/**
 * The engine side of one table of an open version: binds filters and orders to its columns, runs
 * them through the query engine and turns the matches into rows. {@code io.jazmin.JazminTable}
 * is its public face, and its methods of the same names say what these do; the rewriters and
 * export shapes read through this class directly.
 */
public final class TableReader {
    private static final RowFactory.Maker<Row> ROWS = RowFactory.of(Row.class);

    private final TableData data;
    private final TableEntry entry;
    private final FilterBinder binder;
    private final QueryEngine engine;
    private final Parallelism parallelism;
    /** The ordinals of the chunks queries read, or {@code null} for every chunk. */
    private final Set<Integer> onlyChunks;

    public TableReader(TableData data, Parallelism parallelism) {
        this(data, parallelism, null);
    }

    private TableReader(TableData data, Parallelism parallelism, Set<Integer> onlyChunks) {
        this.data = data;
        this.entry = data.entry();
        this.binder = new FilterBinder(data.columns());
        this.engine = new QueryEngine(data, parallelism, onlyChunks);
        this.parallelism = parallelism;
        this.onlyChunks = onlyChunks;
    }

    /**
     * A reader of this table whose queries ({@code find}, {@code count}, {@code columnArrays},
     * {@code plan}) read only the chunks with these ordinals; its schema, counts and {@code get}
     * remain the whole table's.
     *
     * @throws JazminValidationException for an ordinal the table does not have
     */
    public TableReader restrictedTo(Set<Integer> ordinals) {
        for (int o : ordinals) {
            if (o < 0 || o >= entry.chunkCount()) {
                throw new JazminValidationException("table '" + name() + "' has no chunk " + o + " (it has "
                        + entry.chunkCount() + ")");
            }
        }
        return new TableReader(data, parallelism, Set.copyOf(ordinals));
    }

    /** The table's chunks, statistics and sections, under this reader (a compaction carrying chunks). */
    public TableData data() {
        return data;
    }

    /** The chunks this reader sees, in ordinal order, with their first part's offset and counts. */
    public List<ChunkSummary> chunks() {
        DeletedRows deleted = data.deleted();
        List<ChunkSummary> out = new ArrayList<>();
        for (ChunkInfo c : data.chunks()) {
            out.add(new ChunkSummary(c.ordinal(), c.rowStart(), c.rowCount(),
                    deleted.countIn(c.rowStart(), c.rowStart() + c.rowCount()), c.partOffset(0), c.storedBytes()));
        }
        return out;
    }

    public String name() {
        return entry.name();
    }

    public List<Column> columns() {
        return data.columns();
    }

    public Column column(String name) {
        return data.columns().get(position(name));
    }

    private int position(String name) {
        int p = data.position(name);
        if (p < 0) {
            throw new JazminValidationException("unknown column '" + name + "' in table '" + name() + "'");
        }
        return p;
    }

    public long rowCount() {
        return data.rowCount();
    }

    public long hiddenRowCount() {
        return data.hiddenRowCount();
    }

    public List<String> visibleColumnGroups() {
        return data.visibleGroups();
    }

    /**
     * The columns of each column group this reader returns, by group name in header order ({@code *}
     * first): how a rewrite of a shared file keeps its groups.
     */
    public java.util.Map<String, List<String>> columnGroupColumns() {
        return data.groupColumns();
    }

    public List<String> hiddenColumnGroups() {
        return data.hiddenGroups();
    }

    public long writtenRowCount() {
        return entry.rowCount();
    }

    public long deletedRowCount() {
        return data.deletedRowCount();
    }

    public int chunkCount() {
        return entry.chunkCount();
    }

    public List<String> sortedBy() {
        return entry.sortedBy();
    }

    /** Whether this table's directory segments are read per partition as queries need them (see {@link TableData}). */
    public boolean partitionsOnDemand() {
        return onlyChunks == null && data.partitionsOnDemand();
    }

    /** How many directory segments this table has read so far. */
    public int directorySegmentsRead() {
        return data.directorySegmentsRead();
    }

    /** Whether the owner of a shared file reads a chunk map for this table (its owner catalog lists one). */
    public boolean storesChunkMap() {
        return data.storesChunkMap();
    }

    /** The partition column of a shared file's table, or {@code ""} when it has one partition. */
    public String partitionBy() {
        return entry.partitionBy();
    }

    public List<IndexInfo> indexes() {
        List<IndexInfo> out = new ArrayList<>();
        for (IndexRef ref : data.indexes()) {
            out.add(new IndexInfo(ref.column(), ref.kind(), ref.segment()));
        }
        return out;
    }

    public Stream<Row> rows() {
        return find(null, RowQuery.all());
    }

    public Stream<Row> rows(RowQuery query) {
        return find(null, query);
    }

    public Stream<Row> find(Filter filter) {
        return find(filter, RowQuery.all());
    }

    public Stream<Row> find(Filter filter, RowQuery query) {
        Iterator<Row> it = iterator(filter, query, new QueryStats());
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL),
                false);
    }

    /**
     * For export shapes: the rows matching {@code filter} ({@code null}: all) in
     * {@code order} (empty: file order), at most {@code limit} of them (-1: all), chunk by chunk as
     * batches of the columns at positions {@code select}.
     *
     * @throws JazminValidationException when the filter or the order does not fit the columns
     */
    public Iterator<MatchBatch> matchBatches(Filter filter, List<SortKey> order, int[] select, long limit) {
        return engine.find(binder.bind(filter), SortOrder.bind(order, data.columns()), select.clone(), 0, limit,
                new QueryStats());
    }

    public long count(Filter filter) {
        if (filter == null && onlyChunks == null) {
            return rowCount();
        }
        return engine.count(binder.bind(filter), new QueryStats());
    }

    /** The exact sum of an int, float or decimal column over the rows matching {@code filter}, rounded once. */
    public double sum(String column, Filter filter) {
        int p = position(column);
        ColumnType type = data.columns().get(p).type();
        switch (type) {
            case INT, FLOAT, DECIMAL -> {
            }
            case BOOL, STRING, DATETIME, BINARY, JSON, LIST, OBJECT -> throw new JazminValidationException(
                    "column '" + column + "' of table '" + name() + "' is " + type.typeName() + ", not a number to sum");
        }
        return engine.sum(binder.bind(filter), p, new QueryStats()).toDouble();
    }

    public ColumnArrays columnArrays(Filter filter, RowQuery query) {
        List<Column> selected = select(query.select());
        // Read whole, a table fills its arrays exactly (no growing, no trimming copy).
        long whole = filter == null && onlyChunks == null ? Math.max(0, Math.min(query.limit() < 0 ? Long.MAX_VALUE
                : query.limit(), rowCount() - query.offset())) : 1024;
        ColumnArraysBuilder builder = new ColumnArraysBuilder(selected, whole);
        Iterator<MatchBatch> batches = engine.find(binder.bind(filter), order(query), positionsOf(selected),
                query.offset(), query.limit(), new QueryStats());
        while (batches.hasNext()) {
            MatchBatch b = batches.next();
            builder.add(b.selected(), b.positions(), b.count());
        }
        return builder.build();
    }

    public java.util.Optional<Row> get(long rowId) {
        if (rowId < 0 || rowId >= entry.rowCount() || data.deleted().contains(rowId)) {
            return java.util.Optional.empty();
        }
        ChunkInfo chunk = data.chunkHolding(rowId);
        if (chunk == null) {
            return java.util.Optional.empty(); // a row of a partition the key does not see
        }
        int position = (int) (rowId - chunk.rowStart());
        ColumnVector[] vectors = data.read(chunk).columns(positionsOf(data.columns()), position, position + 1);
        return java.util.Optional.of(ROWS.make(new RowLayout(data.columns()), vectors, position, rowId));
    }

    /** The plan the engine would run for {@code filter}, with the work counted into {@code stats}. */
    public Plan plan(Filter filter, QueryStats stats) {
        return engine.plan(binder.bind(filter), stats);
    }

    /** How the engine serves the order of {@code query} (along {@code sorted_by}, top-k or a full sort). */
    public String sortStrategy(RowQuery query) {
        return engine.sortStrategy(order(query), query.limit());
    }

    private SortOrder order(RowQuery query) {
        return SortOrder.bind(query.order(), data.columns());
    }

    /** Bytes read from the file so far by this version's sections. */
    public long bytesRead() {
        return data.sections().bytesRead();
    }

    private int[] positionsOf(List<Column> selected) {
        int[] positions = new int[selected.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = position(selected.get(i).name());
        }
        return positions;
    }

    /** The rows of {@code find(filter, query)}, with the work counted into {@code stats}. */
    public Iterator<Row> iterator(Filter filter, RowQuery query, QueryStats stats) {
        RowLayout layout = new RowLayout(select(query.select()));
        Iterator<MatchBatch> batches = batches(filter, query, stats);
        return new Iterator<>() {
            private MatchBatch batch;
            private int i;

            @Override
            public boolean hasNext() {
                while ((batch == null || i >= batch.count()) && batches.hasNext()) {
                    batch = batches.next();
                    i = 0;
                }
                return batch != null && i < batch.count();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                int p = batch.positions()[i++];
                return ROWS.make(layout, batch.selected(), p, batch.chunk().rowStart() + p);
            }
        };
    }

    /**
     * The rows of {@code find(filter, query)} as the engine gives them, chunk by chunk: each batch's
     * vectors hold the columns of {@code query}'s selection in its order, with the work counted into
     * {@code stats}. For a reader that builds its own values from the vectors (the object mapper).
     */
    public Iterator<MatchBatch> batches(Filter filter, RowQuery query, QueryStats stats) {
        return engine.find(binder.bind(filter), order(query), positionsOf(select(query.select())), query.offset(),
                query.limit(), stats);
    }

    private List<Column> select(List<String> names) {
        if (names.isEmpty()) {
            return data.columns();
        }
        List<Column> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(column(n));
        }
        return out;
    }

    /** The table named {@code name} among {@code tables}; a typed error listing the names otherwise. */
    public static TableReader named(List<TableReader> tables, String name) {
        for (TableReader t : tables) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new JazminValidationException("no table named '" + name + "'; tables: "
                + tables.stream().map(TableReader::name).toList());
    }
}
