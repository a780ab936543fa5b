package io.jazmin;

import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.query.Plan;
import io.jazmin.internal.query.QueryStats;
import io.jazmin.internal.reader.TableAccess;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import io.jazmin.data.ChunkSummary;
import java.util.stream.Stream;
/**
 * One table of an open file: its schema and counts, and its rows streamed chunk by chunk, all of
 * them or those matching a {@link Filter}. Only the needed columns are decoded; chunks that
 * statistics or indexes rule out, or that lie wholly before the offset, are skipped unread.
 */
public final class JazminTable {
    static {
        TableAccess.register(JazminTable.class, JazminTable::engine);
    }

    private final TableReader table;

    JazminTable(TableReader table) {
        this.table = table;
    }

    /** The engine side of this table, for the engine's own features (export shapes, the object mapper's reads). */
    TableReader engine() {
        return table;
    }

    public String name() {
        return table.name();
    }

    /** The columns in position order. */
    public List<Column> columns() {
        return table.columns();
    }

    /** The column named {@code name}. */
    public Column column(String name) {
        return table.column(name);
    }

    /**
     * Rows a reader returns: written rows minus deleted ones; with an access key of a shared file,
     * only those of the partitions it was granted.
     */
    public long rowCount() {
        return table.rowCount();
    }

    /**
     * Live rows of this table that the key which opened the file may not see: rows of partitions an
     * access key was not granted, or all rows when it was granted no column group of the table. 0
     * for files that are not access-controlled and for the owner key.
     */
    public long hiddenRowCount() {
        return table.hiddenRowCount();
    }

    /**
     * The column groups whose columns this reader returns ({@code *} is the default group): every
     * group for files that are not access-controlled and for the owner key, the granted ones for an
     * access key.
     */
    public List<String> visibleColumnGroups() {
        return table.visibleColumnGroups();
    }

    /**
     * The column groups of this table whose columns the access key that opened the file does not
     * see (their names only: a restricted group's columns stay hidden); empty for the owner key and
     * files that are not access-controlled.
     */
    public List<String> hiddenColumnGroups() {
        return table.hiddenColumnGroups();
    }

    /**
     * The columns of each column group this reader returns, by group name ({@code *} first): every
     * group's for the owner key of a shared file, the granted groups' for an access key.
     */
    public java.util.Map<String, List<String>> columnGroupColumns() {
        return table.columnGroupColumns();
    }

    /** The partition column of a shared file's table, or {@code ""} when the table has one partition. */
    public String partitionBy() {
        return table.partitionBy();
    }

    /** Rows ever written, deleted ones included. */
    public long writtenRowCount() {
        return table.writtenRowCount();
    }

    /** Deleted rows (among the visible ones, with an access key). */
    public long deletedRowCount() {
        return table.deletedRowCount();
    }

    public int chunkCount() {
        return table.chunkCount();
    }

    public List<String> sortedBy() {
        return table.sortedBy();
    }

    /**
     * The indexes this reader may use (one entry per segment). In access-controlled files only the
     * owner uses indexes; an access key sees none.
     */
    public List<IndexInfo> indexes() {
        return table.indexes();
    }

    /** Every row, every column, in file order. */
    public Stream<Row> rows() {
        return find(null, RowQuery.all());
    }

    /** The rows and columns {@code query} asks for, in its order (default: file order), read lazily chunk by chunk. */
    public Stream<Row> rows(RowQuery query) {
        return find(null, query);
    }

    /** Every column of the rows matching {@code filter}, in file order. */
    public Stream<Row> find(Filter filter) {
        return find(filter, RowQuery.all());
    }

    /**
     * The rows matching {@code filter} ({@code null} for all rows), with the columns, order, offset and
     * limit of {@code query}. Without an order (or with one the table's {@code sorted_by} gives) rows
     * come in file order, read lazily chunk by chunk; any other order first ranks the matches on
     * their sort columns alone (see {@link RowQuery}).
     *
     * @throws JazminValidationException when the filter or the order names an unknown column, the
     *                                   filter misuses an operator, or the order names a column
     *                                   without an order (binary, json, list, object)
     */
    public Stream<Row> find(Filter filter, RowQuery query) {
        return table.find(filter, query);
    }

    /**
     * Counts the rows matching {@code filter}: chunks whose statistics prove every row matches are
     * counted unread, index candidates are checked on their rows (a damaged index cannot change the count).
     */
    public long count(Filter filter) {
        return table.count(filter);
    }

    /**
     * The sum of the non-null values of the int, float or decimal column {@code column} over the rows
     * matching {@code filter} ({@code null}: every row), computed exactly and rounded once to the
     * nearest double: the same answer whatever the order of the rows (unlike adding doubles one by
     * one), 0 when no value is added. A NaN gives NaN, infinities of one sign that infinity and of both
     * signs NaN. Chunks are found as {@link #count} finds them; a float column is summed straight from
     * its stored values, no array of them built.
     *
     * @throws io.jazmin.error.JazminValidationException when the column is unknown or not a number, or
     *                                                   the filter does not fit the columns
     */
    public double sum(String column, Filter filter) {
        return table.sum(column, filter);
    }

    /**
     * Chosen columns of the rows matching {@code filter} as primitive and object arrays, with no
     * row objects built (charts, sums, vector maths).
     */
    public ColumnArrays columnArrays(Filter filter, RowQuery query) {
        return table.columnArrays(filter, query);
    }

    /**
     * The row with id {@code rowId}, or empty when there is none, it was deleted, or (access keys)
     * it lies in a partition the key does not see.
     */
    public Optional<Row> get(long rowId) {
        return table.get(rowId);
    }

    /**
     * The plan for {@code filter}, without running it: the plan {@link #count} and {@link #find} run.
     * A text search with a trigram index is planned as a scan when the index section, not yet read by
     * this reader, inflates to more bytes than the scan of the filter's columns (known from the file's
     * column flush points; without them the lookup is made, as spec §2.2 plans it): the same rows,
     * less work. A lookup that is made reads the section to count its candidates.
     */
    public Explain explain(Filter filter) {
        return explain(filter, RowQuery.all());
    }

    /** The plan for {@code find(filter, query)}, with how its order is served, without running it. */
    public Explain explain(Filter filter, RowQuery query) {
        return explain(table, filter, query);
    }

    private static Explain explain(TableReader table, Filter filter, RowQuery query) {
        Plan plan = table.plan(filter, new QueryStats());
        return new Explain(plan.strategy(), table.sortStrategy(query), plan.candidates() == null ? -1
                : plan.candidates().size(), plan.totalChunks(), plan.chunksSkipped(), -1, -1, -1, -1, -1, -1, -1);
    }

    /**
     * The chunks of this table a reader sees (with an access key, those of its partitions), in
     * ordinal order. Several readers can share one file by byte ranges that cover it without
     * overlap: each takes the chunks whose {@link ChunkSummary#firstPartOffset()} lies in its range,
     * which gives every chunk to exactly one of them, after appends too.
     */
    public List<ChunkSummary> chunks() {
        return table.chunks();
    }

    /**
     * {@link #find(Filter, RowQuery)} over the chunks with the ordinals {@code chunks} only, as if the
     * table held no others: the offset, limit and order apply to their rows. Ordinals of chunks the
     * reader does not see (partitions an access key was not granted) select nothing.
     *
     * @throws JazminValidationException as {@link #find(Filter, RowQuery)} does, and for an ordinal
     *                                   outside {@code [0, chunkCount())}
     */
    public Stream<Row> find(Filter filter, RowQuery query, Set<Integer> chunks) {
        return table.restrictedTo(chunks).find(filter, query);
    }

    /**
     * Counts the rows matching {@code filter} ({@code null}: all live rows) in the chunks with the
     * ordinals {@code chunks} only.
     *
     * @throws JazminValidationException for a bad filter, or an ordinal outside {@code [0, chunkCount())}
     */
    public long count(Filter filter, Set<Integer> chunks) {
        return table.restrictedTo(chunks).count(filter);
    }

    /**
     * {@link #columnArrays(Filter, RowQuery)} over the chunks with the ordinals {@code chunks} only, as
     * if the table held no others (one chunk at a time gives column batches, as Spark's columnar
     * reads take them).
     *
     * @throws JazminValidationException as {@link #find(Filter, RowQuery, Set)} does
     */
    public ColumnArrays columnArrays(Filter filter, RowQuery query, Set<Integer> chunks) {
        return table.restrictedTo(chunks).columnArrays(filter, query);
    }

    /**
     * The plan for {@code find(filter, query, chunks)}, without running it: {@link Explain#chunks()}
     * counts the given chunks the reader sees, {@link Explain#chunksSkipped()} those of them ruled out.
     *
     * @throws JazminValidationException for a bad filter, or an ordinal outside {@code [0, chunkCount())}
     */
    public Explain explain(Filter filter, Set<Integer> chunks) {
        return explain(table.restrictedTo(chunks), filter, RowQuery.all());
    }

    /**
     * Runs {@code find(filter, query)} and reports the plan and the work done. Use a freshly opened
     * reader for meaningful byte counts: statistics already read are not read again, nor are the
     * directory segments counted in {@link Explain#directorySegmentsRead()} (the owner of a shared
     * file with a chunk map).
     */
    public Explain explainAnalyze(Filter filter, RowQuery query) {
        long start = System.nanoTime();
        long bytesBefore = table.bytesRead();
        // Counted only where directories are read per partition; elsewhere the figure says nothing.
        long segmentsBefore = table.partitionsOnDemand() ? table.directorySegmentsRead() : -1;
        QueryStats stats = new QueryStats();
        Plan plan = table.plan(filter, stats);
        Iterator<Row> it = table.iterator(filter, query, stats);
        while (it.hasNext()) {
            it.next();
        }
        double ms = (System.nanoTime() - start) / 1e6;
        return new Explain(plan.strategy(), table.sortStrategy(query), plan.candidates() == null ? -1
                : plan.candidates().size(), plan.totalChunks(), plan.chunksSkipped(), stats.rows(), table.bytesRead() - bytesBefore,
                stats.chunksRead(), stats.indexPagesRead(), stats.columnsDecoded(), ms,
                segmentsBefore < 0 ? -1 : table.directorySegmentsRead() - segmentsBefore);
    }
}
