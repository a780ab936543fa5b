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
    void fromStoredBytes() {
        ChunkStatistics s = ChunkStatistics.of(3, null, new byte[] {2});
        assertThat(s.minKey(ColumnType.INT)).isNull();
        assertThat(s.maxKey(ColumnType.INT)).isEqualTo(1L);
        assertThat(s).isEqualTo(ChunkStatistics.of(3, new byte[0], new byte[] {2}));
    }
}
