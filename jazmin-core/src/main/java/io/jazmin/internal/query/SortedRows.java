package io.jazmin.internal.query;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.ChunkPart;
import io.jazmin.internal.table.TableData;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.LongStream;

/**
 * The matching rows of a query in an order other than file order. On first use one pass over the
 * filter and sort columns only ranks the rows ({@link TopRows}, bounded by offset + limit); then
 * the winners' selected columns are decoded, each chunk at most once and dropped after its last
 * winner is returned. Runs of winners from one chunk come as one batch.
 */
final class SortedRows implements Iterator<MatchBatch> {
    private final QueryEngine engine;
    private final TableData data;
    private final Predicate predicate;
    private final SortOrder order;
    private final int[] select;
    private final long offset;
    private final long limit;
    private final QueryStats stats;
    private long[] winners;
    /** The chunks the winners are in (and maybe others), in ordinal order; {@code chunkOf} indexes it. */
    private List<ChunkInfo> chunks;
    private int[] chunkOf;
    private int[] remaining;
    private ColumnVector[][] decoded;
    private int next;

    SortedRows(QueryEngine engine, TableData data, Predicate predicate, SortOrder order, int[] select, long offset,
               long limit, QueryStats stats) {
        this.engine = engine;
        this.data = data;
        this.predicate = predicate;
        this.order = order;
        this.select = select;
        this.offset = offset;
        this.limit = limit;
        this.stats = stats;
    }

    @Override
    public boolean hasNext() {
        if (winners == null) {
            rank();
        }
        return next < winners.length;
    }

    /** Finds the returned rows' ids, in order, and how many of them each chunk holds. */
    private void rank() {
        long k = limit < 0 || offset > Long.MAX_VALUE - limit ? Long.MAX_VALUE : offset + limit;
        long[] ranked = limit == 0 ? new long[0] : topRows(k);
        winners = offset >= ranked.length ? new long[0] : Arrays.copyOfRange(ranked, (int) offset, ranked.length);
        chunks = holding(winners);
        chunkOf = new int[winners.length];
        remaining = new int[chunks.size()];
        decoded = new ColumnVector[chunks.size()][];
        for (int i = 0; i < winners.length; i++) {
            chunkOf[i] = TableData.chunkIndexOf(chunks, winners[i]);
            remaining[chunkOf[i]]++;
        }
    }

    /** Chunks holding every winner: for the owner of a shared file, only its partitions' directories are read. */
    private List<ChunkInfo> holding(long[] rows) {
        if (rows.length == 0) {
            return List.of();
        }
        long[] ascending = rows.clone();
        Arrays.sort(ascending);
        return data.chunksHolding(LongStream.of(ascending).iterator());
    }

    private long[] topRows(long k) {
        TopRows top = new TopRows(order, k);
        QueryStats scan = new QueryStats();
        Iterator<MatchBatch> batches = engine.find(predicate, order.positions(), 0, -1, scan);
        while (batches.hasNext()) {
            MatchBatch b = batches.next();
            long start = b.chunk().rowStart();
            for (int i = 0; i < b.count(); i++) {
                int p = b.positions()[i];
                top.offer(b.selected(), p, start + p);
            }
        }
        stats.addWork(scan);
        return top.drainInOrder();
    }

    @Override
    public MatchBatch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        int c = chunkOf[next];
        int end = next;
        while (end < winners.length && chunkOf[end] == c) {
            end++;
        }
        ChunkInfo chunk = chunks.get(c);
        int[] positions = new int[end - next];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = (int) (winners[next + i] - chunk.rowStart());
        }
        ColumnVector[] vectors = decoded[c];
        if (vectors == null) {
            ChunkPart part = data.read(chunk);
            vectors = part.columns(select);
            stats.chunksRead++;
            stats.columnsDecoded += part.decodedColumns();
            decoded[c] = vectors;
        }
        remaining[c] -= positions.length;
        if (remaining[c] == 0) {
            decoded[c] = null;
        }
        stats.rows += positions.length;
        next = end;
        return new MatchBatch(chunk, vectors, positions, positions.length);
    }
}
