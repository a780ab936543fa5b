package io.jazmin.internal.query;

/** Counters of the work a query did, for {@code explain} with analyze (spec §2.4). */
public final class QueryStats {
    long chunksRead;
    long indexPagesRead;
    long columnsDecoded;
    long rows;

    public long chunksRead() {
        return chunksRead;
    }

    public long indexPagesRead() {
        return indexPagesRead;
    }

    public long columnsDecoded() {
        return columnsDecoded;
    }

    public long rows() {
        return rows;
    }

    /** Adds the chunks, index pages and columns {@code other} read (not its rows). */
    void addWork(QueryStats other) {
        chunksRead += other.chunksRead;
        indexPagesRead += other.indexPagesRead;
        columnsDecoded += other.columnsDecoded;
    }
}
