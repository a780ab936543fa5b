package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allocation-free strict UTF-8 check agrees with the JDK's reporting decoder, and tells all-ASCII
 * text (which readers then build as ISO-8859-1, a plain copy) from the rest exactly.
 */
class StrictUtf8Test {

    private static byte[] hex(String s) {
        return HexFormat.ofDelimiter(" ").parseHex(s);
    }

    /** The JDK's verdict: strict decoding that reports malformed input. */
    private static boolean jdkAccepts(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** The check's verdict for {@code b}: the JDK's, and ASCII when no byte has its top bit set. */
    private static int expected(byte[] b) {
        if (!jdkAccepts(b)) {
            return StrictUtf8.MALFORMED;
        }
        for (byte x : b) {
            if (x < 0) {
                return StrictUtf8.WELL_FORMED;
            }
        }
        return StrictUtf8.ASCII;
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "41", "C3 A9", "E2 82 AC", "F0 9F 98 80", "ED 9F BF", "EE 80 80", "F4 8F BF BF",
            "EF BF BD"})
    void acceptsWellFormedText(String bytes) {
        byte[] b = hex(bytes);
        assertThat(StrictUtf8.check(b, 0, b.length)).isNotEqualTo(StrictUtf8.MALFORMED).isEqualTo(expected(b));
        assertThat(ByteReader.decodeUtf8(b, 0, b.length)).isEqualTo(new String(b, StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"80", "C0 80", "C1 BF", "C3", "C3 41", "E0 80 80", "E0 9F BF", "ED A0 80", "ED BF BF",
            "E2 82", "F0 80 80 80", "F0 8F BF BF", "F4 90 80 80", "F5 80 80 80", "FF", "41 E2 82 41"})
    void rejectsMalformedText(String bytes) {
        byte[] b = hex(bytes);
        assertThat(jdkAccepts(b)).isFalse();
        assertThatThrownBy(() -> ByteReader.decodeUtf8(b, 0, b.length)).isInstanceOf(JazminFormatException.class);
        assertThatThrownBy(() -> new ByteReader(b).skipUtf8(b.length)).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void checksOnlyTheGivenRange() {
        byte[] b = hex("FF 41 C3 A9 FF");
        assertThat(ByteReader.decodeUtf8(b, 1, 3)).isEqualTo("Aé");
        ByteReader in = new ByteReader(b, 1, 3);
        assertThat(in.skipUtf8(3)).as("é is not ASCII").isFalse();
        assertThat(in.hasRemaining()).isFalse();
        assertThat(in.checkUtf8(1, 4)).isFalse();
        assertThat(in.checkUtf8(1, 2)).as("A alone is ASCII").isTrue();
        assertThatThrownBy(() -> in.checkUtf8(0, 4)).isInstanceOf(IllegalArgumentException.class);
        ByteReader behind = new ByteReader(b, 1, 3);
        behind.skip(1);
        assertThatThrownBy(() -> behind.checkUtf8(1, 4)).isInstanceOf(IllegalArgumentException.class);
        ByteReader damaged = new ByteReader(b);
        damaged.skip(5);
        assertThatThrownBy(() -> damaged.checkUtf8(1, 5)).isInstanceOf(JazminFormatException.class);
    }

    @Property(tries = 3000, seed = "20261129")
    void agreesWithTheJdkOnAnyBytes(@ForAll @Size(max = 12) byte[] b) {
        assertThat(StrictUtf8.check(b, 0, b.length)).isEqualTo(expected(b));
    }

    @Property(tries = 1000, seed = "20261129")
    void acceptsAnyEncodedString(@ForAll String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        assertThat(StrictUtf8.check(b, 0, b.length)).isEqualTo(expected(b));
    }

    /** Long ASCII runs with one other byte, so the eight-at-a-time skip meets it at every position. */
    @Property(tries = 2000, seed = "20261129")
    void findsTheOneByteThatIsNotAscii(@ForAll @IntRange(min = 1, max = 40) int length,
                                       @ForAll @IntRange(max = 39) int at) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append((char) ('a' + i % 26));
        }
        String s = text.toString();
        byte[] plain = s.getBytes(StandardCharsets.UTF_8);
        assertThat(StrictUtf8.check(plain, 0, plain.length)).isEqualTo(StrictUtf8.ASCII);
        int i = at % length;
        byte[] b = (s.substring(0, i) + "\u00e9" + s.substring(i + 1)).getBytes(StandardCharsets.UTF_8);
        assertThat(StrictUtf8.check(b, 0, b.length)).isEqualTo(StrictUtf8.WELL_FORMED);
    }

    /** Long ASCII runs around one damaged byte, so the eight-at-a-time skip meets every position. */
    @Property(tries = 2000, seed = "20261129")
    void agreesWithTheJdkAroundOneDamagedByte(@ForAll @Size(min = 1, max = 40) byte[] ascii,
                                              @ForAll @IntRange(max = 39) int at, @ForAll byte damage) {
        byte[] b = ascii.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] &= 0x7F;
        }
        b[at % b.length] = damage;
        assertThat(StrictUtf8.check(b, 0, b.length)).isEqualTo(expected(b));
    }
}
