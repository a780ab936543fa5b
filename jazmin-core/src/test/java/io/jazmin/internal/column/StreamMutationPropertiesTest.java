package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminValidationException;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Corrupted and truncated streams must fail with a format error (or decode to something), never
 * with a raw runtime error such as an index, null-pointer, negative-size or out-of-memory error.
 */
class StreamMutationPropertiesTest {
    private static final int MUTATIONS_PER_STREAM = 40;

    @Property(tries = 500, seed = "20240611")
    void damagedStreamsOnlyRaiseFormatErrors(@ForAll("anyVector") ColumnVector v, @ForAll long seed) {
        Random random = new Random(seed);
        byte[] stream = Streams.encode(v);
        for (int i = 0; i < MUTATIONS_PER_STREAM; i++) {
            byte[] damaged = mutate(stream, random);
            int rows = random.nextInt(4) == 0 ? random.nextInt(v.size() + 3) : v.size();
            try {
                Streams.decode(v.type(), damaged, rows);
            } catch (JazminException e) {
                assertThat(e).isNotInstanceOf(JazminValidationException.class);
            } catch (RuntimeException | OutOfMemoryError e) {
                fail("%s stream %s (rows %d) raised %s", v.type(), Streams.hex(damaged), rows, e);
            }
        }
    }

    @Provide
    Arbitrary<ColumnVector> anyVector() {
        return Arbitraries.of(ColumnType.BOOL, ColumnType.INT, ColumnType.DATETIME, ColumnType.FLOAT,
                ColumnType.DECIMAL, ColumnType.STRING, ColumnType.BINARY, ColumnType.JSON)
                .flatMap(ColumnValues::vectors);
    }

    /** Truncation, trailing garbage, or one to three changed bytes. */
    private static byte[] mutate(byte[] stream, Random random) {
        int kind = random.nextInt(5);
        if (kind == 0) {
            return Arrays.copyOf(stream, random.nextInt(stream.length));
        }
        if (kind == 1) {
            byte[] longer = Arrays.copyOf(stream, stream.length + 1 + random.nextInt(3));
            for (int i = stream.length; i < longer.length; i++) {
                longer[i] = (byte) random.nextInt(256);
            }
            return longer;
        }
        byte[] b = stream.clone();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            int at = random.nextInt(b.length);
            b[at] = random.nextBoolean() ? (byte) random.nextInt(256) : (byte) (b[at] ^ 1 << random.nextInt(8));
        }
        return b;
    }
}
