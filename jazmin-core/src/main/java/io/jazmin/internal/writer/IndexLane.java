package io.jazmin.internal.writer;

import io.jazmin.internal.index.SortedIndexBuilder;
import io.jazmin.internal.index.SortedPayloads;
import io.jazmin.internal.index.TrigramIndexBuilder;
import io.jazmin.internal.parallel.OrderedPipeline;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/**
 * Feeds one index builder with the cells of its column, a chunk at a time: the caller's thread
 * only collects the cells, and each chunk's cells are added on a worker thread while the next
 * chunk fills (one task in flight per index, so the builder sees rows in order and needs no lock;
 * the bytes do not depend on the threads). At the end the worker also cuts the index's section
 * payloads, several indexes at once. Without a pipeline all of it runs on the caller's thread.
 */
final class IndexLane {
    private final int position;
    private final Object builder;
    /** At most one task (a chunk's cells, or the payloads), or {@code null} to work on the caller's thread. */
    private final OrderedPipeline<Object> work;
    private final int batchRows;
    /**
     * The first batch's cells start this many and grow to {@link #batchRows} (later batches start
     * as large as the last one grew): an append of one row (a single save) allocated and cleared a
     * whole chunk's worth of cells per index.
     */
    private static final int FIRST_BATCH_CELLS = 64;
    private int batchCapacity;
    private Object[] cells;
    private long firstRowId;
    private int count;
    /** The payloads made on the caller's thread (no pipeline). */
    private Object made;
    /** A sorted index's pages compressed while rows arrive, or {@code null}. */
    private final EarlyPages early;

    /**
     * @param position  the column's position in a row
     * @param builder   a {@link SortedIndexBuilder} or {@link TrigramIndexBuilder}
     * @param batchRows the most rows in a batch (the table writer also ends a batch at each chunk)
     * @param parallel  whether to work on a worker thread
     * @param executor  the workers, or {@code null} for the library's shared ones
     * @param early     for a sorted index worked on a worker thread, where its pages are compressed
     *                  while rows arrive; else {@code null}
     */
    IndexLane(int position, Object builder, int batchRows, boolean parallel, Executor executor, EarlyPages early) {
        this.position = position;
        this.builder = builder;
        this.batchRows = batchRows;
        this.work = parallel ? new OrderedPipeline<>(1, executor) : null;
        this.early = early;
    }

    /** The position of the column indexed. */
    int position() {
        return position;
    }

    /** Collects the cell of row {@code rowId} (ids ascend by one within a batch). */
    void collect(long rowId, Object[] row) {
        if (cells == null) {
            cells = new Object[Math.max(batchCapacity, Math.min(batchRows, FIRST_BATCH_CELLS))];
            firstRowId = rowId;
        } else if (count == cells.length) {
            cells = Arrays.copyOf(cells, Math.min(batchRows, count * 2));
            batchCapacity = cells.length;
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
        if (work == null) {
            addAll(batch, first, n);
            return;
        }
        submit(() -> {
            addAll(batch, first, n);
            return null;
        });
    }

    /**
     * Ends the last batch and starts making the section payloads ({@link #payloads()}): pages of
     * {@code pageBytes}, in encoding 1 when {@code compact}, for a sorted index.
     */
    void startPayloads(int pageBytes, boolean compact) {
        endBatch();
        if (work == null) {
            made = make(pageBytes, compact);
        } else {
            submit(() -> make(pageBytes, compact));
        }
    }

    /** After {@link #startPayloads}: a {@link SortedPayloads}, or a trigram index section payload. */
    Object payloads() {
        return work == null ? made : work.takeOldest();
    }

    /** After {@link #payloads()}: the first pages of a sorted index, compressed already (maybe none). */
    List<EarlyPages.Sealed> sealedPages() {
        return early == null ? List.of() : early.sealed();
    }

    /**
     * After {@link #payloads()}: the setting its early pages left for a sorted index's later pages,
     * or {@code null} without early pages.
     */
    PageSetting earlySetting() {
        return early == null ? null : early.setting();
    }

    private void submit(Callable<Object> task) {
        if (!work.hasRoom()) {
            work.takeOldest();
        }
        work.submit(task);
    }

    private Object make(int pageBytes, boolean compact) {
        return builder instanceof SortedIndexBuilder sorted ? sorted.payloads(pageBytes, compact)
                : ((TrigramIndexBuilder) builder).encode();
    }

    private void addAll(Object[] batch, long first, int n) {
        if (builder instanceof SortedIndexBuilder sorted) {
            for (int i = 0; i < n; i++) {
                sorted.add(first + i, batch[i]);
            }
            if (early != null) {
                early.update(sorted);
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
