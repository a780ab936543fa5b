package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.ColumnType;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A whole delta-coded int column without nulls, decoded eight one-byte differences at a time where it
 * can, gives the values a difference-by-difference sum gives (computed here without overflow), refuses a
 * stream whose sums leave 64 bits wherever that happens, and notes its smallest and largest value, which
 * {@link StatisticsCheck} then compares with the chunk's statistics as it compares the values themselves.
 */
class DeltaDecodePropertiesTest {

    /** A first value (often near either end of 64 bits) and differences, mostly of one byte once zigzagged. */
    @Provide
    Arbitrary<List<Long>> steps() {
        Arbitrary<Long> first = Arbitraries.oneOf(Arbitraries.longs().between(-1000, 1000),
                Arbitraries.longs().between(Long.MAX_VALUE - 700, Long.MAX_VALUE),
                Arbitraries.longs().between(Long.MIN_VALUE, Long.MIN_VALUE + 700), Arbitraries.longs());
        Arbitrary<Long> step = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(30, Arbitraries.longs().between(-64, 63)),
                net.jqwik.api.Tuple.of(2, Arbitraries.longs().between(-100_000, 100_000)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs()));
        return first.flatMap(f -> step.list().ofMinSize(0).ofMaxSize(90).map(s -> {
            Long[] all = new Long[s.size() + 1];
            all[0] = f;
            for (int i = 0; i < s.size(); i++) {
                all[i + 1] = s.get(i);
            }
            return List.of(all);
        }));
    }

    @Property(tries = 1500, seed = "20261207")
    void decodesAsSummedOneByOneAndNotesItsRange(@ForAll("steps") List<Long> steps) {
        int n = steps.size();
        ByteWriter w = new ByteWriter().u8(StreamFormat.DELTA);
        for (long s : steps) {
            w.zigzag(s);
        }
        byte[] stream = w.toByteArray();
        // The reference: exact sums, and where one first leaves 64 bits.
        long[] expected = new long[n];
        BigInteger sum = BigInteger.ZERO;
        boolean overflows = false;
        for (int i = 0; i < n; i++) {
            sum = sum.add(BigInteger.valueOf(steps.get(i)));
            if (sum.bitLength() > 63) {
                overflows = true;
                break;
            }
            expected[i] = sum.longValueExact();
        }
        if (overflows) {
            assertThatThrownBy(() -> Streams.decode(ColumnType.INT, stream, n))
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("overflows 64 bits");
            assertThatThrownBy(() -> StreamDecoder.decodeLongsInto(ColumnType.INT, new ByteReader(stream), n,
                    new long[n])).isInstanceOf(JazminFormatException.class).hasMessageContaining("overflows 64 bits");
            return;
        }
        ColumnVector whole = Streams.decode(ColumnType.INT, stream, n);
        long[] reused = new long[n];
        Arrays.fill(reused, 42);
        ColumnVector into = StreamDecoder.decodeLongsInto(ColumnType.INT, new ByteReader(stream), n, reused);
        assertThat(whole.longs()).containsExactly(expected);
        assertThat(into.longs()).containsExactly(expected);
        if (n == 0) {
            return;
        }
        long min = Arrays.stream(expected).min().orElseThrow();
        long max = Arrays.stream(expected).max().orElseThrow();
        assertThat(whole.longRange()).containsExactly(min, max);
        assertThat(into.longRange()).containsExactly(min, max);
        // The statistics check judges by the noted range as by the values.
        ColumnVector plain = ColumnVector.ofLongs(ColumnType.INT, n, expected.clone(), null);
        assertThat(StatisticsCheck.violation(ChunkStatistics.compute(plain), whole)).isNull();
        if (max > Long.MIN_VALUE) {
            long[] lowerMax = expected.clone();
            for (int i = 0; i < n; i++) {
                lowerMax[i] = Math.min(lowerMax[i], max - 1);
            }
            ChunkStatistics tooLow = ChunkStatistics.compute(ColumnVector.ofLongs(ColumnType.INT, n, lowerMax, null));
            assertThat(StatisticsCheck.violation(tooLow, into)).contains("max below");
        }
        if (min < Long.MAX_VALUE) {
            long[] higherMin = expected.clone();
            for (int i = 0; i < n; i++) {
                higherMin[i] = Math.max(higherMin[i], min + 1);
            }
            ChunkStatistics tooHigh = ChunkStatistics.compute(ColumnVector.ofLongs(ColumnType.INT, n, higherMin, null));
            assertThat(StatisticsCheck.violation(tooHigh, whole)).contains("min above");
        }
    }
}
