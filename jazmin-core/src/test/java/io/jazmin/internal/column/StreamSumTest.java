package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamSum}: the sum of a float stream read straight from its bytes equals the exact sum of
 * the values its decode gives, for the rows asked, and every stream its decode refuses it refuses too.
 */
class StreamSumTest {
    private static double viaStream(byte[] stream, int rows, long[] taken) {
        ExactSum sum = new ExactSum();
        StreamSum.add(new ByteReader(stream, 0, stream.length), rows, taken, sum);
        return sum.toDouble();
    }

    private static double viaDecode(byte[] stream, int rows, long[] taken) {
        ColumnVector v = StreamDecoder.decode(ColumnType.FLOAT, new ByteReader(stream, 0, stream.length), rows);
        BigDecimal exact = BigDecimal.ZERO;
        for (int r = 0; r < rows; r++) {
            if (!v.isNull(r) && (taken == null || (taken[r >>> 6] & (1L << r)) != 0)) {
                exact = exact.add(new BigDecimal(v.getDouble(r)));
            }
        }
        return Double.parseDouble(exact.toString());
    }

    @Test
    void scaledRawAndPlainStreamsWithNullsSumAsTheirDecodedValues() {
        Random random = new Random(5);
        for (int round = 0; round < 200; round++) {
            int rows = 1 + random.nextInt(150);
            boolean plain = random.nextInt(4) == 0;
            boolean nulls = random.nextBoolean();
            byte[] nullBits = new byte[(rows + 7) / 8];
            ByteWriter w = new ByteWriter().u8((plain ? 0 : 4) | (nulls ? 0x10 : 0));
            if (nulls) {
                for (int r = 0; r < rows; r++) {
                    if (random.nextInt(3) == 0) {
                        nullBits[r >>> 3] |= (byte) (1 << (r & 7));
                    }
                }
                w.bytes(nullBits);
            }
            for (int r = 0; r < rows; r++) {
                if (nulls && (nullBits[r >>> 3] & (1 << (r & 7))) != 0) {
                    continue;
                }
                if (plain) {
                    w.f64(random.nextGaussian() * 1e6);
                } else if (random.nextInt(5) == 0) {
                    w.u8(255).f64(random.nextDouble() - 0.5); // raw binary64 in a scaled stream
                } else {
                    w.u8(random.nextInt(23)).zigzag(random.nextLong() % (1L << 53)); // any scale a reader takes
                }
            }
            byte[] stream = w.toByteArray();
            long[] taken = new long[(rows + 63) / 64];
            for (int r = 0; r < rows; r++) {
                if (random.nextBoolean()) {
                    taken[r >>> 6] |= 1L << r;
                }
            }
            assertThat(viaStream(stream, rows, null)).isEqualTo(viaDecode(stream, rows, null));
            assertThat(viaStream(stream, rows, taken)).isEqualTo(viaDecode(stream, rows, taken));
        }
    }

    @Test
    void streamsItsDecodeRefusesAreRefused() {
        byte[][] damaged = {
            new ByteWriter().u8(0x24).u8(1).zigzag(15).toByteArray(), // reserved flag bit
            new ByteWriter().u8(1).u8(1).zigzag(15).toByteArray(), // delta: not a float encoding
            new ByteWriter().u8(4).u8(23).zigzag(15).toByteArray(), // scale above 22
            new ByteWriter().u8(4).u8(0).zigzag((1L << 53) + 1).toByteArray(), // mantissa above 2^53
            new ByteWriter().u8(4).u8(1).zigzag(15).u8(0).toByteArray(), // a byte left over
            new ByteWriter().u8(4).u8(1).toByteArray(), // truncated
            new ByteWriter().u8(0).u64(1).toByteArray(), // one value where two rows need two
        };
        int[] rows = {1, 1, 1, 1, 1, 1, 2};
        for (int i = 0; i < damaged.length; i++) {
            byte[] stream = damaged[i];
            int n = rows[i];
            assertThatThrownBy(() -> StreamDecoder.decode(ColumnType.FLOAT, new ByteReader(stream, 0, stream.length), n))
                    .as("decode %d", i).isInstanceOf(JazminFormatException.class);
            assertThatThrownBy(() -> viaStream(stream, n, null)).as("sum %d", i).isInstanceOf(JazminFormatException.class);
        }
    }
}
