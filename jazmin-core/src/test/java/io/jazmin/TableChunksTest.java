package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.ChunkSummary;
import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Listing a table's chunks and reading only some of them (sharing a file among readers by byte range). */
class TableChunksTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() {
        file = dir.resolve("t.jzm");
        List<Column> columns = List.of(Column.required("id", ColumnType.INT), Column.of("name", ColumnType.STRING));
        WriteOptions options = WriteOptions.defaults().withChunkRows(10);
        JazminWriter.write(file, columns, options, rows(0, 50).iterator());
        JazminFile.append(file, rows(50, 70).iterator(), options);
        JazminFile.delete(file, Filter.in("id", 3L, 4L, 55L), options);
    }

    private static List<Map<String, Object>> rows(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> Map.<String, Object>of("id", (long) i, "name", "n" + i)).toList();
    }

    private static List<Long> ids(java.util.stream.Stream<Row> rows) {
        try (rows) {
            return rows.map(r -> (Long) r.get("id")).toList();
        }
    }

    @Test
    void chunksListOrdinalsRowsDeletesAndIncreasingFirstPartOffsets() throws Exception {
        try (JazminReader r = JazminReader.open(file)) {
            List<ChunkSummary> chunks = r.table().chunks();
            assertThat(chunks).extracting(ChunkSummary::ordinal).containsExactly(0, 1, 2, 3, 4, 5, 6);
            assertThat(chunks).extracting(ChunkSummary::rowStart).containsExactly(0L, 10L, 20L, 30L, 40L, 50L, 60L);
            assertThat(chunks).extracting(ChunkSummary::deletedRows).containsExactly(2L, 0L, 0L, 0L, 0L, 1L, 0L);
            assertThat(chunks.get(0).liveRows()).isEqualTo(8);
            long size = Files.size(file);
            for (int i = 0; i < chunks.size(); i++) {
                assertThat(chunks.get(i).storedBytes()).isPositive();
                assertThat(chunks.get(i).firstPartOffset()).isPositive().isLessThan(size);
                if (i > 0) {
                    assertThat(chunks.get(i).firstPartOffset()).isGreaterThan(chunks.get(i - 1).firstPartOffset());
                }
            }
        }
    }

    @Test
    void byteRangesCoveringTheFileGiveEachRowOnce() throws Exception {
        long size = Files.size(file);
        List<Long> all;
        List<Long> shared = new ArrayList<>();
        try (JazminReader r = JazminReader.open(file)) {
            all = ids(r.table().rows());
            List<ChunkSummary> chunks = r.table().chunks();
            // Cuts that fall inside chunks as well as between them.
            long[] cuts = {0, chunks.get(1).firstPartOffset() + 1, chunks.get(4).firstPartOffset(), size / 2 + 7, size};
            for (int k = 0; k + 1 < cuts.length; k++) {
                long start = cuts[k];
                long end = cuts[k + 1];
                Set<Integer> mine = chunks.stream().filter(c -> c.firstPartOffset() >= start && c.firstPartOffset() < end)
                        .map(ChunkSummary::ordinal).collect(Collectors.toSet());
                shared.addAll(ids(r.table().find(null, RowQuery.all(), mine)));
            }
        }
        assertThat(all).hasSize(67);
        assertThat(shared).containsExactlyElementsOf(all);
    }

    @Test
    void filterOrderLimitAndCountsApplyWithinTheChosenChunks() {
        try (JazminReader r = JazminReader.open(file)) {
            JazminTable t = r.table();
            Set<Integer> chosen = Set.of(0, 5);
            Filter odd = Filter.in("id", 1L, 5L, 15L, 51L, 55L, 57L);
            assertThat(ids(t.find(odd, RowQuery.all(), chosen))).containsExactly(1L, 5L, 51L, 57L);
            assertThat(t.count(odd, chosen)).isEqualTo(4);
            assertThat(t.count(null, chosen)).isEqualTo(8 + 9);
            assertThat(ids(t.find(null, RowQuery.all().orderBy(SortKey.desc("id")).withLimit(3), chosen)))
                    .containsExactly(59L, 58L, 57L);
            assertThat(ids(t.find(null, RowQuery.all().withOffset(7).withLimit(2), chosen))).containsExactly(9L, 50L);
            Explain plan = t.explain(Filter.gte("id", 50L), chosen);
            assertThat(plan.chunks()).isEqualTo(2);
            assertThat(plan.chunksSkipped()).isEqualTo(1);
            assertThat(ids(t.find(null, RowQuery.all(), Set.of()))).isEmpty();
            assertThat(t.count(null, new HashSet<>())).isZero();
        }
    }

    @Test
    void columnArraysOfChosenChunksHoldTheirMatchingRowsOnly() {
        try (JazminReader r = JazminReader.open(file)) {
            JazminTable t = r.table();
            ColumnArrays first = t.columnArrays(null, RowQuery.all().withSelect(List.of("id", "name")), Set.of(0));
            assertThat(first.rowCount()).isEqualTo(8);
            assertThat(first.longs("id")).containsExactly(0, 1, 2, 5, 6, 7, 8, 9);
            assertThat(first.objects("name")).containsExactly("n0", "n1", "n2", "n5", "n6", "n7", "n8", "n9");
            ColumnArrays odd = t.columnArrays(Filter.in("id", 1L, 15L, 51L, 55L, 57L), RowQuery.all().withSelect(List.of("id"))
                    .withLimit(1), Set.of(0, 5));
            assertThat(odd.longs("id")).containsExactly(1);
            assertThat(t.columnArrays(null, RowQuery.all(), Set.of()).rowCount()).isZero();
            assertThatThrownBy(() -> t.columnArrays(null, RowQuery.all(), Set.of(7))).isInstanceOf(JazminValidationException.class);
        }
    }

    @Test
    void anOrdinalTheTableLacksIsATypedError() {
        try (JazminReader r = JazminReader.open(file)) {
            assertThatThrownBy(() -> r.table().find(null, RowQuery.all(), Set.of(7)))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("has no chunk 7");
            assertThatThrownBy(() -> r.table().count(null, Set.of(-1))).isInstanceOf(JazminValidationException.class);
        }
    }
}
