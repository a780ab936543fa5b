package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.schema.ColumnType;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A dictionary column's ids per row ({@link DictionaryCodes}): kept as the stream's one-byte ids only
 * when each is within the dictionary, and the rows {@link DictionaryCodes#matching} finds are those
 * whose entry is set, in both forms.
 */
class DictionaryCodesTest {
    /** Bytes 3.. hold {@code ids}; bytes 0..2 and the last one are not ids (and not below any limit). */
    private static byte[] around(int... ids) {
        byte[] b = new byte[ids.length + 4];
        b[0] = (byte) 0xFF;
        b[1] = (byte) 0x80;
        b[2] = 127;
        for (int i = 0; i < ids.length; i++) {
            b[3 + i] = (byte) ids[i];
        }
        b[b.length - 1] = (byte) 0x90;
        return b;
    }

    @Test
    void oneByteIdsAreKeptOnlyWhenEachIsWithinTheDictionary() {
        DictionaryCodes kept = DictionaryCodes.ofBytes(around(0, 12, 5, 12), 3, 4, 13);
        assertThat(kept).isNotNull();
        assertThat(kept.toArray()).containsExactly(0, 12, 5, 12);
        // 12 | 5 = 13, not below 13: the exact test, which accepts them
        assertThat(DictionaryCodes.ofBytes(around(12, 5), 3, 2, 13)).isNotNull();
        assertThat(DictionaryCodes.ofBytes(around(0, 13, 1), 3, 3, 13)).as("an id past the entries").isNull();
        assertThat(DictionaryCodes.ofBytes(around(0, 0x81, 1), 3, 3, 128)).as("a varint of two bytes").isNull();
        assertThat(DictionaryCodes.ofBytes(around(0, 1), 3, 2, 129)).as("more than 128 entries").isNull();
        assertThat(DictionaryCodes.ofBytes(around(0, 0, 0), 3, 3, 1).toArray()).as("one entry").containsExactly(0, 0, 0);
        assertThat(DictionaryCodes.ofBytes(around(127, 64, 63), 3, 3, 128).toArray()).containsExactly(127, 64, 63);
        assertThat(DictionaryCodes.ofBytes(around(), 3, 0, 1).size()).isZero();
    }

    @Test
    void theRowsMatchedAreThoseWhoseEntryIsSetInEitherForm() {
        Random random = new Random(33);
        for (int k : new int[] {1, 2, 13, 63, 64, 65, 100, 128, 129, 300}) {
            int rows = 203; // three words of 64 rows and one of 11: eight ids at a time, then three
            int[] ids = new int[rows];
            for (int r = 0; r < rows; r++) {
                ids[r] = random.nextInt(k);
            }
            long[] entries = new long[(k + 63) >>> 6];
            boolean[] set = new boolean[k];
            for (int e = 0; e < k; e++) {
                if (random.nextInt(3) == 0 || e == k - 1) {
                    set[e] = true;
                    entries[e >>> 6] |= 1L << e;
                }
            }
            DictionaryCodes asInts = DictionaryCodes.of(ids.clone());
            DictionaryCodes asBytes = DictionaryCodes.ofBytes(around(ids), 3, rows, k);
            assertThat(asBytes != null).as("one byte per row with %s entries", k).isEqualTo(k <= 128);
            for (int base = 0; base < rows; base += 64) {
                int n = Math.min(64, rows - base);
                long expected = 0;
                for (int i = 0; i < n; i++) {
                    expected |= (set[ids[base + i]] ? 1L : 0L) << i;
                }
                assertThat(asInts.matching(entries, base, n)).as("ints, %s entries, rows from %s", k, base)
                        .isEqualTo(expected);
                if (asBytes != null) {
                    assertThat(asBytes.matching(entries, base, n)).as("bytes, %s entries, rows from %s", k, base)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void rowsOfFewEntriesAreFoundEightIdsAtATimeAsOneByOne() {
        // One to FEW_ENTRIES entries set (and one more, the shift per row): ids at any offset in the
        // stream, every entry count up to 64, runs of equal ids and ids of the largest entry.
        Random random = new Random(3301);
        for (int round = 0; round < 400; round++) {
            int k = 1 + random.nextInt(64);
            int rows = 1 + random.nextInt(140);
            int[] ids = new int[rows];
            for (int r = 0; r < rows; r++) {
                ids[r] = random.nextInt(4) == 0 ? k - 1 : random.nextInt(k);
            }
            long entries = 0;
            int wanted = random.nextInt(DictionaryCodes.FEW_ENTRIES + 2);
            for (int j = 0; j < wanted; j++) {
                entries |= 1L << random.nextInt(k);
            }
            byte[] stream = new byte[rows + 11];
            random.nextBytes(stream);
            int offset = random.nextInt(8);
            for (int r = 0; r < rows; r++) {
                stream[offset + r] = (byte) ids[r];
            }
            DictionaryCodes codes = DictionaryCodes.ofBytes(stream, offset, rows, k);
            for (int base = 0; base < rows; base += 64) {
                int n = Math.min(64, rows - base);
                long expected = 0;
                for (int i = 0; i < n; i++) {
                    expected |= ((entries >>> ids[base + i]) & 1L) << i;
                }
                assertThat(codes.matching(new long[] {entries}, base, n))
                        .as("%s entries, %s set, rows from %s of %s", k, Long.bitCount(entries), base, rows)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void compactedCodesHoldOnlyTheirOwnBytes() {
        byte[] stream = around(3, 1, 2);
        DictionaryCodes view = DictionaryCodes.ofBytes(stream, 3, 3, 4);
        DictionaryCodes own = view.compacted();
        stream[3] = 0; // the stream's buffer changing afterwards does not reach the copy
        assertThat(own.toArray()).containsExactly(3, 1, 2);
        assertThat(own.heapBytes()).isEqualTo(16 + 3);
        assertThat(own.compacted()).isSameAs(own);
    }

    /** A whole string stream without nulls: dictionary {@code entries}, then an id per row. */
    private static byte[] dictionaryStream(int entries, int... ids) {
        ByteWriter w = new ByteWriter().u8(0x02).varint(entries);
        for (int e = 0; e < entries; e++) {
            w.varint(2).u8('a' + e % 26).u8('a' + e / 26);
        }
        for (int id : ids) {
            w.varint(id);
        }
        return w.toByteArray();
    }

    @Test
    void theDecoderKeepsOneByteIdsAsTheyAreAndReadsOthersAsVarints() {
        ColumnVector small = decode(ColumnType.STRING, dictionaryStream(100, 99, 0, 64, 63), 4);
        assertThat(small.dictionaryCodes().oneBytePerRow()).isTrue();
        assertThat(small.dictionaryCodes().toArray()).containsExactly(99, 0, 64, 63);
        assertThat(small.get(0)).isEqualTo("vd");
        assertThat(small.detached(0).dictionaryCodes().heapBytes()).as("detached: its own ids only")
                .isEqualTo(16 + 4);

        ColumnVector large = decode(ColumnType.STRING, dictionaryStream(200, 199, 0, 1), 3);
        assertThat(large.dictionaryCodes().oneBytePerRow()).isFalse();
        assertThat(large.dictionaryCodes().toArray()).containsExactly(199, 0, 1);

        // A non-minimal varint id (0x81 0x00 = 1) is read as the varint it is, as before.
        byte[] padded = new ByteWriter().u8(0x02).varint(2).varint(1).u8('a').varint(1).u8('b')
                .u8(0x81).u8(0x00).u8(0x00).toByteArray();
        ColumnVector v = decode(ColumnType.STRING, padded, 2);
        assertThat(v.dictionaryCodes().oneBytePerRow()).isFalse();
        assertThat(v.dictionaryCodes().toArray()).containsExactly(1, 0);

        assertThatThrownBy(() -> decode(ColumnType.STRING, dictionaryStream(3, 0, 3, 1), 3))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("out of range");
        assertThatThrownBy(() -> decode(ColumnType.STRING, dictionaryStream(3, 0, 1, 2, 0), 3))
                .as("a byte left over after the rows' ids").isInstanceOf(JazminFormatException.class);
    }
}
