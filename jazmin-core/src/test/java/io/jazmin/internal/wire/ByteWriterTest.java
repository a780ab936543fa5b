package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Varint sizes and the one-pass strict UTF-8 encoding of strings. */
class ByteWriterTest {

    @Test
    void aFinalByteArrayHoldsExactlyTheBytesWrittenWhateverTheCapacity() {
        byte[] twenty = new byte[20];
        Arrays.fill(twenty, (byte) 7);
        ByteWriter exact = new ByteWriter(20);
        exact.bytes(twenty);
        assertThat(exact.toFinalByteArray()).isEqualTo(twenty).isSameAs(exact.array());
        ByteWriter roomy = new ByteWriter(32);
        roomy.bytes(twenty);
        assertThat(roomy.toFinalByteArray()).isEqualTo(twenty).isNotSameAs(roomy.array());
    }

    @Test
    void varintSizeIsTheNumberOfBytesWritten() {
        long[] edges = {0, 1, 127, 128, 16_383, 16_384, (1L << 35) - 1, 1L << 35, (1L << 56) - 1, 1L << 56,
            (1L << 63) - 1, -1, Long.MIN_VALUE, -128};
        for (long v : edges) {
            assertThat(ByteWriter.varintSize(v)).as("varint of %d", v).isEqualTo(new ByteWriter().varint(v).size());
        }
        for (long v = -1_000; v <= 1_000; v++) {
            assertThat(ByteWriter.zigzagSize(v)).as("zigzag of %d", v).isEqualTo(new ByteWriter().zigzag(v).size());
        }
    }

    /** The bytes equal the JDK's UTF-8 for valid text, with the shortest length prefix. */
    @Test
    void utf8WritesTheLengthAndTheBytesOfGetBytesShortAsciiCopiedDirectly() {
        List<String> texts = List.of("", "a", "sorted", "trigram", "x".repeat(31), "x".repeat(32), "abcé", "é",
                "x".repeat(30) + "\u0080", "a\uD800b", "\uDC00", "€😀ü/", "y".repeat(300));
        for (String s : texts) {
            ByteWriter w = new ByteWriter(16).u8(0xAB); // something before, to keep
            w.utf8(s);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            byte[] expected = new ByteWriter().u8(0xAB).varint(utf8.length).bytes(utf8).toByteArray();
            assertThat(w.toByteArray()).as("bytes of a string of %d chars", s.length()).isEqualTo(expected);
        }
    }

    @Test
    void strictUtf8WritesTheLengthAndTheUtf8Bytes() {
        String pairAtSegmentEnd = "x".repeat((1 << 14) - 1) + "\uD83D\uDE00" + "é";
        List<String> texts = List.of("", "a", "Ann Ndlovu", "x".repeat(31), "x".repeat(32), "abcé", "é", "x".repeat(30) + "\u0080",
                "x".repeat(42), "x".repeat(43), "x".repeat(127),
                "x".repeat(128), "é".repeat(64), "€😀ü/" + "ab".repeat(5_000), "\u07FF\u0800\uFFFF\uE000",
                "a".repeat(70_000) + "€", pairAtSegmentEnd);
        for (String s : texts) {
            ByteWriter w = new ByteWriter(16).u8(0xAB); // something before, to keep
            assertThat(w.strictUtf8(s)).as("result for a string of %d chars", s.length()).isEqualTo(-1);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            byte[] expected = new ByteWriter().u8(0xAB).varint(utf8.length).bytes(utf8).toByteArray();
            assertThat(w.toByteArray()).as("bytes of a string of %d chars", s.length()).isEqualTo(expected);
        }
    }

    /** An unpaired surrogate is reported by its index and nothing of the string is written. */
    @Test
    void strictUtf8RefusesUnpairedSurrogates() {
        String longThenLone = "y".repeat(20_000) + "\uDC00";
        List<String> bad = List.of("\uD800", "a\uDC00b", "\uDC00\uD800", "x\uD83D", "é\uD83D\uD83D\uDE00", longThenLone);
        List<Integer> at = List.of(0, 1, 0, 1, 1, 20_000);
        for (int i = 0; i < bad.size(); i++) {
            ByteWriter w = new ByteWriter().u8(1).u8(2);
            assertThat(w.strictUtf8(bad.get(i))).as("string %d", i).isEqualTo(at.get(i));
            assertThat(w.size()).isEqualTo(2);
            w.u8(3); // the writer goes on from where it was
            assertThat(Arrays.copyOf(w.array(), w.size())).containsExactly(1, 2, 3);
        }
    }

    /** The bytes written are handed over in place; the writer goes on empty in the array given, growing it. */
    @Test
    void exchangeHandsOverTheWrittenArrayAndGoesOnInTheNextOne() {
        ByteWriter w = new ByteWriter(16);
        w.u8(1).u8(2).u8(3);
        byte[] next = new byte[2];
        byte[] written = w.exchange(next);
        assertThat(Arrays.copyOf(written, 3)).containsExactly(1, 2, 3);
        assertThat(w.size()).isZero();
        assertThat(w.array()).isSameAs(next);
        w.u8(4).u8(5).u8(6); // past the two bytes of next
        assertThat(w.toByteArray()).containsExactly(4, 5, 6);
        assertThat(written[0]).isEqualTo((byte) 1); // the handed-over array is no longer written
    }
}
