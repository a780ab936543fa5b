package io.jazmin.internal.writer;

import io.jazmin.internal.reader.TableReader;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.IndexKind;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sort order and indexes a full rewrite writes one table with: the table's own (compaction,
 * grants, most updates), or those an update re-declares for its target table.
 *
 * @param sortedBy the sort order (empty: unsorted)
 * @param indexes  the indexes by column
 */
record TableLayoutChoice(List<String> sortedBy, Map<String, Set<IndexKind>> indexes) {

    /** What {@code table} has now. */
    static TableLayoutChoice of(TableReader table) {
        return new TableLayoutChoice(table.sortedBy(), IndexBuilders.kindsOf(table.indexes()));
    }

    /** {@code base} with this sort order and these indexes, for the table's {@code startTable}. */
    WriteOptions applyTo(WriteOptions base) {
        return base.withSortedBy(sortedBy).withIndexes(indexes);
    }
}
