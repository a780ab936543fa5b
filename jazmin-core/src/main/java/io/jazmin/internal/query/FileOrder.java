package io.jazmin.internal.query;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.column.StatisticsCheck;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.TableData;
import io.jazmin.data.SortKey;
import io.jazmin.schema.ColumnType;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Checks a table's claim that its rows are stored in its {@code sorted_by} order before that order
 * is trusted. A query ordered along {@code sorted_by} returns rows in file order and may stop after
 * a few, so a file breaking its claim would silently give the wrong rows. Two checks, neither
 * reading more than the query does: the leading sort column's chunk statistics must ascend from
 * chunk to chunk ({@link #provenByStatistics}, else the query ranks its rows instead), and each chunk
 * whose rows are returned has its sort columns decoded whole and checked in order, against the
 * previous such chunk's last row and against its statistics ({@link #checked}).
 */
public final class FileOrder {
    private final TableData data;
    private final SortOrder order;
    private final int[] positions;
    /** Chunks (by the ordinal of the chunk before them) whose first rows may tie with the rows before. */
    private final Map<Integer, ChunkInfo> tiedNext = new HashMap<>();

    FileOrder(TableData data, SortOrder order) {
        this.data = data;
        this.order = order;
        this.positions = order.positions();
    }

    /**
     * Whether the statistics of the leading sort column prove the chunks follow one another in the
     * order: every chunk bounded, nulls only before the first value, each chunk's min at or above
     * the previous max. {@code false} when they cannot tell (bounds left out, a string min cut to a
     * prefix). Where a multi-column order may tie across a boundary, which the statistics of the
     * leading column cannot settle, the walk checks the next chunk's keys with the chunk before it
     * ({@link #tiedNext}).
     *
     * @throws JazminFormatException when they show the rows break the order
     */
    boolean provenByStatistics(List<ChunkInfo> chunks) {
        int lead = positions[0];
        ColumnType type = order.type(0);
        Comparator<Object> keys = KeyForms.comparator(type);
        Object previousMax = null;
        ChunkInfo previous = null;
        ChunkInfo before = null;
        for (ChunkInfo chunk : chunks) {
            ChunkStatistics s = data.statistics(chunk, lead);
            if (s == null) {
                return false;
            }
            if (s.nullCount() > 0 && previous != null) {
                throw broken(chunk, "has null sort keys after chunk " + previous.ordinal() + " held values");
            }
            boolean separated = false;
            if (s.nullCount() < chunk.rowCount()) {
                if (s.min().length == 0 || s.max().length == 0) {
                    return false;
                }
                Object min = s.minKey(type);
                if (type.isText() && ((String) min).length() >= ChunkStatistics.MAX_STRING_BOUND - 1) {
                    return false; // maybe a prefix of the real min, which may sort below the previous max
                }
                if (previousMax != null) {
                    int c = keys.compare(previousMax, min);
                    if (c > 0) {
                        throw broken(chunk, "holds keys below those of chunk " + previous.ordinal()
                                + " by their statistics");
                    }
                    separated = c < 0;
                }
                previousMax = s.maxKey(type);
                previous = chunk;
            }
            if (before != null && order.size() > 1 && !separated) {
                tiedNext.put(before.ordinal(), chunk);
            }
            before = chunk;
        }
        return true;
    }

    /** {@code batches} (file order, chunk by chunk), each chunk's sort keys checked before its rows are returned. */
    Iterator<MatchBatch> checked(Iterator<MatchBatch> batches) {
        Walk walk = new Walk();
        return new Iterator<>() {
            /** The ordinal of the last chunk checked (chunks are checked once each, in file order). */
            private int last = -1;

            @Override
            public boolean hasNext() {
                return batches.hasNext();
            }

            @Override
            public MatchBatch next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                MatchBatch b = batches.next();
                if (b.chunk().ordinal() > last) {
                    walk.check(b.chunk());
                    last = b.chunk().ordinal();
                }
                // A limit may end in this chunk: rows of the next one that tie on the leading key
                // could still come first, so its keys are checked against this chunk's now.
                ChunkInfo next = tiedNext.get(b.chunk().ordinal());
                if (next != null && next.ordinal() > last) {
                    walk.check(next);
                    last = next.ordinal();
                }
                return b;
            }
        };
    }

    /**
     * Before rows are appended to a {@code sorted_by} table, whose append checks them against its
     * last row only: the statistics of the last two chunks, and the last chunk (which the append
     * decodes anyway), must not show the stored rows out of order. Earlier chunks are left to the
     * queries that rely on them.
     *
     * @throws JazminFormatException when they do
     */
    public static void checkBeforeAppend(TableData data) {
        List<String> sortedBy = data.entry().sortedBy();
        List<ChunkInfo> chunks = data.chunks();
        if (sortedBy.isEmpty() || chunks.isEmpty()) {
            return;
        }
        FileOrder fileOrder = new FileOrder(data, SortOrder.bind(sortedBy.stream().map(SortKey::asc).toList(),
                data.columns()));
        fileOrder.provenByStatistics(chunks.subList(Math.max(0, chunks.size() - 2), chunks.size()));
        fileOrder.new Walk().check(chunks.get(chunks.size() - 1));
    }

    /** Checks chunks in file order: slot 2 keeps the last row checked, slots 0 and 1 alternate over a chunk. */
    private final class Walk {
        private final SortKeySlots slots = new SortKeySlots(order, 3);
        private boolean previousRow;

        void check(ChunkInfo chunk) {
            ColumnVector[] keys = data.read(chunk).columns(positions);
            ChunkStatistics s = data.statistics(chunk, positions[0]);
            String wrong = s == null ? null : StatisticsCheck.violation(s, keys[0]);
            if (wrong != null) {
                throw data.inconsistent(chunk, positions[0], wrong);
            }
            long start = chunk.rowStart();
            for (int r = 0; r < chunk.rowCount(); r++) {
                int at = r & 1;
                slots.set(at, keys, r, start + r);
                int before = r == 0 ? 2 : at ^ 1;
                if ((r > 0 || previousRow) && slots.compare(before, at) > 0) {
                    throw broken(chunk, "row " + (start + r) + " sorts before the row ahead of it");
                }
            }
            if (chunk.rowCount() > 0) {
                slots.set(2, keys, chunk.rowCount() - 1, start + chunk.rowCount() - 1);
                previousRow = true;
            }
        }
    }

    private JazminFormatException broken(ChunkInfo chunk, String what) {
        return new JazminFormatException("table '" + data.entry().name() + "' breaks its sorted_by "
                + data.entry().sortedBy() + ": chunk " + chunk.ordinal() + " " + what);
    }
}
