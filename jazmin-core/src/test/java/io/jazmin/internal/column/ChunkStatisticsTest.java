package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.decimals;
import static io.jazmin.internal.column.Streams.doubles;
import static io.jazmin.internal.column.Streams.hex;
import static io.jazmin.internal.column.Streams.longs;
import static io.jazmin.internal.column.Streams.objects;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ChunkStatisticsTest {

    @Test
    void intBounds() {
        ChunkStatistics s = ChunkStatistics.compute(longs(ColumnType.INT, 5L, null, -3L, 9L));
        assertThat(s.nullCount()).isEqualTo(1);
        assertThat(s.minKey(ColumnType.INT)).isEqualTo(-3L);
        assertThat(s.maxKey(ColumnType.INT)).isEqualTo(9L);
        assertThat(hex(s.min())).isEqualTo("05");
    }

    @Test
    void allNullAndUnorderedHaveNoBounds() {
        ChunkStatistics s = ChunkStatistics.compute(longs(ColumnType.INT, null, null));
        assertThat(s.nullCount()).isEqualTo(2);
        assertThat(s.min()).isEmpty();
        assertThat(s.maxKey(ColumnType.INT)).isNull();
        ChunkStatistics b = ChunkStatistics.compute(objects(ColumnType.BINARY, new byte[] {1}, null));
        assertThat(b.nullCount()).isEqualTo(1);
        assertThat(b.min()).isEmpty();
        assertThat(b.max()).isEmpty();
    }

    @Test
    void boolBounds() {
        ChunkStatistics s = ChunkStatistics.compute(Streams.bools(true, true, null));
        assertThat(s.minKey(ColumnType.BOOL)).isEqualTo(true);
        assertThat(s.maxKey(ColumnType.BOOL)).isEqualTo(true);
    }

    @Test
    void floatBoundsSkipNaNFoldNegativeZeroAndDropNonFinitePairs() {
        ChunkStatistics s = ChunkStatistics.compute(doubles(Double.NaN, -0.0, 2.5, null));
        assertThat(s.minKey(ColumnType.FLOAT)).isEqualTo(0.0);
        assertThat(hex(s.min())).isEqualTo("00 00 00 00 00 00 00 00");
        assertThat(s.maxKey(ColumnType.FLOAT)).isEqualTo(2.5);
        ChunkStatistics inf = ChunkStatistics.compute(doubles(1.0, Double.POSITIVE_INFINITY));
        assertThat(inf.min()).isEmpty();
        assertThat(inf.max()).isEmpty();
        ChunkStatistics nan = ChunkStatistics.compute(doubles(Double.NaN));
        assertThat(nan.nullCount()).isZero();
        assertThat(nan.min()).isEmpty();
    }

    @Test
    void decimalBoundsAreNumericAndReduced() {
        ChunkStatistics s = ChunkStatistics.compute(decimals("10.00", "9.5", "-1.250"));
        assertThat(s.minKey(ColumnType.DECIMAL)).isEqualTo(new BigDecimal("-1.25"));
        assertThat(s.maxKey(ColumnType.DECIMAL)).isEqualTo(new BigDecimal("10"));
    }

    @Test
    void stringBoundsAreCappedAt64CodeUnits() {
        String long65 = "b".repeat(65);
        ChunkStatistics s = ChunkStatistics.compute(objects(ColumnType.STRING, long65, "a".repeat(70)));
        assertThat(s.minKey(ColumnType.STRING)).isEqualTo("a".repeat(64));
        assertThat(s.max()).isEmpty();
        String pairAtEdge = "a".repeat(63) + "\uD83D\uDE00" + "z";
        ChunkStatistics p = ChunkStatistics.compute(objects(ColumnType.STRING, pairAtEdge));
        assertThat(p.minKey(ColumnType.STRING)).isEqualTo("a".repeat(63));
        assertThat(p.max()).isEmpty();
        ChunkStatistics exact = ChunkStatistics.compute(objects(ColumnType.STRING, "c".repeat(64), "d"));
        assertThat(exact.minKey(ColumnType.STRING)).isEqualTo("c".repeat(64));
        assertThat(exact.maxKey(ColumnType.STRING)).isEqualTo("d");
    }

    @Test
    void boundsAreTheSameWithAndWithoutANullBitmap() {
        // with no null the loops skip the bitmap; a null row's placeholder value must never be a bound
        ChunkStatistics dense = ChunkStatistics.compute(longs(ColumnType.INT, 7L, -2L, 40L));
        ChunkStatistics sparse = ChunkStatistics.compute(longs(ColumnType.INT, null, 7L, -2L, null, 40L));
        assertThat(sparse.min()).isEqualTo(dense.min());
        assertThat(sparse.max()).isEqualTo(dense.max());
        ChunkStatistics positive = ChunkStatistics.compute(longs(ColumnType.INT, null, 5L, 9L));
        assertThat(positive.minKey(ColumnType.INT)).isEqualTo(5L); // not the null row's 0
        ChunkStatistics negative = ChunkStatistics.compute(doubles(-4.5, null, -1.25));
        assertThat(negative.maxKey(ColumnType.FLOAT)).isEqualTo(-1.25); // not the null row's 0.0
        assertThat(negative.minKey(ColumnType.FLOAT)).isEqualTo(-4.5);
    }

    @Test
    void floatBoundsDropThePairForEitherInfinityAndForAllNaNWithNulls() {
        ChunkStatistics minusInf = ChunkStatistics.compute(doubles(Double.NEGATIVE_INFINITY, 3.0, null));
        assertThat(minusInf.nullCount()).isEqualTo(1);
        assertThat(minusInf.min()).isEmpty();
        assertThat(minusInf.max()).isEmpty();
        ChunkStatistics nanAndNull = ChunkStatistics.compute(doubles(Double.NaN, null, Double.NaN));
        assertThat(nanAndNull.min()).isEmpty();
        assertThat(nanAndNull.max()).isEmpty();
        ChunkStatistics nanFirst = ChunkStatistics.compute(doubles(Double.NaN, 8.0, Double.NaN, 2.0));
        assertThat(nanFirst.minKey(ColumnType.FLOAT)).isEqualTo(2.0);
        assertThat(nanFirst.maxKey(ColumnType.FLOAT)).isEqualTo(8.0);
    }

    @Test
    void stringBoundsOverManyValuesWithNulls() {
        ChunkStatistics s = ChunkStatistics.compute(objects(ColumnType.STRING, "m", null, "b", "z", "b", null, "y", "a"));
        assertThat(s.nullCount()).isEqualTo(2);
        assertThat(s.minKey(ColumnType.STRING)).isEqualTo("a");
        assertThat(s.maxKey(ColumnType.STRING)).isEqualTo("z");
        ChunkStatistics descending = ChunkStatistics.compute(objects(ColumnType.STRING, "d", "c", "b"));
        assertThat(descending.minKey(ColumnType.STRING)).isEqualTo("b");
        assertThat(descending.maxKey(ColumnType.STRING)).isEqualTo("d");
    }

    @Test
    void fromStoredBytes() {
        ChunkStatistics s = ChunkStatistics.of(3, null, new byte[] {2});
        assertThat(s.minKey(ColumnType.INT)).isNull();
        assertThat(s.maxKey(ColumnType.INT)).isEqualTo(1L);
        assertThat(s).isEqualTo(ChunkStatistics.of(3, new byte[0], new byte[] {2}));
    }
}
