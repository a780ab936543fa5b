package io.jazmin.internal.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.jazmin.internal.table.ChunkCache;

/** Decompressed chunks kept by an open reader: bounded, least recently used first out, same answers. */
class ChunkCacheTest {

    @Test
    void keepsPayloadsWithinTheBudgetDroppingTheLeastRecentlyUsed() {
        ChunkCache cache = new ChunkCache(10);
        cache.put(1, 0, SectionPayload.of(new byte[4]));
        cache.put(2, 0, SectionPayload.of(new byte[4]));
        assertThat(cache.get(1, 0).length()).isEqualTo(4); // 1 is now the most recently used
        cache.put(3, 0, SectionPayload.of(new byte[4]));

        assertThat(cache.get(2, 0)).isNull();
        assertThat(cache.get(1, 0)).isNotNull();
        assertThat(cache.get(3, 0)).isNotNull();
        cache.put(4, 0, SectionPayload.of(new byte[11])); // larger than the whole budget: not kept, nothing dropped
        assertThat(cache.get(4, 0)).isNull();
        assertThat(cache.get(1, 0)).isNotNull();
    }

    @Test
    void aZeroBudgetKeepsNothing() {
        ChunkCache cache = new ChunkCache(0);
        cache.put(1, 0, SectionPayload.of(new byte[0]));
        assertThat(cache.get(1, 0)).isNull();
    }

    @Test
    void aSecondQueryOfTheSameReaderReadsNoChunkAgainAndAnswersTheSame() {
        Path file = SharedFiles.conformanceCase("customers-200k").resolve("data.jzm");
        Filter filter = Filter.eq("country", "NA");
        RowQuery top = RowQuery.all().orderBy(SortKey.desc("balance")).withLimit(20);
        List<Long> expected;
        try (JazminReader memory = JazminReader.open(file, ReadOptions.defaults().withPriority(Priority.MEMORY))) {
            expected = ids(memory.table(), filter, top);
            Explain again = memory.table().explainAnalyze(filter, top);
            assertThat(again.bytesRead()).as("nothing kept under MEMORY").isGreaterThan(1_000_000);
        }
        // Without the process-wide cache, which other readers of this file in the JVM may have filled.
        try (JazminReader speed = JazminReader.open(file,
                ReadOptions.defaults().withPriority(Priority.SPEED).withSharedCache(false))) {
            Explain first = speed.table().explainAnalyze(filter, top);
            Explain second = speed.table().explainAnalyze(filter, top);
            assertThat(ids(speed.table(), filter, top)).isEqualTo(expected);
            assertThat(first.bytesRead()).isGreaterThan(1_000_000);
            assertThat(second.bytesRead()).as("only index pages are read again").isLessThan(first.bytesRead() / 10);
        }
    }

    private static List<Long> ids(JazminTable table, Filter filter, RowQuery query) {
        return table.find(filter, query).map(Row::rowId).toList();
    }
}
