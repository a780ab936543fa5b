package io.jazmin.internal.query;

import io.jazmin.internal.column.ChunkStatistics;

/** The statistics of one chunk, by column position, as far as the file has them. */
public interface StatisticsView {
    /** The chunk's statistics for column {@code position}, or {@code null} when unknown. */
    ChunkStatistics column(int position);

    /** Rows in the chunk (deleted ones included). */
    int rowCount();
}
