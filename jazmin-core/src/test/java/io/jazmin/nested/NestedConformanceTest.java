package io.jazmin.nested;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.JazminReader;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.LeafStatistics;
import io.jazmin.internal.catalog.Statistics;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.CaseWrites;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.FileSections;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance case {@code nested-columns}: the reference file reads exactly, and the file we
 * write from its input with its options reads back exactly, declares reader feature
 * {@code nested-columns}, carries the reference's statistics (leaves included) and is no larger.
 */
class NestedConformanceTest {
    private static final ConformanceCase CASE = ConformanceCase.named("nested-columns");

    @Test
    void referenceFileReadsExactly() throws Exception {
        ConformanceCase.View view = CASE.views().get(0);
        try (JazminReader reader = JazminReader.open(CASE.dataFile())) {
            long rows = CanonicalJson.assertRowsMatch(reader.table().rows().iterator(), view.expectedFile());
            assertEquals(60, rows);
            assertEquals(view.reference().path("chunkCount").asInt(), reader.table().chunkCount());
        }
    }

    @Test
    void ourFileReadsBackExactlyAndIsNoLarger(@TempDir Path dir) throws Exception {
        ConformanceCase.View view = CASE.views().get(0);
        Path ours = CaseWrites.write(CASE, view, dir.resolve("ours.jzm"));
        try (JazminReader reader = JazminReader.open(ours)) {
            CanonicalJson.assertRowsMatch(reader.table().rows().iterator(), view.expectedFile());
        }
        assertThat(FileSections.of(ours).header().readerFeatures()).containsExactly(ReaderFeatures.NESTED_COLUMNS);
        long size = Files.size(ours);
        long reference = Files.size(CASE.dataFile());
        System.out.println("[nested-columns] ours " + size + " B, reference " + reference + " B");
        assertThat(size).as("our size vs the reference's").isLessThanOrEqualTo(reference);
    }

    @Test
    void ourStatisticsEqualTheReferences(@TempDir Path dir) throws Exception {
        Path ours = CaseWrites.write(CASE, CASE.views().get(0), dir.resolve("ours.jzm"));
        List<String> want = statistics(FileSections.of(CASE.dataFile()));
        List<String> got = statistics(FileSections.of(ours));
        assertEquals(String.join("\n", want), String.join("\n", got));
    }

    /** Every column's statistics of table 0, leaves included, as comparable text. */
    private static List<String> statistics(FileSections file) {
        ChunkDirectory dir = file.firstDirectory(0);
        List<String> out = new ArrayList<>();
        for (int b = 0; b < dir.statistics().size(); b++) {
            StatisticsBlock block = dir.statistics().get(b);
            Statistics stats = Statistics.decode(file.read(SectionIds.statistics(0, SectionIds.PLAIN_PARTITION, b, 0),
                    block.section()));
            for (int i = 0; i < block.columns().length; i++) {
                ColumnStatistics c = stats.columns().get(i);
                out.add("column " + block.columns()[i] + ": nulls " + Arrays.toString(c.nullCounts()) + " min "
                        + hex(c.min()) + " max " + hex(c.max()));
                for (LeafStatistics leaf : c.leaves()) {
                    out.add("  leaf " + Arrays.toString(leaf.path()) + ": values "
                            + Arrays.toString(leaf.valueCounts()) + " nulls " + Arrays.toString(leaf.nullCounts())
                            + " min " + hex(leaf.min()) + " max " + hex(leaf.max()));
                }
            }
        }
        return out;
    }

    private static String hex(List<byte[]> values) {
        List<String> out = new ArrayList<>();
        for (byte[] v : values) {
            out.add(java.util.HexFormat.of().formatHex(v));
        }
        return out.toString();
    }
}
