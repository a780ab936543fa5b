package io.jazmin.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.error.JazminKeyException;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
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
 * case folder and each view, every row (canonical JSON) and the view's reference block. Key,
 * password, owner-key and access-key views are opened with their secret (and must be refused
 * without it); access-key views must also hide exactly the reference's hidden rows.
 */
class ConformanceReadTest {

    @TestFactory
    Stream<DynamicNode> everyCaseAndView(TestReporter reporter) {
        List<ConformanceCase> cases = ConformanceCase.all();
        Map<String, Long> plan = cases.stream().flatMap(c -> c.views().stream())
                .collect(Collectors.groupingBy(ConformanceReadTest::treatment, TreeMap::new, Collectors.counting()));
        reporter.publishEntry("conformance views", cases.size() + " cases: " + plan);
        return cases.stream()
                .map(c -> dynamicContainer(c.name(), c.views().stream().map(ConformanceReadTest::viewTest)));
    }

    /** How a view is read: plainly, or with its kind of secret (of a shared file or not). */
    private static String treatment(View view) {
        String shared = view.owner().accessControlled() ? " of a shared file" : "";
        return view.secretKind() != null ? "read exactly with " + view.secretKind() + shared : "read exactly";
    }

    private static DynamicTest viewTest(View view) {
        return dynamicTest(view.name() + " " + treatment(view) + ": every row and the reference block",
                () -> assertReadsExactly(view));
    }

    /** Rows equal the expected file row by row; counts, schema, indexes and metadata equal the reference. */
    private static void assertReadsExactly(View view) throws Exception {
        if (view.secretKind() != null) {
            assertThrows(JazminKeyException.class, () -> JazminReader.open(view.owner().dataFile()).close(),
                    "an encrypted file opened without its " + view.secretKind());
        }
        try (JazminReader reader = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
            assertReadsExactly(view, reader);
        }
    }

    /** The view's rows and reference block, read through {@code reader} (however it was opened). */
    static void assertReadsExactly(View view, JazminReader reader) throws Exception {
        JazminTable table = table(reader, view);
        ReferenceChecks.check(reader, table, view.reference(), true);

        long rows = CanonicalJson.assertRowsMatch(table.rows().iterator(), view.expectedFile());
        assertEquals(view.reference().path("rowCount").asLong(), rows, "rows read");
    }

    static JazminTable table(JazminReader reader, View view) {
        return view.table() == null ? reader.table() : reader.table(view.table());
    }
}
