package io.jazmin.internal.writer;

import io.jazmin.internal.index.SortedIndexBuilder;
import io.jazmin.internal.index.TrigramIndexBuilder;
import io.jazmin.internal.parallel.OrderedPipeline;
import java.util.concurrent.Executor;

/**
 * Feeds one index builder with the cells of its column, a chunk at a time: the caller's thread
 * only collects the cells, and each chunk's cells are added on a worker thread while the next
 * chunk fills (one chunk in flight per index, so the builder sees rows in order and needs no
 * lock; the bytes do not depend on the threads). Without a pipeline the cells are added on the
 * caller's thread when the chunk ends.
 */
final class IndexLane {
    private final int position;
    private final Object builder;
    /** At most one chunk being added, or {@code null} to add on the caller's thread. */
    private final OrderedPipeline<Void> adding;
    private final int batchRows;
    private Object[] cells;
    private long firstRowId;
    private int count;

    /**
     * @param position  the column's position in a row
     * @param builder   a {@link SortedIndexBuilder} or {@link TrigramIndexBuilder}
     * @param batchRows the most rows in a batch (the chunk size; the table writer also ends a batch at each chunk)
     * @param parallel  whether to add each batch on a worker thread
     * @param executor  the workers, or {@code null} for the library's shared ones
     */
    IndexLane(int position, Object builder, int batchRows, boolean parallel, Executor executor) {
        this.position = position;
        this.builder = builder;
        this.batchRows = batchRows;
        this.adding = parallel ? new OrderedPipeline<>(1, executor) : null;
    }

    Object builder() {
        return builder;
    }

    /** Collects the cell of row {@code rowId} (ids ascend by one within a batch). */
    void collect(long rowId, Object[] row) {
        if (cells == null) {
            cells = new Object[batchRows];
            firstRowId = rowId;
        }
        cells[count++] = row[position];
        if (count == batchRows) {
            endBatch();
        }
    }

    /** Hands the collected cells to the builder (on a worker when parallel). */
    void endBatch() {
        if (count == 0) {
            return;
        }
        Object[] batch = cells;
        long first = firstRowId;
        int n = count;
        cells = null;
        count = 0;
        if (adding == null) {
            addAll(batch, first, n);
            return;
        }
        if (!adding.hasRoom()) {
            adding.takeOldest();
        }
        adding.submit(() -> {
            addAll(batch, first, n);
            return null;
        });
    }

    /** Ends the batch and waits until the builder holds every row collected. */
    void drain() {
        endBatch();
        while (adding != null && !adding.isEmpty()) {
            adding.takeOldest();
        }
    }

    private void addAll(Object[] batch, long first, int n) {
        if (builder instanceof SortedIndexBuilder sorted) {
            for (int i = 0; i < n; i++) {
                sorted.add(first + i, batch[i]);
            }
        } else {
            TrigramIndexBuilder trigram = (TrigramIndexBuilder) builder;
            for (int i = 0; i < n; i++) {
                if (batch[i] != null) {
                    trigram.add(first + i, (String) batch[i]);
                }
            }
        }
    }
}
