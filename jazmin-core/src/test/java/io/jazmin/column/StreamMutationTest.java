package io.jazmin.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.jazmin.ColumnType;
import io.jazmin.JazminException;
import io.jazmin.JazminValidationException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Shrinkable;
import org.junit.jupiter.api.Test;

/**
 * Corrupted and truncated streams must fail with a format error (or decode to something), never
 * with a raw runtime error such as an index, null-pointer, negative-size or out-of-memory error.
 */
class StreamMutationTest {
    private static final List<ColumnType> TYPES = List.of(ColumnType.BOOL, ColumnType.INT, ColumnType.DATETIME,
            ColumnType.FLOAT, ColumnType.DECIMAL, ColumnType.STRING, ColumnType.BINARY, ColumnType.JSON);

    @Test
    void damagedStreamsOnlyRaiseJazminErrors() {
        Random random = new Random(20240611L);
        int decoded = 0;
        int rejected = 0;
        for (ColumnType type : TYPES) {
            Arbitrary<ColumnVector> vectors = ColumnValues.vectors(type);
            List<ColumnVector> samples = vectors.generator(1000, true).stream(new Random(type.ordinal()))
                    .limit(60).map(Shrinkable::value).toList();
            for (ColumnVector v : samples) {
                byte[] stream = Streams.encode(v);
                for (int i = 0; i < 40; i++) {
                    byte[] damaged = mutate(stream, random);
                    int rows = random.nextInt(4) == 0 ? random.nextInt(v.size() + 3) : v.size();
                    try {
                        Streams.decode(type, damaged, rows);
                        decoded++;
                    } catch (JazminException e) {
                        assertThat(e).isNotInstanceOf(JazminValidationException.class);
                        rejected++;
                    } catch (RuntimeException | OutOfMemoryError e) {
                        fail("%s stream %s (rows %d) raised %s", type, Streams.hex(damaged), rows, e);
                    }
                }
            }
        }
        assertThat(rejected).isPositive();
        assertThat(decoded).isPositive();
    }

    private static byte[] mutate(byte[] stream, Random random) {
        byte[] b = stream.clone();
        switch (random.nextInt(5)) {
            case 0 -> {
                return Arrays.copyOf(b, b.length == 0 ? 0 : random.nextInt(b.length));
            }
            case 1 -> {
                byte[] longer = Arrays.copyOf(b, b.length + 1 + random.nextInt(3));
                for (int i = b.length; i < longer.length; i++) {
                    longer[i] = (byte) random.nextInt(256);
                }
                return longer;
            }
            default -> {
                int flips = 1 + random.nextInt(3);
                for (int i = 0; i < flips && b.length > 0; i++) {
                    int at = random.nextInt(b.length);
                    b[at] = random.nextBoolean() ? (byte) random.nextInt(256) : (byte) (b[at] ^ (1 << random.nextInt(8)));
                }
                return b;
            }
        }
    }
}
