package io.jazmin.internal.column;

import io.jazmin.internal.wire.ByteReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads a run of a float stream's values (spec §1.9) into an array, each the double
 * {@link StreamDecoder#readScaled} or {@link ByteReader#f64} gives it. The common scaled value (a scale
 * byte 0..22, then a zigzag varint of at most seven bytes) is decoded from one eight-byte read of the
 * array with one bounds check; any other (a raw double, a bad scale, a long or
 * damaged varint, a value near the stream's end) is read by {@link StreamDecoder#readScaled} from the
 * same position, so damage fails as it does there.
 */
final class ScaledFloats {
    /** Reads eight bytes at once, little-endian. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ScaledFloats() {
    }

    /** Reads {@code n} values of a scaled stream into {@code out[0..n)}, moving {@code stream} past them. */
    static void read(ByteReader stream, double[] out, int n) {
        byte[] b = stream.array();
        int p = stream.position();
        int fastEnd = p + stream.remaining() - Long.BYTES; // the last position with eight bytes left
        for (int i = 0; i < n; i++) {
            if (p <= fastEnd) {
                long word = (long) LONGS.get(b, p); // the scale byte, then seven bytes of the varint
                int s = (int) word & 0xFF;
                long varint = word >>> 8;
                // A varint ends at a byte with its top bit clear; one ending in seven bytes holds at most
                // 49 bits, a mantissa within ±2^48, so the ±2^53 bound needs no test here.
                long stops = ~varint & 0x0080_8080_8080_8080L;
                if (s <= StreamFormat.MAX_READ_SCALE && stops != 0) {
                    int bits = Long.numberOfTrailingZeros(stops) + 1; // 8, 16, ..., 56: through the last byte
                    long v = ByteReader.sevenBitGroups(varint & (-1L >>> (64 - bits)));
                    out[i] = ((v >>> 1) ^ -(v & 1)) / StreamFormat.POW10[s]; // one IEEE division, as the spec defines
                    p += 1 + (bits >>> 3);
                    continue;
                }
            }
            stream.skip(p - stream.position());
            out[i] = StreamDecoder.readScaled(stream);
            p = stream.position();
        }
        stream.skip(p - stream.position());
    }

    /** Reads {@code n} values of a plain stream (eight bytes each) into {@code out[0..n)}. */
    static void readPlain(ByteReader stream, double[] out, int n) {
        if (stream.remaining() < (long) n * Long.BYTES) {
            for (int i = 0; i < n; i++) {
                out[i] = stream.f64(); // fails at the first value that is not all there
            }
            return;
        }
        byte[] b = stream.array();
        int p = stream.position();
        for (int i = 0; i < n; i++) {
            out[i] = Double.longBitsToDouble((long) LONGS.get(b, p + i * Long.BYTES));
        }
        stream.skip(n * Long.BYTES);
    }
}
