package io.jazmin.internal.query;

import io.jazmin.internal.column.ColumnVector;

/**
 * The decoded values of one chunk that a predicate reads, indexed by column position (columns the
 * predicate does not use are {@code null}).
 */
public record ChunkValues(ColumnVector[] byPosition, int rowCount) {
}
