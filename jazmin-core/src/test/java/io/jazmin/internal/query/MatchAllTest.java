package io.jazmin.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A chunk's matching rows found in one call ({@link Predicate#matchAll}), as a scan finds them:
 * the same rows, in the same order, as testing row by row, with and without null cells.
 */
class MatchAllTest {
    private static final int ROWS = 1_000;

    private static List<Integer> rowByRow(Predicate p, ChunkValues values) {
        List<Integer> out = new ArrayList<>();
        for (int row = 0; row < values.rowCount(); row++) {
            if (p.test(values, row)) {
                out.add(row);
            }
        }
        return out;
    }

    private static List<Integer> inOneCall(Predicate p, ChunkValues values) {
        List<Integer> out = new ArrayList<>();
        int n = p.matchAll(values, values.rowCount(), out::add);
        assertThat(p.matchAll(values, values.rowCount(), null)).as("counted without positions").isEqualTo(n);
        assertThat(out).hasSize(n);
        return out;
    }

    /** Values 0..49 at random, every seventh cell null when {@code nulls}; its null cells hold 17. */
    private static ChunkValues column(boolean nulls, long seed) {
        Random random = new Random(seed);
        long[] values = new long[ROWS];
        byte[] nullBits = nulls ? new byte[(ROWS + 7) / 8] : null;
        for (int r = 0; r < ROWS; r++) {
            values[r] = random.nextInt(50);
            if (nulls && r % 7 == 0) {
                nullBits[r >>> 3] |= (byte) (1 << (r & 7));
                values[r] = 17; // a null cell's slot must not match an equality on its stale value
            }
        }
        return new ChunkValues(new ColumnVector[] {ColumnVector.ofLongs(ColumnType.INT, ROWS, values, nullBits)}, ROWS);
    }

    @Test
    void equalitiesAndRangesFindTheRowsTestingEachFinds() {
        List<Predicate> tests = List.of(LongTest.range(0, ColumnType.INT, 17, 17), LongTest.range(0, ColumnType.INT, 10, 20),
                LongTest.range(0, ColumnType.INT, 60, 70), LongTest.range(0, ColumnType.INT, Long.MIN_VALUE, Long.MAX_VALUE),
                LongTest.notEqual(0, ColumnType.INT, 17), LongTest.in(0, ColumnType.INT, new long[] {3, 17, 40}));
        for (boolean nulls : new boolean[] {false, true}) {
            ChunkValues values = column(nulls, nulls ? 2 : 1);
            for (Predicate p : tests) {
                List<Integer> expected = rowByRow(p, values);
                assertThat(inOneCall(p, values)).as("%s, nulls %s", p, nulls).isEqualTo(expected);
            }
        }
        assertThat(rowByRow(tests.get(0), column(true, 2))).as("the equality matches some rows").isNotEmpty();
        assertThat(rowByRow(tests.get(2), column(false, 1))).as("a range beyond every value matches none").isEmpty();
    }

    @Test
    void aConditionOverSeveralColumnsFindsTheRowsTestingEachFinds() {
        ColumnVector a = column(true, 3).byPosition()[0];
        ColumnVector b = column(false, 4).byPosition()[0];
        ChunkValues values = new ChunkValues(new ColumnVector[] {a, b}, ROWS);
        Predicate both = new Predicate.And(List.of(LongTest.range(0, ColumnType.INT, 0, 25),
                LongTest.range(1, ColumnType.INT, 25, 49)));

        List<Integer> expected = rowByRow(both, values);
        assertThat(expected).isNotEmpty();
        assertThat(inOneCall(both, values)).isEqualTo(expected);
    }
}
