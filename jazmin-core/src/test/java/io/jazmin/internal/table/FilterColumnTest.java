package io.jazmin.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.Written;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A filter's whole int or datetime column that the shared cache does not keep is decoded into an array
 * its thread reuses ({@link ChunkPart#filterColumn}): a lookup tests every row of its chunk without
 * allocating a {@code long[]} per chunk. Once the filter is tested, the rows found stay readable, as a
 * window copying their values, or, when they are half the chunk or more, as the whole vector, which then
 * owns the array; no vector ever shares the array with a later decode.
 */
class FilterColumnTest {
    private static final int CHUNK_ROWS = 500;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("n", ColumnType.INT), Column.of("t", ColumnType.DATETIME), Column.of("s", ColumnType.STRING));

    private static long n(int i) {
        return i * 7L - 900;
    }

    private static List<List<Object>> rows() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 3 * CHUNK_ROWS; i++) {
            rows.add(Arrays.asList((long) i, i % 3 == 1 ? null : n(i),
                    i % 4 == 0 ? null : java.time.Instant.ofEpochMilli(1_700_000_000_000L + i), "s" + i));
        }
        return rows;
    }

    private static TableData table(WriteOptions options) {
        byte[] file = Written.file(COLUMNS, rows(), options.withChunkRows(CHUNK_ROWS));
        OpenedFile opened = FileOpener.open(ByteSource.of(file), ReadOptions.defaults().withSharedCache(false));
        return opened.table(0);
    }

    @Test
    void aLookupsRowsStayAsAWindowAndTheArrayServesTheNextChunk() {
        for (WriteOptions options : List.of(WriteOptions.defaults().withColumnFlushPoints(true),
                WriteOptions.defaults().withColumnFlushPoints(false))) {
            TableData data = table(options);
            ChunkPart first = data.read(data.chunks().get(0));
            ColumnVector ids = first.filterColumn(0, 0, CHUNK_ROWS);
            long[] array = ids.longs();
            assertThat(array).hasSize(CHUNK_ROWS);
            assertThat(ids.get(321)).isEqualTo(321L);
            first.settleFilterColumns(321, 323);
            ColumnVector kept = first.column(0, 321, 323);
            assertThat(kept.window()).isEqualTo(321);
            assertThat(kept.longs()).isNotSameAs(array);

            ChunkPart second = data.read(data.chunks().get(1));
            ColumnVector next = second.filterColumn(0, 0, CHUNK_ROWS);
            assertThat(next.longs()).as("the thread's array again").isSameAs(array);
            assertThat(next.get(0)).isEqualTo((long) CHUNK_ROWS);
            second.settleFilterColumns(0, 0);
            assertThat(kept.get(321)).isEqualTo(321L);
            assertThat(kept.get(322)).isEqualTo(322L);
            assertThat(first.column(0, 321, 322).get(321)).isEqualTo(321L);
        }
    }

    @Test
    void rowsSpanningHalfTheChunkKeepTheWholeVectorAndItsArray() {
        TableData data = table(WriteOptions.defaults());
        ChunkPart first = data.read(data.chunks().get(0));
        ColumnVector ids = first.filterColumn(0, 0, CHUNK_ROWS);
        first.settleFilterColumns(10, 10 + CHUNK_ROWS / 2);
        assertThat(first.column(0, 10, 20)).isSameAs(ids);

        ChunkPart second = data.read(data.chunks().get(1));
        ColumnVector next = second.filterColumn(0, 0, CHUNK_ROWS);
        assertThat(next.longs()).as("a new array: the kept vector owns the first").isNotSameAs(ids.longs());
        second.settleFilterColumns(0, 0);
        ChunkPart third = data.read(data.chunks().get(2));
        third.filterColumn(0, 0, CHUNK_ROWS);
        third.settleFilterColumns(0, 0);
        for (int r = 0; r < CHUNK_ROWS; r++) {
            assertThat(ids.get(r)).isEqualTo((long) r);
        }
    }

    @Test
    void nullRowsAreZeroWhateverTheArrayHeld() {
        TableData data = table(WriteOptions.defaults());
        ChunkPart part = data.read(data.chunks().get(1));
        ColumnVector ids = part.filterColumn(0, 0, CHUNK_ROWS); // fills the array with no null
        long[] array = ids.longs();
        part.settleFilterColumns(0, 0);
        for (int column : new int[] {1, 2}) {
            ChunkPart again = data.read(data.chunks().get(1));
            ColumnVector v = again.filterColumn(column, 0, CHUNK_ROWS);
            assertThat(v.longs()).isSameAs(array);
            for (int r = 0; r < CHUNK_ROWS; r++) {
                int row = CHUNK_ROWS + r;
                boolean isNull = column == 1 ? row % 3 == 1 : row % 4 == 0;
                assertThat(v.isNull(r)).isEqualTo(isNull);
                if (isNull) {
                    assertThat(v.longs()[r]).as("null row %d of column %d", r, column).isZero();
                } else if (column == 1) {
                    assertThat(v.get(r)).isEqualTo(n(row));
                }
            }
            again.settleFilterColumns(0, 0);
        }
    }

    @Test
    void otherColumnsAreDecodedAsBefore() {
        TableData data = table(WriteOptions.defaults());
        ChunkPart part = data.read(data.chunks().get(0));
        ColumnVector strings = part.filterColumn(3, 0, CHUNK_ROWS);
        ColumnVector window = part.filterColumn(1, 5, 9);
        part.settleFilterColumns(5, 9);
        assertThat(part.column(3)).isSameAs(strings);
        assertThat(window.window()).isEqualTo(5);
        assertThat(window.get(6)).isEqualTo(n(6));
    }
}
