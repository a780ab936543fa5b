package io.jazmin.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Codec;
import io.jazmin.error.JazminFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
    void aPayloadFoundBadAtItsEndStaysBad() {
        SectionPayload shorter = Compression.decompressLazily(1, STORED, 0, STORED.length, RAW.length - 1);
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(shorter::whole).isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("past its raw length");
        }
    }

    /**
     * Two threads asking for the whole payload at once: the second finds it whole when it gets the
     * lock (the test holds the payload's lock until both wait for it) and returns the same bytes.
     */
    @Test
    void aThreadThatWaitedForAnotherGetsTheWholePayload() throws Exception {
        SectionPayload payload = Compression.decompressLazily(1, STORED, 0, STORED.length, RAW.length);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<byte[]>> wholes = new ArrayList<>();
            synchronized (payload) {
                List<Thread> waiting = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    wholes.add(threads.submit(() -> {
                        synchronized (waiting) {
                            waiting.add(Thread.currentThread());
                        }
                        return payload.whole();
                    }));
                }
                while (!bothBlocked(waiting)) {
                    Thread.onSpinWait();
                }
            }
            for (Future<byte[]> whole : wholes) {
                assertThat(whole.get(30, TimeUnit.SECONDS)).isEqualTo(RAW);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private static boolean bothBlocked(List<Thread> waiting) {
        synchronized (waiting) {
            return waiting.size() == 2 && waiting.stream().allMatch(t -> t.getState() == Thread.State.BLOCKED);
        }
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

    /** {@code STORED} (or its first {@code len} bytes) served in blocks of {@code size}, counting fetches. */
    private static final class Blocks implements StoredBlocks {
        private final byte[] data;
        private final int len;
        private final int size;
        int fetches;

        Blocks(byte[] data, int len, int size) {
            this.data = data;
            this.len = len;
            this.size = size;
        }

        @Override
        public int length() {
            return len;
        }

        @Override
        public int blockSize() {
            return size;
        }

        @Override
        public int fetch(int k, byte[] into) {
            fetches++;
            int n = Math.min(size, len - k * size);
            System.arraycopy(data, k * size, into, 0, n);
            return n;
        }

        /** A payload of {@code rawLength} over these blocks, block 0 given at offset 3 of its buffer. */
        SectionPayload payload(int rawLength) {
            byte[] first = new byte[3 + size];
            System.arraycopy(data, 0, first, 3, Math.min(size, len));
            return SectionPayload.deflated(this, first, 3, rawLength);
        }
    }

    @Test
    void blocksAreFetchedOnlyAsFarAsTheInflationReaches() {
        Blocks blocks = new Blocks(STORED, STORED.length, 1000);
        int count = (STORED.length + 999) / 1000;
        SectionPayload payload = blocks.payload(RAW.length);
        assertThat(Arrays.copyOf(payload.upTo(1000), 1000)).isEqualTo(Arrays.copyOf(RAW, 1000));
        assertThat(blocks.fetches).as("blocks fetched for the first 1000 bytes").isLessThan(count / 4);
        assertThat(payload.whole()).isEqualTo(RAW);
        assertThat(blocks.fetches).as("each block after the first fetched once").isEqualTo(count - 1);
    }

    @Test
    void anyBlockSizeInflatesToTheSameBytes() {
        byte[] raw = Arrays.copyOf(RAW, 20_000);
        byte[] stored = Compression.compress(Codec.DEFLATE, 6, raw, raw.length);
        for (int size : new int[] {1, 2, 3, 7, 64, 1000, stored.length - 1, stored.length, stored.length + 5}) {
            Blocks blocks = new Blocks(stored, stored.length, size);
            SectionPayload payload = blocks.payload(raw.length);
            assertThat(Arrays.copyOf(payload.upTo(17), 17)).as("block size %d", size).isEqualTo(Arrays.copyOf(raw, 17));
            assertThat(payload.whole()).as("block size %d", size).isEqualTo(raw);
        }
    }

    @Test
    void wrongRawLengthsAndTruncationAreFoundFromBlocks() {
        assertThatThrownBy(new Blocks(STORED, STORED.length, 500).payload(RAW.length + 1)::whole)
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("not its raw length " + (RAW.length + 1));
        assertThatThrownBy(new Blocks(STORED, STORED.length, 500).payload(RAW.length - 1)::whole)
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("past its raw length");
        SectionPayload cut = new Blocks(STORED, STORED.length / 2, 500).payload(RAW.length);
        assertThat(Arrays.copyOf(cut.upTo(100), 100)).isEqualTo(Arrays.copyOf(RAW, 100));
        assertThatThrownBy(cut::whole).isInstanceOf(JazminFormatException.class).hasMessageContaining("truncated");
    }

    @Test
    void aStoredLengthTheRawOneCannotComeFromIsRefusedFirst() {
        Blocks blocks = new Blocks(STORED, 10, 4);
        assertThatThrownBy(() -> blocks.payload(10 * 1032 + 1)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("more than Deflate can expand to");
        assertThat(blocks.fetches).isZero();
    }
}
