package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.Written;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Whole int, datetime, float and bool columns of a file with column flush points are inflated into a
 * buffer the thread reuses (ChunkPart.decodeFlushed): the vectors must keep nothing of it, every value
 * and null must read back, and a damaged stream is still refused with a typed error.
 */
class WholeColumnsThreadBufferTest {
    private static final ReadOptions ONE_THREAD = ReadOptions.defaults().withSharedCache(false)
            .withMaxDegreeOfParallelism(1);
    private static final WriteOptions POINTS = WriteOptions.defaults().withChunkRows(500).withColumnFlushPoints(true);

    @Test
    void rowsOfOneReadStayRightWhileTheThreadReadsAnotherFile() {
        List<List<Object>> a = FlushPointFiles.rows(1_500);
        List<List<Object>> b = new ArrayList<>();
        for (List<Object> row : a) {
            List<Object> changed = new ArrayList<>(row);
            changed.set(0, (Long) row.get(0) + 1_000_000);
            changed.set(4, (Long) row.get(4) + 1);
            changed.set(5, row.get(5) == null ? 1.25 : null);
            changed.set(6, ((Instant) row.get(6)).plusMillis(7));
            changed.set(7, !(Boolean) row.get(7));
            b.add(changed);
        }
        byte[] fileA = FlushPointFiles.file(a, POINTS);
        byte[] fileB = FlushPointFiles.file(b, POINTS);
        try (JazminReader readerA = JazminReader.open(fileA, ONE_THREAD)) {
            List<Row> kept;
            try (Stream<Row> rows = readerA.table().rows()) {
                kept = rows.toList();
            }
            try (JazminReader readerB = JazminReader.open(fileB, ONE_THREAD)) {
                assertThat(values(readerB)).isEqualTo(b);
            }
            List<List<Object>> keptValues = new ArrayList<>();
            for (Row row : kept) {
                keptValues.add(values(row));
            }
            assertThat(keptValues).as("rows of the first file, read after the second").isEqualTo(a);
            assertThat(values(readerA)).as("the same reader's second query").isEqualTo(a);
        }
    }

    @Test
    void extremeValuesNullsAndEmptyTablesReadBack() {
        List<Column> columns = List.of(Column.of("i", ColumnType.INT), Column.of("f", ColumnType.FLOAT),
                Column.of("b", ColumnType.BOOL), Column.of("t", ColumnType.DATETIME));
        List<List<Object>> rows = List.of(
                Arrays.asList(Long.MIN_VALUE, Double.NaN, true, Instant.EPOCH),
                Arrays.asList(Long.MAX_VALUE, -0.0, false, Instant.ofEpochMilli(-1)),
                Arrays.asList(null, null, null, null),
                Arrays.asList(-1L, Double.NEGATIVE_INFINITY, null, Instant.ofEpochMilli(253_402_300_799_999L)),
                Arrays.asList(0L, Double.MAX_VALUE, true, null),
                Arrays.asList(null, null, null, null),
                Arrays.asList(1L << 62, Double.MIN_VALUE, false, Instant.ofEpochMilli(1)));
        WriteOptions small = WriteOptions.defaults().withChunkRows(3).withColumnFlushPoints(true);
        try (JazminReader reader = JazminReader.open(Written.file(columns, rows, small), ONE_THREAD)) {
            List<List<Object>> back = values(reader);
            assertThat(back).isEqualTo(rows);
            assertThat(Double.doubleToRawLongBits((Double) back.get(1).get(1)))
                    .isEqualTo(Double.doubleToRawLongBits(-0.0));
        }
        try (JazminReader reader = JazminReader.open(Written.file(columns, List.of(), small), ONE_THREAD)) {
            assertThat(values(reader)).isEmpty();
        }
    }

    @Test
    void aDamagedBoolOrDatetimeStreamIsRefusedTyped() {
        byte[] file = FlushPointFiles.file(FlushPointFiles.rows(1_500), POINTS);
        ChunkDirectory dir = FileSections.of(file).firstDirectory(0);
        for (int column : new int[] {6, 7}) {
            int[] raw = dir.streamOffsets().toArray().clone();
            raw[column] += 1;
            byte[] damaged = FlushPointFiles.withDirectory(file,
                    FlushPointFiles.withFlushPoints(dir, raw, dir.streamStoredOffsets().toArray()));
            assertThatThrownBy(() -> {
                try (JazminReader reader = JazminReader.open(damaged, ONE_THREAD)) {
                    values(reader);
                }
            }).as("column %d", column).isInstanceOf(JazminFormatException.class);
        }
    }

    private static List<List<Object>> values(JazminReader reader) {
        List<List<Object>> out = new ArrayList<>();
        try (Stream<Row> rows = reader.table().rows()) {
            rows.forEach(row -> out.add(values(row)));
        }
        return out;
    }

    private static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            out.add(row.get(i));
        }
        return out;
    }
}
