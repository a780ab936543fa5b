package io.jazmin.endtoend.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.data.Filter;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;

/**
 * Every key and password view of the conformance cases reads back exactly (rows compared in
 * canonical JSON with {@code expected.<view>.jsonl}), every section of those files opens with its
 * group's key, and every view of an access-controlled file is refused as unsupported.
 */
class EncryptedConformanceTest {
    static final List<String> KEY_AND_PASSWORD_CASES =
            List.of("encrypted-key", "js-key", "js-password", "js-paged-key", "js-files-key");

    @TestFactory
    Stream<DynamicTest> keyAndPasswordViewsReadExactly() {
        return views(KEY_AND_PASSWORD_CASES).map(view -> dynamicTest(view.toString(), () -> {
            try (JazminReader reader = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
                assertTrue(reader.encrypted(), "encrypted");
                assertEquals(view.spec().has("password"), reader.passwordProtected(), "password-protected");
                JazminTable table = view.table() == null ? reader.table() : reader.table(view.table());
                assertEquals(view.reference().path("rowCount").asLong(), table.rowCount(), "rowCount");
                long rows = CanonicalJson.assertRowsMatch(table.rows().iterator(), view.expectedFile());
                assertEquals(view.reference().path("rowCount").asLong(), rows, "rows read");
                if (view.reference().has("metadata")) {
                    assertEquals(null, CanonicalJson.diff(view.reference().get("metadata"),
                            CanonicalJson.parse(reader.metadata()), "metadata"));
                }
            }
        }));
    }

    /** Filters count what the reference counted, through the (decrypted) indexes where it used them. */
    @TestFactory
    Stream<DynamicTest> queriesCountAsTheReferenceDid() {
        return views(KEY_AND_PASSWORD_CASES).map(view -> dynamicTest(view.toString(), () -> {
            JsonNode queries = CanonicalJson.parse(Files.readString(view.owner().dir().resolve("queries.json")));
            int checked = 0;
            try (JazminReader reader = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
                for (JsonNode q : queries) {
                    boolean paged = q.has("offset") || q.has("limit");
                    if (!q.has("count") || !q.hasNonNull("where") || paged
                            || !view.name().equals(q.path("as").asString())) {
                        continue;
                    }
                    Filter filter = Filter.parse(q.get("where").toString());
                    assertEquals(q.get("count").asLong(), reader.table().count(filter), q.path("name").asString());
                    if (q.path("explain").has("strategy")) {
                        assertEquals(q.get("explain").get("strategy").asString(),
                                reader.table().explain(filter).strategy(), q.path("name").asString());
                    }
                    checked++;
                }
            }
            assertThat(checked).isPositive();
        }));
    }

    /** Index sections use the keyring's {@code index} group, everything else {@code data}: all must open. */
    @TestFactory
    Stream<DynamicTest> everySectionOpensWithItsGroupKey() {
        return views(KEY_AND_PASSWORD_CASES).map(view -> dynamicTest(view.toString(), () -> {
            try (EncryptedSections file = new EncryptedSections(Files.readAllBytes(view.owner().dataFile()),
                    view.readOptions())) {
                List<String> ids = file.readAll().idsRead();
                assertThat(ids).anyMatch(id -> id.contains("/chunk/")).anyMatch(id -> id.contains("/stats/"));
                if (!file.header().tables().get(0).indexes().isEmpty()) {
                    assertThat(ids).anyMatch(id -> id.startsWith("0/index/"));
                }
            }
        }));
    }

    private static Stream<View> views(List<String> cases) {
        return cases.stream().flatMap(name -> ConformanceCase.named(name).views().stream());
    }
}
