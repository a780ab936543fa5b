package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import org.junit.jupiter.api.Test;

/**
 * A chunk's stored statistics are checked against its values when a scan decodes them whole; the answer
 * is kept only for agreement, and only for the statistics object checked (a vector and statistics kept
 * in the shared cache are both immutable, so a warm query need not check them again).
 */
class StatisticsCheckTest {
    private static ChunkStatistics bounds(long nulls, long min, long max) {
        return ChunkStatistics.of(nulls, KeyForms.encode(ColumnType.INT, min), KeyForms.encode(ColumnType.INT, max));
    }

    private static ColumnVector values() {
        return ColumnVector.ofLongs(ColumnType.INT, 3, new long[] {5, 7, 9}, null);
    }

    @Test
    void statisticsAgreeingOnceAgreeAgainAndOthersAreStillChecked() {
        ColumnVector v = values();
        ChunkStatistics right = bounds(0, 5, 9);
        assertThat(StatisticsCheck.violation(right, v)).isNull();
        assertThat(StatisticsCheck.violation(right, v)).isNull();
        assertThat(StatisticsCheck.violation(bounds(0, 6, 9), v)).isEqualTo("give a min above a value the chunk holds");
        assertThat(StatisticsCheck.violation(bounds(0, 5, 8), v)).isEqualTo("give a max below a value the chunk holds");
        assertThat(StatisticsCheck.violation(bounds(1, 5, 9), v)).startsWith("count 1 nulls");
        assertThat(StatisticsCheck.violation(right, v)).isNull();
    }

    /** The agreement is kept: values are not scanned again for the same statistics (their vector is immutable). */
    @Test
    void anAgreementIsNotCheckedAgain() {
        ColumnVector v = values();
        ChunkStatistics right = bounds(0, 5, 9);
        assertThat(StatisticsCheck.violation(right, v)).isNull();
        v.longs()[2] = 10; // what no reader does: shows the values are not read again
        assertThat(StatisticsCheck.violation(right, v)).isNull();
        assertThat(StatisticsCheck.violation(bounds(0, 5, 9), v)).isEqualTo("give a max below a value the chunk holds");
    }

    @Test
    void aViolationIsReportedEveryTime() {
        ColumnVector v = values();
        ChunkStatistics wrong = bounds(0, 6, 9);
        for (ColumnVector checked : new ColumnVector[] {v, v, values()}) {
            assertThat(StatisticsCheck.violation(wrong, checked)).isEqualTo("give a min above a value the chunk holds");
        }
    }

    /** The smallest and the largest value of an int column without nulls are found wherever they lie, at a long's extremes too. */
    @Test
    void anIntValueOutsideTheBoundsIsFoundAtEveryPlace() {
        for (int n = 1; n <= 11; n++) {
            for (int at = 0; at < n; at++) {
                for (long[] extreme : new long[][] {{-4, 100}, {Long.MIN_VALUE, Long.MAX_VALUE}}) {
                    long[] vals = new long[n];
                    java.util.Arrays.fill(vals, 50);
                    int other = (at + n / 2) % n; // the largest value's place: elsewhere but with one value
                    vals[at] = extreme[0];
                    vals[other] = n == 1 ? extreme[0] : extreme[1];
                    long low = extreme[0];
                    long high = n == 1 ? extreme[0] : extreme[1];
                    ColumnVector v = ColumnVector.ofLongs(ColumnType.INT, n, vals, null);
                    String where = n + " values, extremes at " + at + " and " + other;
                    assertThat(StatisticsCheck.violation(bounds(0, low + 1, Math.max(high, low + 1)), v)).as(where)
                            .isEqualTo("give a min above a value the chunk holds");
                    if (high > low) {
                        assertThat(StatisticsCheck.violation(bounds(0, low, high - 1), v)).as(where)
                                .isEqualTo("give a max below a value the chunk holds");
                    }
                    assertThat(StatisticsCheck.violation(bounds(0, low, high), v)).as(where).isNull();
                }
            }
        }
    }
}
