package io.jazmin.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.wire.ByteWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The trigram builder writes the same bytes whether a value's grams are split again or remembered:
 * on repeated values, on values that never repeat (where it stops remembering), and on mixes.
 */
class TrigramIndexBuilderTest {
    private static final int ROWS = 3 * TrigramIndexBuilder.REMEMBERED_VALUES + 500;

    /** The section as spec §1.16 lays it out, from each gram's ascending row ids. */
    private static byte[] expected(List<String> cells) {
        Map<Long, List<Long>> postings = new TreeMap<>();
        for (int row = 0; row < cells.size(); row++) {
            String cell = cells.get(row);
            for (long gram : cell == null ? new long[0] : Trigrams.of(cell)) {
                postings.computeIfAbsent(gram, g -> new ArrayList<>()).add((long) row);
            }
        }
        ByteWriter out = new ByteWriter(64);
        out.u8(Postings.ENCODING).varint(postings.size());
        postings.forEach((gram, rows) -> {
            long g = gram;
            out.u16((int) (g >>> 32)).u16((int) (g >>> 16) & 0xFFFF).u16((int) g & 0xFFFF);
            out.varint(rows.size());
            long last = 0;
            for (long r : rows) {
                out.varint(r - last);
                last = r;
            }
        });
        return out.toByteArray();
    }

    private static List<String> cells(IntFunction<String> cell) {
        List<String> cells = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            cells.add(cell.apply(row));
        }
        return cells;
    }

    private static byte[] built(List<String> cells) {
        TrigramIndexBuilder builder = new TrigramIndexBuilder();
        for (int row = 0; row < cells.size(); row++) {
            builder.add(row, cells.get(row));
        }
        return builder.encode();
    }

    @Test
    void repeatedValuesWriteTheSameBytes() {
        String[] names = {"Ann Smith", "Bob Ndlovu", "ANN smith", "Annann", "ab", "", "Thabo van Wyk",
                "long ".repeat(TrigramIndexBuilder.REMEMBERED_LENGTH / 4)};
        List<String> cells = cells(row -> row % 11 == 0 ? null : names[row * 7 % names.length]);
        assertThat(built(cells)).isEqualTo(expected(cells));
    }

    @Test
    void valuesThatNeverRepeatWriteTheSameBytes() {
        List<String> cells = cells(row -> "user" + row + "@example.org");
        assertThat(built(cells)).isEqualTo(expected(cells));
    }

    @Test
    void mixesWriteTheSameBytes() {
        Random random = new Random(3);
        // Unique values first (remembering stops), then repeated ones; and the other way round.
        List<String> uniqueFirst = cells(row -> row < 2 * TrigramIndexBuilder.REMEMBERED_VALUES + 10
                ? "u" + row + "-" + random.nextInt(1000) : "name " + row % 5);
        assertThat(built(uniqueFirst)).isEqualTo(expected(uniqueFirst));
        List<String> repeatedFirst = cells(row -> row < 500 ? "city " + row % 3
                : row % 2 == 0 ? "city " + row % 3 : "street " + row + " aaaa");
        assertThat(built(repeatedFirst)).isEqualTo(expected(repeatedFirst));
    }
}
