package io.jazmin.query;

import io.jazmin.reader.TableData;

/**
 * Chooses index lookups for a predicate (spec §2.2): AND intersects the candidates of usable
 * indexes, OR unions them only when every branch has one, NOT and {@code ne} give none. A lookup
 * is made when it reads no more than 8 KiB of index pages or less than the scan would.
 */
final class IndexPlanner {
    /** Row ids from indexes; {@code exact} when they are exactly the predicate's matches. */
    record Candidates(RowIds rows, boolean exact) {
    }

    private final TableData data;

    IndexPlanner(TableData data) {
        this.data = data;
    }

    /** The candidates for {@code predicate}, or {@code null} when no index helps. */
    Candidates candidates(Predicate predicate, long scanBytes, QueryStats stats) {
        return null;
    }
}
