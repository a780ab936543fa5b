package io.jazmin.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Codec;
import io.jazmin.error.JazminFormatException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A Deflate payload inflated only as far as asked: same bytes as a whole inflation, damage found when reached. */
class SectionPayloadTest {
    private static final byte[] RAW = raw();
    private static final byte[] STORED = Compression.compress(Codec.DEFLATE, 6, RAW, RAW.length);

    private static byte[] raw() {
        Random random = new Random(7);
        byte[] out = new byte[200_000];
        for (int i = 0; i < out.length; i++) { // compressible, as column streams are
            out[i] = (byte) (random.nextInt(40) == 0 ? 'a' + random.nextInt(26) : 'a' + (i / 7) % 5);
        }
        return out;
    }

    @Test
    void inflatesOnlyAsFarAsAskedAndThenTheWhole() {
        SectionPayload payload = Compression.decompressLazily(1, STORED, 0, STORED.length, RAW.length);
        byte[] head = payload.upTo(1000);
        assertThat(Arrays.copyOf(head, 1000)).isEqualTo(Arrays.copyOf(RAW, 1000));
        assertThat(STORED.length * 4).as("test data compresses well").isLessThan(RAW.length);
        assertThat(head.length).as("a small first buffer").isLessThan(RAW.length);
        assertThat(payload.whole()).isEqualTo(RAW);
        assertThat(payload.upTo(Integer.MAX_VALUE)).isEqualTo(RAW);
    }

    @Test
    void aWrongRawLengthIsFoundWhenThePayloadIsWhole() {
        SectionPayload longer = Compression.decompressLazily(1, STORED, 0, STORED.length, RAW.length + 1);
        assertThat(Arrays.copyOf(longer.upTo(500), 500)).isEqualTo(Arrays.copyOf(RAW, 500));
        assertThatThrownBy(longer::whole).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("not its raw length " + (RAW.length + 1));
        SectionPayload shorter = Compression.decompressLazily(1, STORED, 0, STORED.length, RAW.length - 1);
        assertThatThrownBy(shorter::whole).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("past its raw length");
    }

    @Test
    void truncatedDataFailsWhenItsEndIsReached() {
        SectionPayload cut = Compression.decompressLazily(1, STORED, 0, STORED.length / 2, RAW.length);
        assertThat(Arrays.copyOf(cut.upTo(100), 100)).isEqualTo(Arrays.copyOf(RAW, 100));
        assertThatThrownBy(cut::whole).isInstanceOf(JazminFormatException.class).hasMessageContaining("truncated");
    }

    @Test
    void otherCodecsAreWholeAtOnce() {
        SectionPayload plain = Compression.decompressLazily(0, RAW, 0, RAW.length, RAW.length);
        assertThat(plain.upTo(10)).isEqualTo(RAW);
    }
}
