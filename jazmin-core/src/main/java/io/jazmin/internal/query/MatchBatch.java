package io.jazmin.internal.query;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.table.ChunkInfo;

/**
 * The matching rows of one chunk: the selected columns' values, and the positions (inside the
 * chunk) of the rows to return, in order.
 */
public record MatchBatch(ChunkInfo chunk, ColumnVector[] selected, int[] positions, int count) {
}
