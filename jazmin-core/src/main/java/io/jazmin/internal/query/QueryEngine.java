package io.jazmin.internal.query;

import io.jazmin.error.JazminFormatException;
import io.jazmin.options.Parallelism;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.ExactSum;
import io.jazmin.internal.column.StatisticsCheck;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.ChunkPart;
import io.jazmin.internal.table.DeletedRows;
import io.jazmin.internal.parallel.FanOut;
import io.jazmin.internal.parallel.OrderedPipeline;
import io.jazmin.internal.parallel.SharedCursor;
import io.jazmin.internal.table.TableData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Runs queries on one table (spec §2.2–§2.3): statistics choose the chunks, indexes narrow the
 * rows, and every candidate row is checked against the full filter. Filter columns are decoded
 * first; the returned columns only for chunks with matches.
 */
public final class QueryEngine {
    private final TableData data;
    private final IndexPlanner indexes;
    private final Parallelism parallelism;
    /** The ordinals of the chunks queries may read, or {@code null} for every chunk. */
    private final Set<Integer> onlyChunks;
    /** Who decodes a lookup's windows: the caller and one worker, or the caller alone (see {@link #selected}). */
    private final FanOut windowFan;

    /** @param parallelism how many chunks scans may decode ahead on worker threads */
    public QueryEngine(TableData data, Parallelism parallelism) {
        this(data, parallelism, null);
    }

    /**
     * An engine whose queries read only the chunks with the ordinals {@code onlyChunks}
     * ({@code null}: every chunk), as if the table held no others.
     */
    public QueryEngine(TableData data, Parallelism parallelism, Set<Integer> onlyChunks) {
        this.data = data;
        this.indexes = new IndexPlanner(data);
        this.parallelism = parallelism;
        this.onlyChunks = onlyChunks;
        this.windowFan = parallelism.readAheadChunks(1) > 0 ? FanOut.on(parallelism.executor(), 2) : FanOut.CALLER_ONLY;
    }

    /**
     * Plans a query without reading any chunk: the plan {@code count} and {@code find} run, which
     * {@code explain} reports (one rule for trigram lookups, see {@link IndexPlanner}). The owner of a
     * shared file with a chunk map asks the indexes first and, when they answer, reads only the
     * directories of the partitions holding their hits.
     */
    public Plan plan(Predicate predicate, QueryStats stats) {
        if (data.partitionsOnDemand() && onlyChunks == null) {
            return planByPartition(predicate, stats);
        }
        List<ChunkInfo> all = chunks();
        Pruned scan = prune(predicate, all);
        IndexPlanner.Candidates candidates = scan.chunks().isEmpty() ? null
                : indexes.candidates(predicate, scan.chunks(), scan::bytes,
                        () -> scan.inflatedBytesOf(data, positions(predicate)), stats);
        checkAgainstStatistics(candidates, all);
        return plan(scan, candidates, all.size());
    }

    /** The chunks queries may read. */
    private List<ChunkInfo> chunks() {
        return onlyChunks == null ? data.chunks()
                : data.chunks().stream().filter(c -> onlyChunks.contains(c.ordinal())).toList();
    }

    private Plan planByPartition(Predicate predicate, QueryStats stats) {
        // Pruning the whole table by statistics would read every directory: the version's size
        // stands for what a scan reads (at most), so costly lookups are weighed without them.
        IndexPlanner.Candidates candidates = indexes.candidates(predicate, null, data.sections()::versionEnd, () -> -1,
                stats);
        int total = data.entry().chunkCount();
        if (candidates == null) {
            return plan(prune(predicate, data.chunks()), null, total);
        }
        RowIds rows = candidates.rows();
        List<ChunkInfo> holding = data.chunksHolding(IntStream.range(0, rows.size()).mapToLong(rows::get).iterator());
        checkAgainstStatistics(candidates, holding);
        return plan(prune(predicate, holding), candidates, total);
    }

    /**
     * A sorted index listing a row in a chunk whose statistics rule out the key it is listed under
     * contradicts them: one of the two is damaged, and dropping the row (as pruning would) could
     * hide the true match the index should have listed.
     */
    private void checkAgainstStatistics(IndexPlanner.Candidates candidates, List<ChunkInfo> chunks) {
        if (candidates == null || candidates.indexed() == null) {
            return;
        }
        RowIds rows = candidates.rows();
        for (ChunkInfo chunk : chunks) {
            int first = rows.lowerBound(chunk.rowStart());
            if (first < rows.size() && rows.get(first) < chunk.rowStart() + chunk.rowCount()
                    && candidates.indexed().prune(statisticsOf(chunk)) == Tri.NONE) {
                throw damagedIndex(candidates.indexed(), chunk, rows.get(first),
                        "whose chunk statistics rule out that key");
            }
        }
    }

    private JazminFormatException damagedIndex(Predicate indexed, ChunkInfo chunk, long row, String why) {
        List<String> columns = indexed.columns().stream().map(p -> data.columns().get(p).name()).toList();
        return new JazminFormatException("table '" + data.entry().name() + "': the sorted index on " + columns
                + " lists row " + row + " (chunk " + chunk.ordinal() + ") under a key " + why);
    }

    /** The chunks statistics keep among some, with what they proved about each. */
    private record Pruned(List<ChunkInfo> chunks, List<Tri> proofs) {
        long bytes() {
            long n = 0;
            for (ChunkInfo c : chunks) {
                n += c.storedBytes();
            }
            return n;
        }

        /** The raw bytes these chunks' scan inflates for the columns at {@code positions}, or -1 when not known. */
        long inflatedBytesOf(TableData data, int[] positions) {
            long n = 0;
            for (ChunkInfo c : chunks) {
                long bytes = data.inflatedBytesOf(c, positions);
                if (bytes < 0) {
                    return -1;
                }
                n += bytes;
            }
            return n;
        }
    }

    private Pruned prune(Predicate predicate, List<ChunkInfo> from) {
        List<ChunkInfo> chunks = new ArrayList<>();
        List<Tri> proofs = new ArrayList<>();
        boolean needsStats = !(predicate instanceof Predicate.Constant);
        // One view moved from chunk to chunk (a cold open prunes every chunk; a predicate keeps no view).
        ChunkStatisticsView view = new ChunkStatisticsView();
        for (ChunkInfo chunk : from) {
            view.chunk = chunk;
            Tri proof = needsStats ? predicate.prune(view) : predicate.prune(null);
            if (proof != Tri.NONE) {
                chunks.add(chunk);
                proofs.add(proof);
            }
        }
        return new Pruned(chunks, proofs);
    }

    /** The plan of the chunks statistics kept, narrowed by the index candidates if any. */
    private static Plan plan(Pruned pruned, IndexPlanner.Candidates candidates, int totalChunks) {
        if (candidates == null) {
            return new Plan(pruned.chunks(), pruned.proofs(), totalChunks, null, null);
        }
        // Index hits only narrow the scan: keep the chunks that both agree on.
        RowIds rows = candidates.rows();
        List<ChunkInfo> kept = new ArrayList<>();
        List<Tri> keptProofs = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        for (int i = 0; i < pruned.chunks().size(); i++) {
            ChunkInfo c = pruned.chunks().get(i);
            if (rows.countIn(c.rowStart(), c.rowStart() + c.rowCount()) > 0) {
                kept.add(c);
                keptProofs.add(pruned.proofs().get(i));
                ranges.add(new long[] {c.rowStart(), c.rowStart() + c.rowCount()});
            }
        }
        return new Plan(kept, keptProofs, totalChunks, restrict(rows, ranges), candidates.indexed());
    }

    private static RowIds restrict(RowIds rows, List<long[]> ranges) {
        long[] out = new long[rows.size()];
        int n = 0;
        for (long[] r : ranges) {
            for (int i = rows.lowerBound(r[0]); i < rows.size() && rows.get(i) < r[1]; i++) {
                out[n++] = rows.get(i);
            }
        }
        return RowIds.ofSorted(Arrays.copyOf(out, n));
    }

    private StatisticsView statisticsOf(ChunkInfo chunk) {
        ChunkStatisticsView view = new ChunkStatisticsView();
        view.chunk = chunk;
        return view;
    }

    /** The statistics of one chunk, read when a predicate asks for a column's. */
    private final class ChunkStatisticsView implements StatisticsView {
        private ChunkInfo chunk;

        @Override
        public ChunkStatistics column(int position) {
            return data.statistics(chunk, position);
        }

        @Override
        public int rowCount() {
            return chunk.rowCount();
        }
    }

    /** Counts matching rows: statistics count chunks they prove all-matching, every other candidate row is checked. */
    public long count(Predicate predicate, QueryStats stats) {
        Plan plan = plan(predicate, stats);
        DeletedRows deleted = data.deleted();
        long total = 0;
        // Index candidates are re-checked on their rows even where the index alone would answer: a
        // crafted index listing rows that do not match must not change the count.
        int[] filterColumns = positions(predicate);
        List<ChunkInfo> toRead = new ArrayList<>();
        for (int i = 0; i < plan.chunks().size(); i++) {
            ChunkInfo chunk = plan.chunks().get(i);
            if (plan.proofs().get(i) == Tri.ALL && plan.candidates() == null) {
                total += chunk.rowCount() - deleted.countIn(chunk.rowStart(), chunk.rowStart() + chunk.rowCount());
            } else {
                toRead.add(chunk);
            }
        }
        stats.chunksRead += toRead.size();
        List<Tally> tallies = cursor(toRead, filterColumns.length).fold(toRead.size(), Tally::new,
                (tally, i) -> countChunk(plan, predicate, filterColumns, deleted, toRead.get(i), tally));
        for (Tally t : tallies) {
            total += t.rows;
            stats.columnsDecoded += t.columnsDecoded;
        }
        stats.rows = total;
        return total;
    }

    /**
     * Who reads the chunks of an order-free aggregate ({@link #count}, {@link #sum}) decoding
     * {@code columns} columns of each: the caller alone, or with helpers claiming chunks from a
     * {@link SharedCursor} as the reader's parallelism allows, once the chunks hold enough values to
     * pay for waking a worker ({@link #HELPED_FROM_VALUES}).
     */
    private SharedCursor cursor(List<ChunkInfo> chunks, int columns) {
        int depth = parallelism.readAheadChunks(Math.max(1, columns));
        if (depth == 0 || chunks.size() < 2) {
            return SharedCursor.CALLER_ONLY;
        }
        long values = 0;
        for (ChunkInfo c : chunks) {
            values += (long) c.rowCount() * Math.max(1, columns);
        }
        if (values < HELPED_FROM_VALUES) {
            return SharedCursor.CALLER_ONLY;
        }
        int limit = parallelism.maxDegree() > 0 ? parallelism.maxDegree() : Runtime.getRuntime().availableProcessors();
        return SharedCursor.on(parallelism.executor(), Math.min(depth + 1, limit));
    }

    /**
     * The fewest column values (rows times columns decoded) of the chunks an aggregate reads for which
     * helpers are started: below it, waking a worker costs more than the share of the work it takes.
     */
    static final long HELPED_FROM_VALUES = 32_768;

    /** One thread's part of a count or a sum: the rows it took, its sum and the columns it decoded. */
    private static final class Tally {
        long rows;
        long columnsDecoded;
        ExactSum sum;
    }

    /**
     * The exact sum of the int, float or decimal column at {@code position} over the visible rows
     * matching {@code predicate} (see {@link ExactSum}): chunks are planned and their rows found as
     * {@link #count} finds them, and the column of a chunk every row of which is taken is summed
     * straight from its stream ({@link ChunkPart#sum}).
     */
    public ExactSum sum(Predicate predicate, int position, QueryStats stats) {
        Plan plan = plan(predicate, stats);
        DeletedRows deleted = data.deleted();
        int[] filterColumns = positions(predicate);
        stats.chunksRead += plan.chunks().size();
        List<Tally> tallies = cursor(plan.chunks(), filterColumns.length + 1).fold(plan.chunks().size(), () -> {
            Tally t = new Tally();
            t.sum = new ExactSum();
            return t;
        }, (tally, i) -> sumChunk(plan, predicate, filterColumns, position, deleted, i, tally));
        ExactSum total = tallies.get(0).sum;
        for (Tally t : tallies) {
            if (t != tallies.get(0)) {
                total.addAll(t.sum);
            }
            stats.rows += t.rows;
            stats.columnsDecoded += t.columnsDecoded;
        }
        return total;
    }

    /** Adds the matching rows of the {@code i}th chunk of {@code plan} to {@code tally}. */
    private void sumChunk(Plan plan, Predicate predicate, int[] filterColumns, int position, DeletedRows deleted,
                          int i, Tally tally) {
        ChunkInfo chunk = plan.chunks().get(i);
        Tri proof = plan.proofs().get(i);
        ChunkPart part = read(chunk, filterColumns, new int[] {position}, false);
        long start = chunk.rowStart();
        int rows = chunk.rowCount();
        if (proof == Tri.ALL && plan.candidates() == null && deleted.countIn(start, start + rows) == 0) {
            part.sum(position, null, tally.sum);
            tally.rows += rows;
            tally.columnsDecoded += part.decodedColumns();
            return;
        }
        boolean all = proof == Tri.ALL && plan.candidates() == null;
        Found found = new Found(all ? rows : 16);
        findRows(plan, predicate, filterColumns, deleted, chunk, part, all, found);
        long[] bits = new long[(rows + 63) >>> 6];
        for (int k = 0; k < found.n; k++) {
            bits[found.at[k] >>> 6] |= 1L << found.at[k];
        }
        if (found.n > 0) {
            part.sum(position, bits, tally.sum);
        }
        part.settleFilterColumns(0, 0);
        tally.rows += found.n;
        tally.columnsDecoded += part.decodedColumns();
    }

    /** Adds the matching rows of {@code chunk} to {@code tally}. */
    private void countChunk(Plan plan, Predicate predicate, int[] filterColumns, DeletedRows deleted,
                            ChunkInfo chunk, Tally tally) {
        ChunkPart part = read(chunk, filterColumns, new int[0], false);
        tally.rows += matches(plan, predicate, chunk, filterValues(plan, chunk, part, filterColumns), deleted, null);
        part.settleFilterColumns(0, 0);
        tally.columnsDecoded += part.decodedColumns();
    }

    /** The ids of every visible row matching {@code predicate}, ascending. */
    public long[] matchingRowIds(Predicate predicate) {
        Iterator<MatchBatch> batches = find(predicate, new int[0], 0, -1, new QueryStats());
        long[] out = new long[64];
        int n = 0;
        while (batches.hasNext()) {
            MatchBatch b = batches.next();
            for (int i = 0; i < b.count(); i++) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = b.chunk().rowStart() + b.positions()[i];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Streams matching rows: {@code select} holds column positions to return. */
    public Iterator<MatchBatch> find(Predicate predicate, int[] select, long offset, long limit, QueryStats stats) {
        Plan plan = plan(predicate, stats);
        return new BatchIterator(plan, predicate, select, offset, limit < 0 ? Long.MAX_VALUE : limit, stats);
    }

    /**
     * Streams matching rows in {@code order}: file order when the order is empty or the table's
     * {@code sorted_by} gives it (as {@link FileOrder} checks), else ranked by {@link SortedRows}.
     */
    public Iterator<MatchBatch> find(Predicate predicate, SortOrder order, int[] select, long offset, long limit,
                                     QueryStats stats) {
        if (order.isEmpty()) {
            return find(predicate, select, offset, limit, stats);
        }
        FileOrder fileOrder = fileOrder(order);
        if (fileOrder != null) {
            return fileOrder.checked(find(predicate, select, offset, limit, stats));
        }
        return new SortedRows(this, data, predicate, order, select, offset, limit, stats);
    }

    /**
     * The check of file order when file order is {@code order}: along the table's {@code sorted_by},
     * as its statistics prove; else {@code null}.
     */
    private FileOrder fileOrder(SortOrder order) {
        if (!order.servedByFileOrder(data.entry().sortedBy())) {
            return null;
        }
        FileOrder fileOrder = new FileOrder(data, order);
        return fileOrder.provenByStatistics(chunks()) ? fileOrder : null;
    }

    /** How {@code order} with {@code limit} is served (see {@link SortOrder}): what {@link #find} will do. */
    public String sortStrategy(SortOrder order, long limit) {
        return order.strategy(!order.isEmpty() && fileOrder(order) != null, limit);
    }

    /**
     * Counts (and, with {@code out}, records the positions of) the rows of a chunk that match:
     * index candidates only when there are any, never deleted rows. A candidate failing a filter
     * that sorted lookups answered whole shows a damaged index.
     */
    private int matches(Plan plan, Predicate predicate, ChunkInfo chunk, ChunkValues values, DeletedRows deleted,
                        Found out) {
        int n = 0;
        long start = chunk.rowStart();
        RowIds candidates = plan.candidates();
        if (candidates != null && candidates.countIn(start, start + chunk.rowCount()) >= MANY_CANDIDATES) {
            return matchCandidates(plan, predicate, chunk, values, deleted, out);
        }
        if (candidates != null) {
            for (int i = candidates.lowerBound(start); i < candidates.size(); i++) {
                long id = candidates.get(i);
                if (id >= start + chunk.rowCount()) {
                    break;
                }
                int p = (int) (id - start);
                if (deleted.contains(id)) {
                    continue;
                }
                if (predicate.test(values, p)) {
                    if (out != null) {
                        out.add(p);
                    }
                    n++;
                } else if (plan.indexed() == predicate) {
                    // Sorted lookups answered the whole filter: a candidate failing it is not what
                    // the index says it is. (Testing a part again where they did not costs too much.)
                    throw damagedIndex(plan.indexed(), chunk, id, "the row does not hold");
                }
            }
            return n;
        }
        if (deleted.isEmpty()) {
            return predicate.matchAll(values, chunk.rowCount(), out == null ? null : out::add);
        }
        for (int p = 0; p < chunk.rowCount(); p++) {
            if (!deleted.contains(start + p) && predicate.test(values, p)) {
                if (out != null) {
                    out.add(p);
                }
                n++;
            }
        }
        return n;
    }

    /**
     * Index candidates in a chunk from which they are checked as a bitmap ({@link Predicate#retain}: a
     * condition on a column in one loop over its values) rather than one by one, and whose filter columns
     * are decoded whole ({@link #candidateRows}); {@link IndexPlanner} scans rather than list so many in
     * every chunk.
     */
    static final int MANY_CANDIDATES = 64;

    /** {@link #matches} for a chunk with many candidates: they are set in a bitmap the predicate narrows. */
    private int matchCandidates(Plan plan, Predicate predicate, ChunkInfo chunk, ChunkValues values,
                                DeletedRows deleted, Found out) {
        long start = chunk.rowStart();
        RowIds candidates = plan.candidates();
        long[] bits = new long[(chunk.rowCount() + 63) >>> 6];
        int listed = 0;
        for (int i = candidates.lowerBound(start); i < candidates.size(); i++) {
            long id = candidates.get(i);
            if (id >= start + chunk.rowCount()) {
                break;
            }
            if (!deleted.contains(id)) {
                int p = (int) (id - start);
                bits[p >>> 6] |= 1L << p;
                listed++;
            }
        }
        long[] listedBits = plan.indexed() == predicate ? bits.clone() : null;
        predicate.retain(values, chunk.rowCount(), bits);
        int n = Predicate.emit(bits, out == null ? null : out::add);
        if (listedBits != null && n < listed) {
            // Sorted lookups answered the whole filter: a candidate failing it is not what the index says it is.
            for (int w = 0; w < bits.length; w++) {
                long failed = listedBits[w] & ~bits[w];
                if (failed != 0) {
                    long id = start + (w << 6) + Long.numberOfTrailingZeros(failed);
                    throw damagedIndex(plan.indexed(), chunk, id, "the row does not hold");
                }
            }
        }
        return n;
    }

    private int[] positions(Predicate predicate) {
        return predicate.columns().stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The rows of {@code chunk} a filter must read: {@code [from, to)} around its index candidates,
     * or every row when there are no candidates or many (a window decodes the rows before it anyway,
     * and a whole column keeps its dictionary codes for {@link #matchCandidates}).
     */
    private static int[] candidateRows(Plan plan, ChunkInfo chunk) {
        RowIds candidates = plan.candidates();
        if (candidates == null) {
            return new int[] {0, chunk.rowCount()};
        }
        long start = chunk.rowStart();
        int first = candidates.lowerBound(start);
        int end = candidates.lowerBound(start + chunk.rowCount());
        if (first == end) {
            return new int[] {0, 0};
        }
        if (end - first >= MANY_CANDIDATES) {
            return new int[] {0, chunk.rowCount()};
        }
        return new int[] {(int) (candidates.get(first) - start), (int) (candidates.get(end - 1) - start) + 1};
    }

    /**
     * The filter's columns of a chunk read for its rows. A chunk read whole (no index candidates) is
     * checked against the statistics that pruning read for it: they decide which chunks are skipped
     * or counted unread, so ones that leave out values the chunk holds are a format error.
     */
    private ChunkValues filterValues(Plan plan, ChunkInfo chunk, ChunkPart part, int[] positions) {
        ChunkValues values = values(part, positions, candidateRows(plan, chunk));
        if (plan.candidates() == null) {
            for (int p : positions) {
                ChunkStatistics s = data.loadedStatistics(chunk, p);
                String wrong = s == null ? null : StatisticsCheck.violation(s, values.byPosition()[p]);
                if (wrong != null) {
                    throw data.inconsistent(chunk, p, wrong);
                }
            }
        }
        return values;
    }

    /**
     * The filter's columns for {@code rows}, valid till {@link ChunkPart#settleFilterColumns} (whole int
     * columns may be decoded into an array the thread reuses: {@link ChunkPart#filterColumn}).
     */
    private ChunkValues values(ChunkPart part, int[] positions, int[] rows) {
        ColumnVector[] byPosition = new ColumnVector[data.columns().size()];
        for (int p : positions) {
            byPosition[p] = part.filterColumn(p, rows[0], rows[1]);
        }
        return new ChunkValues(byPosition, part.rowCount());
    }

    /**
     * The selected columns of a checked chunk, decoded as far as the rows {@code found[from..to)} need;
     * a lookup's window decodes shared with one worker thread when the reader's parallelism allows
     * ({@link ChunkPart#columns(int[], int, int, FanOut)}).
     */
    private ColumnVector[] selected(ChunkPart part, int[] select, int[] found, int from, int to) {
        return part.columns(select, found[from], found[to - 1] + 1, windowFan);
    }

    /**
     * Reads a chunk for a query reading the columns {@code filterColumns} and {@code select}: when
     * they all lie in the first half of the table, streams are stored in column order, so
     * inflating only as far as they reach saves more than its smaller first buffer costs. With
     * column flush points each stream read is inflated on its own, and no other.
     *
     * @param hold whether a part checked in the thread's buffer is read there until the caller's
     *             {@link ChunkPart#letGo} ({@link TableData#readSomeHeld})
     */
    private ChunkPart read(ChunkInfo chunk, int[] filterColumns, int[] select, boolean hold) {
        int last = -1;
        BitSet read = new BitSet();
        for (int p : filterColumns) {
            last = Math.max(last, p);
            read.set(p);
        }
        for (int p : select) {
            last = Math.max(last, p);
            read.set(p);
        }
        int all = data.columns().size();
        // With flush points even a query reading every column has each stream inflated on its own: the
        // same bytes for a scan, and a lookup's few rows only as far as they lie (ChunkPart).
        boolean some = chunk.hasFlushPoints() || 2 * (last + 1) <= all;
        return !some ? data.read(chunk) : hold ? data.readSomeHeld(chunk, read) : data.readSome(chunk, read);
    }

    /** The positions of a chunk's matching rows, collected as they are found (most scans find few). */
    private static final class Found {
        private int[] at;
        private int n;

        Found(int capacity) {
            at = new int[capacity];
        }

        void add(int position) {
            if (n == at.length) {
                at = Arrays.copyOf(at, Math.max(16, n * 2));
            }
            at[n++] = position;
        }
    }

    /** Positions 0 to at least {@code n - 1}, in order; never written once published (see {@link MatchBatch}). */
    private static volatile int[] everyPosition = new int[0];

    private static int[] everyPosition(int n) {
        int[] every = everyPosition;
        if (every.length < n) {
            every = new int[n];
            for (int i = 0; i < n; i++) {
                every[i] = i;
            }
            everyPosition = every;
        }
        return every;
    }

    /**
     * A chunk read and checked against the filter: the positions of its matching rows, the first
     * {@code count} of {@code found}.
     *
     * @param decoded the returned columns of every row, their strings built, when a read-ahead thread
     *                decoded them ({@link ChunkPart#columnsBuilt}); else {@code null}
     */
    private record CheckedChunk(ChunkInfo chunk, ChunkPart part, int[] found, int count, ColumnVector[] decoded) {
        CheckedChunk(ChunkInfo chunk, ChunkPart part, int[] found, int count) {
            this(chunk, part, found, count, null);
        }
    }

    /**
     * Reads {@code chunk} and finds its matching rows; with {@code decodeSelected}, also decodes the
     * returned columns when any row matches (work a read-ahead thread does for the caller).
     */
    private CheckedChunk check(Plan plan, Predicate predicate, int[] filterColumns, int[] select, DeletedRows deleted,
                               ChunkInfo chunk, Tri proof, boolean decodeSelected) {
        ChunkPart part = read(chunk, filterColumns, select, true);
        boolean keepStreams = false;
        try {
            CheckedChunk checked = check(plan, predicate, filterColumns, select, deleted, chunk, proof, decodeSelected,
                    part);
            // A few rows: their windows decode now, from the part as checked, and no stream of it is copied.
            boolean few = checked.count() <= MANY_CANDIDATES;
            if (few && checked.count() > 0 && checked.decoded() == null) {
                selected(part, select, checked.found(), 0, checked.count());
            }
            keepStreams = !few && checked.decoded() == null;
            return checked;
        } finally {
            part.letGo(keepStreams);
        }
    }

    /** Finds the matching rows of {@code chunk} in {@code part}, as {@link #check} describes. */
    private CheckedChunk check(Plan plan, Predicate predicate, int[] filterColumns, int[] select, DeletedRows deleted,
                               ChunkInfo chunk, Tri proof, boolean decodeSelected, ChunkPart part) {
        boolean all = proof == Tri.ALL && plan.candidates() == null;
        if (all && deleted.countIn(chunk.rowStart(), chunk.rowStart() + chunk.rowCount()) == 0) {
            // Every row, in order: the shared positions 0, 1, 2, ... instead of an array per chunk.
            int[] every = everyPosition(chunk.rowCount());
            if (decodeSelected && chunk.rowCount() > 0) {
                // Strings built here, not row by row on the caller's thread while the read-ahead threads wait.
                return new CheckedChunk(chunk, part, every, chunk.rowCount(), part.columnsBuilt(select));
            }
            return new CheckedChunk(chunk, part, every, chunk.rowCount());
        }
        Found found = new Found(all ? chunk.rowCount() : plan.candidates() == null ? 16
                : plan.candidates().countIn(chunk.rowStart(), chunk.rowStart() + chunk.rowCount()));
        findRows(plan, predicate, filterColumns, deleted, chunk, part, all, found);
        // The filter's values are no longer used: keep the found rows' of columns decoded into the thread's array.
        part.settleFilterColumns(found.n == 0 ? 0 : found.at[0], found.n == 0 ? 0 : found.at[found.n - 1] + 1);
        if (decodeSelected && found.n > 0) {
            selected(part, select, found.at, 0, found.n);
        }
        return new CheckedChunk(chunk, part, found.at, found.n);
    }

    /**
     * Adds to {@code found} the rows of {@code chunk} a query takes: when the plan proves every row
     * matches ({@code all}), each row not deleted; else those the filter finds.
     */
    private void findRows(Plan plan, Predicate predicate, int[] filterColumns, DeletedRows deleted, ChunkInfo chunk,
                          ChunkPart part, boolean all, Found found) {
        if (all) {
            for (int p = 0; p < chunk.rowCount(); p++) {
                if (!deleted.contains(chunk.rowStart() + p)) {
                    found.add(p);
                }
            }
        } else {
            matches(plan, predicate, chunk, filterValues(plan, chunk, part, filterColumns), deleted, found);
        }
    }

    /**
     * Walks the planned chunks, skipping whole chunks before the offset when their count is provable.
     * A scan with no limit decodes the next chunks on worker threads as the reader's
     * {@link Parallelism} allows, once the offset is passed (before it, chunks may be skipped unread).
     */
    private final class BatchIterator implements Iterator<MatchBatch> {
        private final Plan plan;
        private final Predicate predicate;
        private final int[] select;
        private final int[] filterColumns;
        private final QueryStats stats;
        private final DeletedRows deleted;
        private final OrderedPipeline<CheckedChunk> ahead;
        private long toSkip;
        private long remaining;
        private int index;
        private int submitted;
        private MatchBatch next;

        BatchIterator(Plan plan, Predicate predicate, int[] select, long offset, long limit, QueryStats stats) {
            this.plan = plan;
            this.predicate = predicate;
            this.select = select;
            this.filterColumns = positions(predicate);
            this.stats = stats;
            this.deleted = data.deleted();
            this.toSkip = offset;
            this.remaining = limit;
            int depth = limit == Long.MAX_VALUE && plan.chunks().size() > 1
                    ? parallelism.readAheadChunks(Math.max(1, filterColumns.length + select.length)) : 0;
            this.ahead = depth > 0 ? new OrderedPipeline<>(depth, parallelism.executor()) : null;
        }

        @Override
        public boolean hasNext() {
            while (next == null && remaining > 0 && index < plan.chunks().size()) {
                next = ahead != null && toSkip == 0 ? batch(readAhead()) : advance(index);
                index++;
            }
            if (next == null && ahead != null) {
                ahead.cancelAll();
            }
            return next != null;
        }

        @Override
        public MatchBatch next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            MatchBatch b = next;
            next = null;
            return b;
        }

        /** Keeps the next chunks in flight and returns the checked chunk at {@code index}. */
        private CheckedChunk readAhead() {
            submitted = Math.max(submitted, index);
            while (ahead.hasRoom() && submitted < plan.chunks().size()) {
                ChunkInfo chunk = plan.chunks().get(submitted);
                Tri proof = plan.proofs().get(submitted);
                ahead.submit(() -> check(plan, predicate, filterColumns, select, deleted, chunk, proof, true));
                submitted++;
            }
            return ahead.takeOldest();
        }

        private MatchBatch advance(int i) {
            ChunkInfo chunk = plan.chunks().get(i);
            long end = chunk.rowStart() + chunk.rowCount();
            boolean allMatch = plan.proofs().get(i) == Tri.ALL && plan.candidates() == null;
            if (allMatch && toSkip > 0) {
                long visible = chunk.rowCount() - deleted.countIn(chunk.rowStart(), end);
                if (toSkip >= visible) {
                    toSkip -= visible;
                    return null;
                }
            }
            return batch(check(plan, predicate, filterColumns, select, deleted, chunk, plan.proofs().get(i),
                    false));
        }

        /** Applies the offset and limit to a checked chunk. */
        private MatchBatch batch(CheckedChunk checked) {
            stats.chunksRead++;
            int n = checked.count();
            int from = (int) Math.min(n, toSkip);
            toSkip -= from;
            int take = (int) Math.min(n - from, remaining);
            if (take <= 0) {
                stats.columnsDecoded += checked.part().decodedColumns();
                return null;
            }
            remaining -= take;
            stats.rows += take;
            // The batch reads only its first `take` positions: the chunk's own array serves when it starts there.
            int[] positions = from == 0 ? checked.found() : Arrays.copyOfRange(checked.found(), from, from + take);
            ColumnVector[] selected = checked.decoded() != null && from == 0 ? checked.decoded()
                    : selected(checked.part(), select, checked.found(), from, from + take);
            stats.columnsDecoded += checked.part().decodedColumns();
            return new MatchBatch(checked.chunk(), selected, positions, take);
        }
    }
}
