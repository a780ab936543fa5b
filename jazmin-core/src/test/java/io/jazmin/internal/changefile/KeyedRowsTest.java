package io.jazmin.internal.changefile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rows a change file's plan writes and the keys it replaces, as changes of one key apply in turn. */
class KeyedRowsTest {
    private static final Map<String, Object> ANN = Map.of("id", 1L, "name", "Ann");
    private static final Map<String, Object> BOB = Map.of("id", 2L, "name", "Bob");

    private static KeyedRows holdingAnnAndBob() {
        Map<List<Object>, Map<String, Object>> current = new LinkedHashMap<>();
        current.put(List.of(1L), ANN);
        current.put(List.of(2L), BOB);
        return new KeyedRows(current);
    }

    @Test
    void writesChangedRowsAndReplacesTheKeysTheyHadInTheOrderFirstChanged() {
        KeyedRows rows = holdingAnnAndBob();
        Map<String, Object> carl = Map.of("id", 3L, "name", "Carl");
        Map<String, Object> ann2 = Map.of("id", 1L, "name", "Anne");
        rows.put(List.of(3L), carl);
        rows.put(List.of(1L), ann2);
        rows.put(List.of(2L), null);

        assertThat(rows.get(List.of(1L))).isEqualTo(ann2);
        assertThat(rows.get(List.of(2L))).as("deleted").isNull();
        assertThat(rows.upserted()).containsExactly(carl, ann2);
        assertThat(rows.replaced()).as("a row of every key the write replaces or deletes").containsExactly(carl, ann2, BOB);
    }

    @Test
    void aKeyAddedThenDeletedIsNeitherWrittenNorReplaced() {
        KeyedRows rows = holdingAnnAndBob();
        rows.put(List.of(3L), Map.of("id", 3L, "name", "Carl"));
        rows.put(List.of(3L), null);

        assertThat(rows.upserted()).isEmpty();
        assertThat(rows.replaced()).isEmpty();
        assertThat(rows.get(List.of(1L))).as("untouched rows are seen as they are").isEqualTo(ANN);
    }
}
