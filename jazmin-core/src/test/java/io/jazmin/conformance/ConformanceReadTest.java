package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.UnsupportedFeatureException;
import io.jazmin.crypto.DecryptionSetup;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;

/**
 * Proves our reader reads every conformance case exactly as the reference reader did: for each
 * case folder and each view, every row (canonical JSON) and the view's reference block. Key and
 * password views are opened with their secret (and must be refused without it). Views of
 * access-controlled files (a later issue) instead prove the reader refuses them with
 * {@link UnsupportedFeatureException} naming the feature; each such view is its own dynamic test
 * whose name says why, so the skipped-by-design count is visible in the report.
 */
class ConformanceReadTest {
    static final String ACCESS_CONTROL = "access-control";

    @TestFactory
    Stream<DynamicNode> everyCaseAndView(TestReporter reporter) {
        List<ConformanceCase> cases = ConformanceCase.all();
        Map<String, Long> plan = cases.stream().flatMap(c -> c.views().stream())
                .collect(Collectors.groupingBy(ConformanceReadTest::treatment, TreeMap::new, Collectors.counting()));
        reporter.publishEntry("conformance views", cases.size() + " cases: " + plan);
        return cases.stream()
                .map(c -> dynamicContainer(c.name(), c.views().stream().map(ConformanceReadTest::viewTest)));
    }

    /** How a view is tested: read exactly, or refused for a feature of a later issue. */
    private static String treatment(View view) {
        if (view.owner().accessControlled()) {
            return "refused: " + ACCESS_CONTROL;
        }
        return view.secretKind() != null ? "read exactly with " + view.secretKind() : "read exactly";
    }

    private static DynamicTest viewTest(View view) {
        String treatment = treatment(view);
        if (treatment.startsWith("refused: ")) {
            String feature = treatment.substring("refused: ".length());
            return dynamicTest(view.name() + " [skipped by design: " + feature + ", later issue] is refused",
                    () -> assertRefused(view, feature));
        }
        return dynamicTest(view.name() + " " + treatment + ": every row and the reference block",
                () -> assertReadsExactly(view));
    }

    /** Rows equal the expected file row by row; counts, schema, indexes and metadata equal the reference. */
    private static void assertReadsExactly(View view) throws Exception {
        if (view.secretKind() != null) {
            assertThrows(JazminKeyException.class, () -> JazminReader.open(view.owner().dataFile()).close(),
                    "an encrypted file opened without its " + view.secretKind());
        }
        try (JazminReader reader = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
            JazminTable table = table(reader, view);
            ReferenceChecks.check(reader, table, view.reference(), true);
            long rows = CanonicalJson.assertRowsMatch(table.rows().iterator(), view.expectedFile());
            assertEquals(view.reference().path("rowCount").asLong(), rows, "rows read");
        }
    }

    /** Opening the file (with the view's secret, if any) and reading its rows fails naming the feature. */
    private static void assertRefused(View view, String feature) {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> {
            try (JazminReader reader = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
                table(reader, view).rows().forEach(row -> { });
            }
        });
        assertEquals(feature, e.feature(), "feature of: " + e.getMessage());
        assertThat(e.getMessage()).containsIgnoringCase("access");
    }

    static JazminTable table(JazminReader reader, View view) {
        return view.table() == null ? reader.table() : reader.table(view.table());
    }
}
