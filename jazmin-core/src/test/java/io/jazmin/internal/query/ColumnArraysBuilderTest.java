package io.jazmin.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.ColumnArrays;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Column arrays built from batches: started at the expected size, exact whether fewer or more rows come. */
class ColumnArraysBuilderTest {
    private static final List<Column> COLUMNS = List.of(Column.of("a", ColumnType.INT), Column.of("b", ColumnType.FLOAT));
    private static final byte[] SECOND_NULL = {0b10};
    private static final ColumnVector[] CHUNK = {
        ColumnVector.ofLongs(ColumnType.INT, 3, new long[] {10, 0, 30}, SECOND_NULL),
        ColumnVector.ofDoubles(3, new double[] {1.5, 2.5, 3.5}, null)};

    @Test
    void theExpectedRowsFillTheArraysExactly() {
        ColumnArraysBuilder b = new ColumnArraysBuilder(COLUMNS, 6);
        b.add(CHUNK, new int[] {0, 1, 2}, 3);
        b.add(CHUNK, new int[] {0, 1, 2, 99}, 3); // a longer, shared positions array: only `count` are read
        ColumnArrays a = b.build();

        assertThat(a.rowCount()).isEqualTo(6);
        assertThat(a.longs("a")).containsExactly(10, 0, 30, 10, 0, 30);
        assertThat(a.doubles("b")).containsExactly(1.5, 2.5, 3.5, 1.5, 2.5, 3.5);
        assertThat(a.isNull("a", 1)).isTrue();
        assertThat(a.isNull("a", 4)).isTrue();
        assertThat(a.isNull("a", 3)).isFalse();
    }

    /**
     * A chunk read whole (positions 0, 1, 2, ...) is copied in one call per column, and gives what
     * adding its rows one position at a time gives: null rows 0 or false whatever their slots hold,
     * -0 and NaN bit for bit.
     */
    @Test
    void aWholeChunkIsCopiedAsItsRowsOneByOne() {
        List<Column> columns = List.of(Column.of("a", ColumnType.INT), Column.of("b", ColumnType.FLOAT),
                Column.of("c", ColumnType.BOOL), Column.of("d", ColumnType.DATETIME));
        byte[] nulls = {0b1010};
        ColumnVector[] chunk = {
            ColumnVector.ofLongs(ColumnType.INT, 4, new long[] {7, 99, -3, 99}, nulls),
            ColumnVector.ofDoubles(4, new double[] {-0.0, 5.5, Double.NaN, Double.longBitsToDouble(0x7FF0000000000123L)},
                    nulls),
            ColumnVector.ofBooleans(4, new boolean[] {true, true, false, true}, nulls),
            ColumnVector.ofLongs(ColumnType.DATETIME, 4, new long[] {1L, 2L, 3L, 4L}, null)};
        ColumnArraysBuilder whole = new ColumnArraysBuilder(columns, 8);
        whole.add(chunk, new int[] {0, 1, 2, 3}, 4);
        whole.add(chunk, new int[] {0, 1, 2, 3}, 2);
        ColumnArraysBuilder oneByOne = new ColumnArraysBuilder(columns, 8);
        for (int row : new int[] {0, 1, 2, 3, 0, 1}) {
            oneByOne.add(chunk, new int[] {row}, 1); // but for row 0, value by value
        }
        ColumnArraysBuilder reordered = new ColumnArraysBuilder(columns, 8);
        reordered.add(chunk, new int[] {0, 2, 1, 3}, 4);
        ColumnArrays a = whole.build();
        ColumnArrays b = oneByOne.build();

        assertThat(a.longs("a")).containsExactly(7, 0, -3, 0, 7, 0).containsExactly(b.longs("a"));
        assertThat(a.doubles("b")).containsExactly(b.doubles("b"));
        assertThat(Double.doubleToRawLongBits(a.doubles("b")[0])).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(a.doubles("b")[2])).isEqualTo(Double.doubleToRawLongBits(Double.NaN));
        assertThat(a.doubles("b")[1]).isZero();
        assertThat(a.booleans("c")).containsExactly(true, false, false, false, true, false).containsExactly(b.booleans("c"));
        assertThat(a.longs("d")).containsExactly(1, 2, 3, 4, 1, 2);
        for (int r = 0; r < 6; r++) {
            assertThat(a.isNull("a", r)).as("row %d", r).isEqualTo(r % 2 == 1).isEqualTo(b.isNull("a", r));
            assertThat(a.isNull("d", r)).isFalse();
        }
        assertThat(reordered.build().longs("a")).as("positions out of order are not copied whole")
                .containsExactly(7, -3, 0, 0);
    }

    @Test
    void fewerOrMoreRowsThanExpectedAreStillExact() {
        ColumnArraysBuilder fewer = new ColumnArraysBuilder(COLUMNS, 100);
        fewer.add(CHUNK, new int[] {2, 0}, 2);
        assertThat(fewer.build().longs("a")).containsExactly(30, 10);

        ColumnArraysBuilder more = new ColumnArraysBuilder(COLUMNS, 1);
        for (int i = 0; i < 10; i++) {
            more.add(CHUNK, new int[] {0, 1, 2}, 3);
        }
        ColumnArrays a = more.build();
        assertThat(a.rowCount()).isEqualTo(30);
        assertThat(a.doubles("b")).hasSize(30).endsWith(1.5, 2.5, 3.5);
        assertThat(a.isNull("a", 28)).isTrue();
    }

    @Test
    void aFilesClaimOfManyRowsAllocatesNoMoreThanTheCap() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        ColumnArraysBuilder b = new ColumnArraysBuilder(COLUMNS, 1L << 30); // 16 GiB of arrays if believed
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        b.add(CHUNK, new int[] {1}, 1);

        assertThat(b.build().longs("a")).containsExactly(0);
        assertThat(allocated).isLessThanOrEqualTo(8L * ColumnArraysBuilder.MAX_EXPECTED_CELLS + 4096);
    }
}
