package io.jazmin.spark.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which filters a file's value ranges rule out: only those no row of the ranges can match. */
class SummaryPrunerTest {
    private static final Map<String, ValueRange> RANGES = ranges();

    /** ids 100 … 199, names "b" … "d", times 1,000 … 2,000 ms, as a writing task keeps them; score is a float. */
    private static Map<String, ValueRange> ranges() {
        ColumnRanges r = new ColumnRanges(List.of(Column.required("id", ColumnType.INT), Column.of("name", ColumnType.STRING),
                Column.of("at", ColumnType.DATETIME), Column.of("score", ColumnType.FLOAT)));
        r.add(new Object[] {150L, "c", Instant.ofEpochMilli(1_500), 1.0});
        r.add(new Object[] {100L, "d", null, Double.NaN});
        r.add(new Object[] {199L, "b", Instant.ofEpochMilli(1_000), null});
        r.add(new Object[] {120L, null, Instant.ofEpochMilli(2_000), 9.0});
        return r.ranges();
    }

    private static boolean may(Filter f) {
        return SummaryPruner.mayMatch(f, RANGES);
    }

    @Test
    void theRangesAreTheNonNullExtremesOfIntStringAndDatetimeColumnsOnly() {
        assertThat(RANGES.keySet()).containsExactly("id", "name", "at");
        assertThat(RANGES.get("id")).isEqualTo(new ValueRange(ColumnType.INT, 100L, 199L));
        assertThat(RANGES.get("name")).isEqualTo(new ValueRange(ColumnType.STRING, "b", "d"));
        assertThat(RANGES.get("at")).isEqualTo(new ValueRange(ColumnType.DATETIME, Instant.ofEpochMilli(1_000),
                Instant.ofEpochMilli(2_000)));
    }

    @Test
    void equalityInAndComparisonsRuleOutOnlyWhatLiesOutsideTheRange() {
        assertThat(may(Filter.eq("id", 150L))).isTrue();
        assertThat(may(Filter.eq("id", 100L))).isTrue();
        assertThat(may(Filter.eq("id", 199L))).isTrue();
        assertThat(may(Filter.eq("id", 99L))).isFalse();
        assertThat(may(Filter.eq("id", 200L))).isFalse();
        assertThat(may(Filter.gt("id", 199L))).isFalse();
        assertThat(may(Filter.gte("id", 199L))).isTrue();
        assertThat(may(Filter.lt("id", 100L))).isFalse();
        assertThat(may(Filter.lte("id", 100L))).isTrue();
        assertThat(may(Filter.in("id", List.of(5L, 300L)))).isFalse();
        assertThat(may(Filter.in("id", Arrays.asList(5L, null, 120L)))).isTrue();
        assertThat(may(Filter.in("id", Arrays.asList((Object) null)))).as("a list of nulls matches nothing").isFalse();
        assertThat(may(Filter.eq("name", "a"))).isFalse();
        assertThat(may(Filter.eq("name", "ba"))).isTrue();
        assertThat(may(Filter.gt("name", "d"))).isFalse();
        assertThat(may(Filter.gte("at", Instant.ofEpochMilli(2_001)))).isFalse();
        assertThat(may(Filter.lt("at", Instant.ofEpochMilli(1_001)))).isTrue();
    }

    @Test
    void whatTheRangesCannotJudgeKeepsTheFile() {
        assertThat(may(Filter.ne("id", 150L))).isTrue();
        assertThat(may(Filter.isNull("id"))).isTrue();
        assertThat(may(Filter.startsWith("name", "z"))).isTrue();
        assertThat(may(Filter.eq("score", 100.0))).as("no range of a float column").isTrue();
        assertThat(may(Filter.eq("missing", 1L))).isTrue();
        assertThat(may(Filter.eq("id", "150"))).as("an operand of another type decides nothing").isTrue();
        assertThat(may(Filter.eq("id", 5L).negate())).isTrue();
        assertThat(may(null)).isTrue();
    }

    @Test
    void andRulesOutWhenOnePartDoesOrWhenEveryPartDoes() {
        assertThat(may(Filter.eq("id", 150L).and(Filter.eq("name", "z")))).isFalse();
        assertThat(may(Filter.eq("id", 150L).and(Filter.eq("name", "c")))).isTrue();
        assertThat(may(Filter.eq("id", 5L).or(Filter.eq("name", "z")))).isFalse();
        assertThat(may(Filter.eq("id", 5L).or(Filter.eq("name", "c")))).isTrue();
    }
}
