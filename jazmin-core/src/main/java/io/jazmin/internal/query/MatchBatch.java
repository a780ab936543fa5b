package io.jazmin.internal.query;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.table.ChunkInfo;

/**
 * The matching rows of one chunk: the selected columns' values, and the positions (inside the
 * chunk) of the rows to return, in order: the first {@code count} of {@code positions}, which may be
 * longer and shared with other batches, so it is only ever read.
 */
public record MatchBatch(ChunkInfo chunk, ColumnVector[] selected, int[] positions, int count) {
}
