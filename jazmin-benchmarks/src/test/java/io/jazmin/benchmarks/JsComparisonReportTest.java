package io.jazmin.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsComparisonReportTest {

    @Test
    void parseSkipsCommentsAndReadsBestMilliseconds() {
        Map<String, Double> round = JsComparisonReport.parse(List.of(
                "# side\tjs\t@smithsoft-studios/jazmin@1.3.0\tnode v20", "readAll\t152.250\t7", "", "findById\t3.5\t7"));

        assertThat(round).containsExactlyInAnyOrderEntriesOf(Map.of("readAll", 152.25, "findById", 3.5));
    }

    @Test
    void parseRefusesALineWithoutTime() {
        assertThatThrownBy(() -> JsComparisonReport.parse(List.of("readAll")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("readAll");
    }

    @Test
    void medianTakesTheMiddleRoundAndAveragesTwoMiddles() {
        List<Map<String, Double>> three = List.of(Map.of("op", 9.0), Map.of("op", 1.0), Map.of("op", 4.0));
        List<Map<String, Double>> four = List.of(Map.of("op", 9.0), Map.of("op", 1.0), Map.of("op", 4.0),
                Map.of("op", 2.0));

        assertThat(JsComparisonReport.median(three, "op")).isEqualTo(4.0);
        assertThat(JsComparisonReport.median(four, "op")).isEqualTo(3.0);
        assertThat(JsComparisonReport.median(three, "other")).isNaN();
    }

    @Test
    void tableGivesMediansAndTheRatioJsOverOurs() {
        List<Map<String, Double>> js = List.of(Map.of("readAll", 300.0), Map.of("readAll", 200.0),
                Map.of("readAll", 250.0));
        List<Map<String, Double>> ours = List.of(Map.of("readAll", 100.0), Map.of("readAll", 120.0),
                Map.of("readAll", 80.0));

        String md = new JsComparisonReport(js, ours).markdown();

        assertThat(md).contains("| read all (shared cache on) | 250 | 100 | 2.50 |");
        assertThat(md).contains("- readAll: 300 200 250; 100 120 80");
    }

    @Test
    void tableWithoutJsRoundsShowsDashes() {
        String md = new JsComparisonReport(List.of(), List.of(Map.of("findById", 4.256))).markdown();

        assertThat(md).contains("| open + find by id (shared cache on) | — | 4.26 | — |");
    }

    @Test
    void cacheOffRowsSetOurCacheOffReadBesideTheReferencesSameRead() {
        List<Map<String, Double>> js = List.of(Map.of("findById", 3.0));
        List<Map<String, Double>> ours = List.of(Map.of("findById", 0.5, "findByIdNoCache", 2.0));

        String md = new JsComparisonReport(js, ours).markdown();

        assertThat(md).contains("| open + find by id (shared cache on) | 3.00 | 0.50 | 6.00 |");
        assertThat(md).contains("| open + find by id (shared cache off) | 3.00 | 2.00 | 1.50 |");
        assertThat(md).contains("- findByIdNoCache: 3.00; 2.00");
    }
}
