package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** String bounds found on the encoded bytes of a chunk being written equal those found with String.compareTo. */
class EncodedStringRangeTest {

    /** Characters from each UTF-8 length, around the surrogates, and above U+FFFF (as pairs). */
    private static final String[] PIECES = {"a", "b", "z", "~", "\u007F", "é", "\u07FF", "\u0800", "\uD7FF",
        "\uE000", "\uFFFD", "\uFFFF", "\uD800\uDC00", "\uD83D\uDE00", "\uDBFF\uDFFF"};

    private static ColumnVector encoded(List<String> values) {
        return Streams.encodedStrings(values.toArray());
    }

    private static ChunkStatistics byCompareTo(List<String> values) {
        return ChunkStatistics.compute(ColumnVector.ofObjects(ColumnType.STRING, values.size(), values.toArray()));
    }

    private static String randomString(Random random, int maxPieces) {
        StringBuilder sb = new StringBuilder();
        int pieces = random.nextInt(maxPieces + 1);
        for (int i = 0; i < pieces; i++) {
            sb.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    @Test
    void compareHasTheSignOfStringCompareTo() {
        Random random = new Random(17);
        for (int i = 0; i < 20_000; i++) {
            String x = randomString(random, 5);
            String y = random.nextInt(8) == 0 ? x : randomString(random, 5);
            assertComparedAsByCompareTo(x, y);
        }
    }

    private static void assertComparedAsByCompareTo(String x, String y) {
        ColumnVector v = encoded(List.of(x, y));
        PlainStrings p = v.plainStrings();
        int got = EncodedStringRange.compare(p.bytes(), p.start(0), p.start(1));
        assertThat(Integer.signum(got)).as("'%s' vs '%s'", x, y).isEqualTo(Integer.signum(x.compareTo(y)));
    }

    @Test
    void theSurrogatePairSortsBeforeThePrivateUseAreaAsInUtf16() {
        // UTF-8 byte order would put U+E000 (EE 80 80) first; UTF-16 puts the pair (D83D …) first
        ChunkStatistics s = ChunkStatistics.compute(encoded(List.of("\uE000", "\uD83D\uDE00", "\uFFFF")));
        assertThat(s.minKey(ColumnType.STRING)).isEqualTo("\uD83D\uDE00");
        assertThat(s.maxKey(ColumnType.STRING)).isEqualTo("\uFFFF");
        // By its first byte (EE) U+E000 lies between "a" and the pair (F0), but in UTF-16 it is above both.
        ChunkStatistics pairFirst = ChunkStatistics.compute(encoded(List.of("a", "\uD83D\uDE00", "\uE000", "b")));
        assertThat(pairFirst.minKey(ColumnType.STRING)).isEqualTo("a");
        assertThat(pairFirst.maxKey(ColumnType.STRING)).isEqualTo("\uE000");
    }

    @Test
    void boundsEqualThoseOverEveryValueWithNullsLongValuesAndOneDistinctValue() {
        Random random = new Random(42);
        for (int chunk = 0; chunk < 500; chunk++) {
            int rows = random.nextInt(40);
            List<String> values = new ArrayList<>();
            String only = randomString(random, 3);
            boolean oneDistinct = chunk % 5 == 0;
            for (int r = 0; r < rows; r++) {
                if (random.nextInt(4) == 0) {
                    values.add(null);
                } else if (oneDistinct) {
                    values.add(new String(only)); // equal, not the same object
                } else {
                    // now and then past the 64-unit bound, and past 127 bytes (a two-byte length prefix)
                    values.add(random.nextInt(10) == 0 ? "a".repeat(60) + randomString(random, 60) : randomString(random, 6));
                }
            }
            ChunkStatistics got = ChunkStatistics.compute(encoded(values));
            assertThat(got).as("chunk %d: %s", chunk, values).isEqualTo(byCompareTo(values));
        }
    }

    @Test
    void emptyAndAllNullChunksHaveNoBounds() {
        ChunkStatistics empty = ChunkStatistics.compute(encoded(List.of()));
        assertThat(empty.nullCount()).isZero();
        assertThat(empty.min()).isEmpty();
        assertThat(empty.max()).isEmpty();
        List<String> nulls = new ArrayList<>();
        nulls.add(null);
        nulls.add(null);
        ChunkStatistics allNull = ChunkStatistics.compute(encoded(nulls));
        assertThat(allNull.nullCount()).isEqualTo(2);
        assertThat(allNull.min()).isEmpty();
        assertThat(allNull.max()).isEmpty();
    }

    @Test
    void theStatisticsComeFromTheEncodedBytes() {
        ColumnVector v = encoded(List.of("b", "a", "c"));
        assertThat(v.plainStrings()).as("the vector takes the encoded path").isNotNull();
        ChunkStatistics s = ChunkStatistics.compute(v);
        assertThat(s.minKey(ColumnType.STRING)).isEqualTo("a");
        assertThat(s.maxKey(ColumnType.STRING)).isEqualTo("c");
    }

    /** The difference may lie past the first words read at once: after shared prefixes of every length to 20. */
    @Test
    void compareHasTheSignOfStringCompareToAfterLongSharedPrefixes() {
        Random random = new Random(23);
        for (int i = 0; i < 20_000; i++) {
            String prefix = "user0123456789@exam".substring(0, random.nextInt(20));
            String x = prefix + randomString(random, 3);
            String y = prefix + randomString(random, 3);
            assertComparedAsByCompareTo(x, y);
        }
    }

    /**
     * A chunk's statistics come after its stream: when the stream is a dictionary, the bounds are found
     * over its distinct values only, and equal those over every row (nulls, the UTF-16 order of pairs, bounds
     * past 64 units); a plain stream leaves every row to be compared.
     */
    @Test
    void boundsFoundOverADictionarysEntriesEqualThoseOverEveryRow() {
        Random random = new Random(7);
        int dictionaries = 0;
        for (int chunk = 0; chunk < 500; chunk++) {
            int rows = 1 + random.nextInt(60);
            String[] few = new String[1 + random.nextInt(6)];
            for (int k = 0; k < few.length; k++) {
                few[k] = random.nextInt(8) == 0 ? "b".repeat(70) + randomString(random, 3) : randomString(random, 4);
            }
            List<String> values = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                values.add(random.nextInt(5) == 0 ? null : new String(few[random.nextInt(few.length)]));
            }
            ColumnVector v = encoded(values);
            io.jazmin.internal.wire.ByteWriter stream = new io.jazmin.internal.wire.ByteWriter();
            int[] boundRows = StreamEncoder.encode(ColumnType.STRING, v, stream);
            boolean dictionary = boundRows != null;
            dictionaries += dictionary ? 1 : 0;
            assertThat(ChunkStatistics.compute(v, boundRows)).as("chunk %d (dictionary %s): %s", chunk, dictionary, values)
                    .isEqualTo(byCompareTo(values));
            if (dictionary) {
                assertThat(boundRows).isEqualTo(EncodedStringRange.of(v, v.plainStrings()));
            }
        }
        assertThat(dictionaries).as("chunks whose stream was a dictionary").isGreaterThan(300);
    }
}
