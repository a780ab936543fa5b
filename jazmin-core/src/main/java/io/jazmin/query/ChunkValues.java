package io.jazmin.query;

import io.jazmin.column.ColumnVector;

/**
 * The decoded values of one chunk that a predicate reads, indexed by column position (columns the
 * predicate does not use are {@code null}).
 */
public record ChunkValues(ColumnVector[] byPosition, int rowCount) {
}
