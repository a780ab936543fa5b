package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Varints and fixed-width values, at the edges of the value range and of the window. */
class ByteReaderTest {

    private static byte[] hex(String s) {
        return HexFormat.ofDelimiter(" ").parseHex(s);
    }

    @Property(tries = 1000, seed = "20261129")
    void varintsRoundTripAndStopAtTheirLastByte(@ForAll long value) {
        byte[] b = new ByteWriter().varint(value).u8(0x7F).toByteArray();
        ByteReader in = new ByteReader(b);
        assertThat(in.varint()).isEqualTo(value);
        assertThat(in.u8()).isEqualTo(0x7F);
    }

    /**
     * Varints read eight bytes at a time (at least eight left in the window) and byte by byte (near its
     * end) give the same values and positions, whatever the bytes after the window hold.
     */
    @Property(tries = 500, seed = "20261207")
    void varintsReadTheSameByWordAndByByte(@ForAll @Size(max = 40) List<Long> values,
                                           @ForAll @IntRange(min = 0, max = 9) int after) {
        ByteWriter w = new ByteWriter();
        values.forEach(w::varint);
        int length = w.toByteArray().length;
        byte[] b = w.bytes(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1, -1}).toByteArray();
        ByteReader in = new ByteReader(b, 0, length + after);
        for (long v : values) {
            assertThat(in.varint()).isEqualTo(v);
        }
        assertThat(in.position()).isEqualTo(length);
        if (after == 0) {
            assertThatThrownBy(in::varint).isInstanceOf(JazminFormatException.class);
        }
    }

    /**
     * Zigzag varints read in bulk (one- and two-byte ones without a branch on their length) give the
     * values, positions and errors reading them one by one gives, small values (mostly one or two bytes)
     * and any mixed, whatever the bytes after the window hold.
     */
    @Property(tries = 500, seed = "20261207")
    void zigzagsReadInBulkAsOneByOne(@ForAll @Size(max = 60) List<@IntRange(min = -9000, max = 9000) Integer> small,
                                     @ForAll @Size(max = 8) List<Long> any, @ForAll @IntRange(min = 0, max = 2) int after) {
        ByteWriter w = new ByteWriter();
        small.forEach(v -> w.zigzag(v));
        any.forEach(w::zigzag);
        small.forEach(v -> w.zigzag(v));
        int length = w.toByteArray().length;
        int n = 2 * small.size() + any.size();
        byte[] b = w.bytes(new byte[] {-1, -1}).toByteArray();
        ByteReader one = new ByteReader(b, 0, length + after);
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            expected[i] = one.zigzag();
        }
        ByteReader bulk = new ByteReader(b, 0, length + after);
        long[] got = new long[n];
        bulk.zigzags(got, n);
        assertThat(got).isEqualTo(expected);
        assertThat(bulk.position()).isEqualTo(length);
        if (after == 0) {
            assertThatThrownBy(() -> bulk.zigzags(new long[1], 1)).isInstanceOf(JazminFormatException.class);
        }
    }

    /** Bulk reads stop after the values asked for, wherever in a run of one- and two-byte values that is. */
    @Property(tries = 300, seed = "20261208")
    void zigzagsStopAfterTheValuesAskedFor(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = -200, max = 200) Integer> values,
                                           @ForAll @IntRange(min = 0, max = 40) int asked) {
        int n = Math.min(asked, values.size());
        ByteWriter w = new ByteWriter();
        values.forEach(v -> w.zigzag(v));
        byte[] b = w.toByteArray();
        ByteReader one = new ByteReader(b);
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            expected[i] = one.zigzag();
        }
        ByteReader bulk = new ByteReader(b);
        long[] got = new long[n];
        bulk.zigzags(got, n);
        assertThat(got).isEqualTo(expected);
        assertThat(bulk.position()).isEqualTo(one.position());
        if (n < values.size()) {
            assertThat(bulk.zigzag()).as("the next value").isEqualTo((long) values.get(n));
        }
    }

    @Test
    void zigzagsCutByTheWindowAreAFormatError() {
        byte[] b = hex("02 80 01 80 80 80");
        ByteReader in = new ByteReader(b, 0, 5); // 1, 64, then a varint the window cuts
        long[] out = new long[3];
        assertThatThrownBy(() -> in.zigzags(out, 3)).isInstanceOf(JazminFormatException.class);
        assertThat(out[0]).isEqualTo(1);
        assertThat(out[1]).isEqualTo(64);
    }

    @Property(tries = 300, seed = "20261201")
    void skippingVarintsLandsWhereReadingThemDoes(@ForAll @Size(max = 120) List<Long> values,
                                                  @ForAll @IntRange(min = 0, max = 5) int offset) {
        ByteWriter w = new ByteWriter();
        w.bytes(new byte[offset]);
        values.forEach(w::varint);
        byte[] b = w.u8(0x7F).toByteArray();
        for (int n = 0; n <= values.size(); n++) {
            ByteReader read = new ByteReader(b, offset, b.length - offset);
            for (int i = 0; i < n; i++) {
                read.varint();
            }
            ByteReader skip = new ByteReader(b, offset, b.length - offset);
            skip.skipVarints(n);
            assertThat(skip.position()).as("after %d varints", n).isEqualTo(read.position());
        }
    }

    @Property(tries = 300, seed = "20261207")
    void varintsLeftCountsWhatReadingThemWouldRead(@ForAll @Size(max = 120) List<Long> values,
                                                   @ForAll @IntRange(min = 0, max = 5) int offset,
                                                   @ForAll @IntRange(min = 0, max = 3) int read) {
        ByteWriter w = new ByteWriter();
        w.bytes(new byte[offset]);
        values.forEach(w::varint);
        byte[] b = w.u8(0x85).toByteArray(); // outside the window: a continuing byte the count must not see
        ByteReader in = new ByteReader(b, offset, b.length - offset - 1);
        for (int i = 0; i < Math.min(read, values.size()); i++) {
            in.varint();
        }
        assertThat(in.varintsLeft()).isEqualTo(values.size() - Math.min(read, values.size()));
    }

    @Test
    void varintsLeftCountsACutLastVarintAsOne() {
        assertThat(new ByteReader(hex("01 96 01 96")).varintsLeft()).isEqualTo(3);
        assertThat(new ByteReader(hex("80 80 80 80 80 80 80 80 80 80")).varintsLeft()).isEqualTo(1);
        assertThat(new ByteReader(hex("")).varintsLeft()).isZero();
    }

    @Test
    void skippingMoreVarintsThanTheWindowHoldsIsAFormatError() {
        byte[] b = hex("01 02 03 04 05 06 07 08 09 96 01 7F");
        assertThatThrownBy(() -> new ByteReader(b, 0, 10).skipVarints(10)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("1 varints missing");
        assertThatThrownBy(() -> new ByteReader(b).skipVarints(12)).isInstanceOf(JazminFormatException.class);
        ByteReader in = new ByteReader(b);
        in.skipVarints(11);
        assertThat(in.remaining()).isZero();
    }

    @Test
    void readsTheLongestVarintsAtTheWindowsEnd() {
        assertThat(new ByteReader(hex("FF FF FF FF FF FF FF FF FF 01")).varint()).isEqualTo(-1L);
        assertThat(new ByteReader(hex("80 80 80 80 80 80 80 80 80 01")).varint()).isEqualTo(Long.MIN_VALUE);
        byte[] b = hex("00 96 01 00");
        ByteReader window = new ByteReader(b, 1, 2);
        assertThat(window.varint()).isEqualTo(150);
        assertThat(window.hasRemaining()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"FF FF FF FF FF FF FF FF FF 02", "FF FF FF FF FF FF FF FF FF 81 00",
            "80 80 80 80 80 80 80 80 80 80 01", ""})
    void rejectsOverlongAndEmptyVarints(String bytes) {
        assertThatThrownBy(() -> new ByteReader(hex(bytes)).varint()).isInstanceOf(JazminFormatException.class);
    }

    @Test
    void rejectsAVarintCutByTheWindow() {
        byte[] b = hex("96 01");
        assertThatThrownBy(() -> new ByteReader(b, 0, 1).varint()).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("end of data");
        assertThatThrownBy(() -> new ByteReader(hex("FF FF FF")).varint()).isInstanceOf(JazminFormatException.class);
    }

    @Property(tries = 300, seed = "20261129")
    void fixedWidthValuesRoundTrip(@ForAll long bits, @ForAll double value) {
        byte[] b = new ByteWriter().u64(bits).f64(value).toByteArray();
        ByteReader in = new ByteReader(b);
        assertThat(in.u64()).isEqualTo(bits);
        assertThat(Double.doubleToRawLongBits(in.f64())).isEqualTo(Double.doubleToRawLongBits(value));
        assertThatThrownBy(in::u64).isInstanceOf(JazminFormatException.class);
    }
}
