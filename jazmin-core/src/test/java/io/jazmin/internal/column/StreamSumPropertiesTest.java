package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.ColumnType;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamSum} (values decoded a block at a time and added by exponent, or a decoded vector's)
 * gives exactly what reading the stream value by value ({@link StreamDecoder#readScaled},
 * {@link ByteReader#f64}) and adding each with {@link ExactSum#addDouble} gives: the same double, the
 * same NaN and infinities, and for a damaged stream the same {@link JazminFormatException}.
 */
class StreamSumPropertiesTest {
    /** The per-value reading the block reading must agree with: rows, nulls and checks as the spec reads them. */
    private static ExactSum perValue(byte[] stream, int rowCount, long[] rows) {
        ByteReader in = new ByteReader(stream);
        int flags = StreamDecoder.readFlags(ColumnType.FLOAT, in, rowCount);
        int encoding = flags & StreamFormat.ENCODING_MASK;
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? StreamDecoder.readNullBits(in, rowCount) : null;
        int nonNull = nulls == null ? rowCount : rowCount - StreamDecoder.popCount(nulls);
        StreamDecoder.checkRoom(in.remaining(), encoding, nonNull);
        ExactSum sum = new ExactSum();
        for (int r = 0; r < rowCount; r++) {
            if (nulls != null && (nulls[r >>> 3] & (1 << (r & 7))) != 0) {
                continue;
            }
            double v = encoding == StreamFormat.SCALED ? StreamDecoder.readScaled(in) : in.f64();
            if (rows == null || (rows[r >>> 6] & (1L << r)) != 0) {
                sum.addDouble(v);
            }
        }
        in.expectEnd("float stream");
        return sum;
    }

    private static ExactSum blocks(byte[] stream, int rowCount, long[] rows) {
        ExactSum sum = new ExactSum();
        StreamSum.add(new ByteReader(stream), rowCount, rows, sum);
        return sum;
    }

    /** A value of a scaled stream: every kind of scale and mantissa a reader takes, and raw doubles. */
    private static void scaledValue(ByteWriter w, Random random) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            w.u8(StreamFormat.RAW_FLOAT).f64(oddDouble(random));
            return;
        }
        long m = switch (kind) {
            case 1 -> random.nextInt(2001) - 1000;
            case 2 -> (1L << 53) - random.nextInt(3); // the largest mantissas: eight-byte varints
            case 3 -> -(1L << 53) + random.nextInt(3);
            case 4 -> ((1L << 47) + random.nextInt(5) - 2) * (random.nextBoolean() ? 1 : -1); // 7/8-byte edge
            case 5 -> random.nextLong() % (1L << 53);
            default -> (long) (random.nextGaussian() * 1e8); // balances
        };
        w.u8(random.nextInt(StreamFormat.MAX_READ_SCALE + 1)).zigzag(m);
    }

    /** Doubles of every kind: NaN, infinities, subnormals, zeros, extremes, any bits. */
    private static double oddDouble(Random random) {
        return switch (random.nextInt(10)) {
            case 0 -> Double.NaN;
            case 1 -> random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 2 -> Double.longBitsToDouble(random.nextLong() & 0x800F_FFFF_FFFF_FFFFL); // ± subnormal
            case 3 -> random.nextBoolean() ? -0.0 : Double.MIN_VALUE;
            case 4 -> random.nextBoolean() ? Double.MAX_VALUE : -Double.MAX_VALUE;
            case 5 -> random.nextDouble() * 1e-300;
            case 6 -> random.nextGaussian() * 1e300;
            default -> Double.longBitsToDouble(random.nextLong());
        };
    }

    /** A float stream of {@code rows} rows (scaled unless {@code plain}), with nulls when {@code nulls}. */
    private static byte[] stream(Random random, int rows, boolean plain, boolean nulls, boolean onlyFinite) {
        ByteWriter w = new ByteWriter().u8((plain ? StreamFormat.PLAIN : StreamFormat.SCALED)
                | (nulls ? StreamFormat.HAS_NULLS : 0));
        byte[] nullBits = new byte[StreamFormat.bitmapBytes(rows)];
        for (int r = 0; nulls && r < rows; r++) {
            nullBits[r >>> 3] |= (byte) ((random.nextInt(4) == 0 ? 1 : 0) << (r & 7)); // a quarter of the rows
        }
        if (nulls) {
            w.bytes(nullBits);
        }
        for (int r = 0; r < rows; r++) {
            if ((nullBits[r >>> 3] & (1 << (r & 7))) != 0) {
                continue;
            }
            if (plain) {
                double v = oddDouble(random);
                w.f64(onlyFinite && !Double.isFinite(v) ? 1.5 : v);
            } else if (onlyFinite) {
                w.u8(random.nextInt(StreamFormat.MAX_READ_SCALE + 1)).zigzag(random.nextLong() % (1L << 53));
            } else {
                scaledValue(w, random);
            }
        }
        return w.toByteArray();
    }

    private static long[] someRows(Random random, int rows) {
        if (random.nextBoolean()) {
            return null;
        }
        long[] taken = new long[(rows + 63) / 64];
        int density = random.nextInt(4);
        for (int r = 0; r < rows; r++) {
            if (random.nextInt(4) <= density) {
                taken[r >>> 6] |= 1L << r;
            }
        }
        return taken;
    }

    private static int someRowCount(Random random) {
        return random.nextInt(3) == 0 ? random.nextInt(3000) : random.nextInt(40); // more than a block, or few
    }

    @Property(tries = 300, seed = "20261207")
    void blocksAndDecodedVectorsSumAsValueByValue(@ForAll long seed) {
        Random random = new Random(seed);
        int rows = someRowCount(random);
        byte[] stream = stream(random, rows, random.nextInt(4) == 0, random.nextBoolean(), false);
        long[] taken = someRows(random, rows);
        long want = Double.doubleToRawLongBits(perValue(stream, rows, taken).toDouble());
        assertThat(Double.doubleToRawLongBits(blocks(stream, rows, taken).toDouble())).as("stream").isEqualTo(want);
        ExactSum fromVector = new ExactSum();
        StreamSum.add(Streams.decode(ColumnType.FLOAT, stream, rows), taken, fromVector);
        assertThat(Double.doubleToRawLongBits(fromVector.toDouble())).as("vector").isEqualTo(want);
    }

    @Property(tries = 300, seed = "20261208")
    void damagedStreamsFailAsValueByValue(@ForAll long seed) {
        Random random = new Random(seed);
        int rows = someRowCount(random);
        byte[] damaged = damage(stream(random, rows, random.nextInt(4) == 0, random.nextBoolean(), false), random);
        int rowCount = random.nextInt(5) == 0 ? Math.max(0, rows + random.nextInt(5) - 2) : rows;
        long[] taken = someRows(random, Math.max(rows, rowCount));
        String want;
        try {
            want = "sum " + Double.doubleToRawLongBits(perValue(damaged, rowCount, taken).toDouble());
        } catch (JazminFormatException e) {
            want = "refused: " + e.getMessage();
        }
        String got;
        try {
            got = "sum " + Double.doubleToRawLongBits(blocks(damaged, rowCount, taken).toDouble());
        } catch (JazminFormatException e) {
            got = "refused: " + e.getMessage();
        }
        assertThat(got).as("stream of %d bytes, %d rows", damaged.length, rowCount).isEqualTo(want);
    }

    /** Truncation, trailing bytes, or one to three bytes changed anywhere. */
    private static byte[] damage(byte[] stream, Random random) {
        int kind = random.nextInt(6);
        if (kind == 0) {
            return Arrays.copyOf(stream, random.nextInt(stream.length));
        }
        if (kind == 1) {
            return Arrays.copyOf(stream, stream.length + 1 + random.nextInt(3));
        }
        byte[] b = stream.clone();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            int at = random.nextInt(b.length);
            b[at] = random.nextBoolean() ? (byte) random.nextInt(256) : (byte) (b[at] ^ 1 << random.nextInt(8));
        }
        return b;
    }

    @Property(tries = 200, seed = "20261209")
    void addDoublesIsAddDoubleOneByOne(@ForAll long seed) {
        Random random = new Random(seed);
        double[] values = new double[someRowCount(random)];
        double same = oddDouble(random);
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(3) == 0 ? same : oddDouble(random); // runs of one exponent too
        }
        ExactSum one = new ExactSum();
        for (double v : values) {
            one.addDouble(v);
        }
        ExactSum batched = new ExactSum();
        int cut = random.nextInt(values.length + 1);
        batched.addDoubles(values, cut);
        batched.addDoubles(Arrays.copyOfRange(values, cut, values.length), values.length - cut);
        assertThat(Double.doubleToRawLongBits(batched.toDouble()))
                .isEqualTo(Double.doubleToRawLongBits(one.toDouble()));
    }

    @Test
    void manyLargestMantissasOfOneExponentDoNotOverflowTheirBatch() {
        // 3,000 values with the largest mantissa (2^53 - 1) and one exponent: batches of 1,024 such
        // values reach 2^63 - 1,024 and must not wrap; the answer is 3,000 · v exactly.
        double v = Math.nextDown(2.0); // (2^53 - 1) · 2^-52
        double[] values = new double[3000];
        Arrays.fill(values, v);
        ExactSum batched = new ExactSum();
        batched.addDoubles(values, values.length);
        assertThat(batched.toDouble()).isEqualTo(3000 * v); // exact: 3000 · (2^53 - 1) needs 65 bits, rounds once
        // The largest doubles: 1,500 negative then 1,500 positive ones, in batches at the top words.
        double[] extremes = new double[values.length];
        Arrays.fill(extremes, 0, 1500, -Double.MAX_VALUE);
        Arrays.fill(extremes, 1500, extremes.length, Double.MAX_VALUE);
        ExactSum cancelled = new ExactSum();
        cancelled.addDoubles(extremes, extremes.length);
        assertThat(cancelled.toDouble()).isEqualTo(0.0);
        cancelled.addDoubles(new double[] {-Double.MAX_VALUE}, 1);
        assertThat(cancelled.toDouble()).isEqualTo(-Double.MAX_VALUE);
    }

    @Test
    void damageInTheMiddleOfALongStreamFailsAsValueByValue() {
        Random random = new Random(7);
        byte[] head = stream(random, 600, false, false, true);
        byte[][] bad = {
            new ByteWriter().u8(23).zigzag(15).toByteArray(), // scale above 22
            new ByteWriter().u8(0x80).zigzag(15).toByteArray(), // scale with its top bit set
            new ByteWriter().u8(2).zigzag((1L << 53) + 1).toByteArray(), // mantissa above 2^53
            new ByteWriter().u8(2).zigzag(-(1L << 53) - 1).toByteArray(), // mantissa below -2^53
            tooLongVarint(),
        };
        for (byte[] value : bad) {
            byte[] tail = stream(random, 600, false, false, true);
            ByteWriter w = new ByteWriter().bytes(head).bytes(value).bytes(Arrays.copyOfRange(tail, 1, tail.length));
            byte[] damaged = w.toByteArray();
            String message = refusal(() -> perValue(damaged, 1201, null));
            assertThatThrownBy(() -> blocks(damaged, 1201, null)).isInstanceOf(JazminFormatException.class)
                    .hasMessage(message);
        }
    }

    /** Scale 2, then a varint of eleven bytes (ten continued). */
    private static byte[] tooLongVarint() {
        byte[] continued = new byte[10];
        Arrays.fill(continued, (byte) 0x80);
        return new ByteWriter().u8(2).bytes(continued).u8(1).toByteArray();
    }

    private static String refusal(Runnable read) {
        try {
            read.run();
        } catch (JazminFormatException e) {
            return e.getMessage();
        }
        throw new AssertionError("the damaged stream was read");
    }
}
