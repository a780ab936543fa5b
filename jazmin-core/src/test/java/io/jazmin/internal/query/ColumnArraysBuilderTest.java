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
