package io.jazmin.query;

import io.jazmin.column.ColumnVector;
import io.jazmin.reader.ChunkInfo;

/**
 * The matching rows of one chunk: the selected columns' values, and the positions (inside the
 * chunk) of the rows to return, in order.
 */
public record MatchBatch(ChunkInfo chunk, ColumnVector[] selected, int[] positions, int count) {
}
