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
}
