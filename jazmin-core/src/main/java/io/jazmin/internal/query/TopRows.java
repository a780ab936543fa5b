package io.jazmin.internal.query;

import io.jazmin.error.JazminValidationException;
import io.jazmin.data.RowQuery;
import io.jazmin.internal.column.ColumnVector;
import java.util.Arrays;

/**
 * The first {@code k} rows of an order, kept in a heap of key slots whose root is the last of
 * them: a row that comes before the root replaces it, any other row is dropped. With no bound
 * every row is kept, up to {@link RowQuery#SORT_BUDGET_ROWS}.
 */
final class TopRows {
    private final SortKeySlots slots;
    private final long k;
    private int[] heap;
    private int size;
    /** The slot a candidate row is loaded into before it is compared with the root. */
    private int scratch;

    /** @param k rows to keep, or {@code Long.MAX_VALUE} for all of them (within the budget) */
    TopRows(SortOrder order, long k) {
        this.k = k;
        int initial = (int) Math.min(k, 1023) + 1;
        this.slots = new SortKeySlots(order, initial);
        this.heap = new int[initial];
    }

    /** Offers row {@code row} of a chunk whose sort key vectors are {@code keys}. */
    void offer(ColumnVector[] keys, int row, long rowId) {
        if (k == 0) {
            return;
        }
        slots.set(scratch, keys, row, rowId);
        if (size < k) {
            if (size == RowQuery.SORT_BUDGET_ROWS) {
                throw new JazminValidationException("a sorted query keeps the keys of at most "
                        + RowQuery.SORT_BUDGET_ROWS + " rows (RowQuery.SORT_BUDGET_ROWS) and more rows match; "
                        + "give a limit (offset + limit at most the budget) or a narrower filter");
            }
            push(scratch);
            scratch = size;
            slots.ensureCapacity(size + 1);
        } else if (slots.compare(scratch, heap[0]) < 0) {
            int evicted = heap[0];
            heap[0] = scratch;
            scratch = evicted;
            siftDown(0);
        }
    }

    private void push(int slot) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, (int) Math.min(Integer.MAX_VALUE - 8, heap.length * 2L));
        }
        int i = size++;
        heap[i] = slot;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (slots.compare(heap[parent], heap[i]) >= 0) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    /** Restores the heap below {@code i}: every parent comes after its children in the order. */
    private void siftDown(int i) {
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int last = left + 1 < size && slots.compare(heap[left + 1], heap[left]) > 0 ? left + 1 : left;
            if (slots.compare(heap[i], heap[last]) >= 0) {
                return;
            }
            swap(i, last);
            i = last;
        }
    }

    private void swap(int i, int j) {
        int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }

    /** The row ids kept, in order; empties the heap. */
    long[] drainInOrder() {
        long[] out = new long[size];
        for (int i = size - 1; i >= 0; i--) {
            out[i] = slots.rowId(heap[0]);
            heap[0] = heap[--size];
            siftDown(0);
        }
        return out;
    }
}
