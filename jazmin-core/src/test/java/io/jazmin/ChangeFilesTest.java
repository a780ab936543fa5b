package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.ChangeFiles.Changes;
import io.jazmin.ChangeFiles.ColumnConflict;
import io.jazmin.ChangeFiles.Conflict;
import io.jazmin.ChangeFiles.Refusal;
import io.jazmin.ChangeFiles.Result;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.files.FileChanges;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Change files (spec §1.22): written by a sender, applied by the owner with conflicts held and refusals. */
class ChangeFilesTest {
    private static final List<Column> COLUMNS = List.of(Column.required("claim", ColumnType.STRING),
            Column.of("status", ColumnType.STRING), Column.of("note", ColumnType.STRING),
            Column.of("amount", ColumnType.DECIMAL));
    private static final String EDIT = "{\"edit\":{\"key\":[\"claim\"],\"columns\":[\"status\",\"note\"],"
            + "\"add\":true,\"delete\":true}}";
    private static final JazminKey KEY = JazminKey.generate();

    @TempDir
    Path dir;

    private Path claims(String name, WriteOptions options, String packageJson) {
        Path file = dir.resolve(name);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 1; i <= 4; i++) {
                w.writeValues("C" + i, "open", null, new BigDecimal(i + "0.50"));
            }
            w.setPackage(packageJson);
            w.finish();
        }
        return file;
    }

    private Path changeFile(Path file, ReadOptions read, WriteOptions seal, Changes changes) {
        Path out = dir.resolve("changes-" + System.nanoTime() + ".jzm");
        try (JazminReader reader = JazminReader.open(file, read)) {
            ChangeFiles.writeChanges(reader, changes, out, seal);
        }
        return out;
    }

    /** claim → "status/note/amount". */
    private static Map<String, String> rows(Path file, ReadOptions read) {
        try (JazminReader reader = JazminReader.open(file, read)) {
            return reader.table().rows().collect(Collectors.toMap(r -> (String) r.get("claim"),
                    ChangeFilesTest::text, (a, b) -> a, TreeMap::new));
        }
    }

    private static String text(Row r) {
        return r.get("status") + "/" + r.get("note") + "/" + r.get("amount");
    }

    /**
     * A table kept in {@code sortedBy} order takes added and changed rows merged into place (they used
     * to fail: "row breaks the declared sort order", since they went in as an append), keeping its
     * order, package and key; deletes alone stay an append.
     */
    @Test
    void changesToATableKeptInSortOrderAreMergedIntoPlace() {
        for (WriteOptions seal : List.of(WriteOptions.defaults(), WriteOptions.defaults().withKey(KEY))) {
            ReadOptions read = seal.key() == null ? ReadOptions.defaults() : ReadOptions.defaults().withKey(KEY);
            Path file = claims("sorted-" + (seal.key() != null) + ".jzm", seal.withSortedBy(List.of("claim")), EDIT);
            Path change = changeFile(file, read, seal, new Changes(
                    List.of(Map.of("claim", "C1", "status", "approved")),
                    List.of(Map.of("claim", "C25", "status", "new", "note", "phoned")),
                    List.of(Map.of("claim", "C3"))));

            Result result = ChangeFiles.applyChanges(file, change, read, seal, false, false);

            assertEquals(new Result(null, false, 1, 1, 1, List.of(), List.of()), result);
            try (JazminReader reader = JazminReader.open(file, read)) {
                assertThat(reader.table().sortedBy()).containsExactly("claim");
                assertThat(reader.table().rows().map(ChangeFilesTest::claimAndText)).containsExactly(
                        "C1 approved/null/10.50", "C2 open/null/20.50", "C25 new/phoned/null", "C4 open/null/40.50");
                assertThat(reader.packageJson().orElseThrow()).isEqualTo(EDIT);
            }
            Path deletes = changeFile(file, read, seal, new Changes(null, null, List.of(Map.of("claim", "C2"))));
            ChangeFiles.applyChanges(file, deletes, read, seal, false, false);
            try (JazminReader reader = JazminReader.open(file, read)) {
                assertThat(reader.appendCount()).isEqualTo(1);
                assertThat(reader.table().rows().map(r -> (String) r.get("claim"))).containsExactly("C1", "C25", "C4");
            }
        }
    }

    private static String claimAndText(Row r) {
        return r.get("claim") + " " + text(r);
    }

    @Test
    void aChangeFileHoldsTheChangesAndWhatTheSenderSawAndApplies() {
        Path file = claims("claims.jzm", WriteOptions.defaults(), EDIT);
        Path change = changeFile(file, ReadOptions.defaults(), WriteOptions.defaults(), new Changes(
                List.of(Map.of("claim", "C1", "status", "approved")),
                List.of(Map.of("claim", "C9", "status", "new", "note", "phoned")),
                List.of(Map.of("claim", "C3"))));
        try (JazminReader reader = JazminReader.open(change)) {
            assertEquals("changes", reader.table().name());
            assertThat(reader.table().columns()).extracting(Column::name).containsExactly("jazmin.op", "jazmin.set",
                    "claim", "status", "note", "jazmin.before.status", "jazmin.before.note");
            assertThat(reader.metadata()).contains("\"jazmin.changes\":{\"version\":1,\"file\":\"")
                    .contains("\"table\":\"\",\"key\":[\"claim\"],\"columns\":[\"status\",\"note\"],\"sender\":null");
            List<Row> rows = reader.table().rows().toList();
            assertThat(rows).extracting(r -> r.get("jazmin.op")).containsExactly("add", "update", "delete");
            assertEquals("[\"status\"]", rows.get(1).get("jazmin.set").toString().replace(" ", ""));
            assertEquals("open", rows.get(1).get("jazmin.before.status"));
            assertEquals(null, rows.get(1).get("jazmin.before.note"), "the update does not set note");
            assertEquals("open", rows.get(2).get("jazmin.before.status"), "a delete records every editable column");
        }
        byte[] before = readAll(file);
        Result dry = ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(), false, true);
        assertEquals(new Result(null, false, 1, 1, 1, List.of(), List.of()), dry);
        assertArrayEquals(before, readAll(file), "a dry run writes nothing");

        Result applied = ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(), false,
                false);
        assertEquals(dry, applied);
        assertThat(rows(file, ReadOptions.defaults())).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "C1", "approved/null/10.50", "C2", "open/null/20.50", "C4", "open/null/40.50", "C9", "new/phoned/null")));
    }

    @Test
    void changesToRowsChangedSinceTheSendersCopyAreHeldUnlessOverwritten() {
        Path file = claims("held.jzm", WriteOptions.defaults(), EDIT);
        Path change = changeFile(file, ReadOptions.defaults(), WriteOptions.defaults(), new Changes(
                List.of(Map.of("claim", "C2", "status", "approved"), Map.of("claim", "C4", "note", "x")),
                List.of(Map.of("claim", "C8", "status", "new")), List.of()));
        // Meanwhile the owner changes C2, adds C8 and deletes C4.
        JazminFile.upsert(file, null, List.of("claim"), List.of(
                Map.of("claim", "C2", "status", "rejected"), Map.of("claim", "C8", "status", "owner's")),
                WriteOptions.defaults());
        JazminFile.delete(file, io.jazmin.data.Filter.parse("{\"claim\":\"C4\"}"), WriteOptions.defaults());

        Result held = ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(), false,
                false);
        assertThat(held.conflicts()).containsExactly(
                new Conflict("add", Map.of("claim", "C8"), "exists", List.of()),
                new Conflict("update", Map.of("claim", "C2"), "changed",
                        List.of(new ColumnConflict("status", "open", "approved", "rejected"))),
                new Conflict("update", Map.of("claim", "C4"), "missing", List.of()));
        assertEquals(0, held.updated() + held.added() + held.deleted());
        assertEquals("rejected/null/null", rows(file, ReadOptions.defaults()).get("C2"));

        Result forced = ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(), true,
                false);
        assertEquals(2, forced.updated(), "C8 (exists) and C2 overwritten; C4 has nothing to overwrite");
        assertThat(forced.conflicts()).extracting(Conflict::kind).containsExactly("missing");
        assertEquals("approved/null/null", rows(file, ReadOptions.defaults()).get("C2"));
        assertEquals("new/null/null", rows(file, ReadOptions.defaults()).get("C8"));
    }

    @Test
    void whatTheCurrentDocumentNoLongerAllowsIsRefused() {
        Path file = claims("narrowed.jzm", WriteOptions.defaults(), EDIT);
        Path change = changeFile(file, ReadOptions.defaults(), WriteOptions.defaults(), new Changes(
                List.of(Map.of("claim", "C1", "note", "n"), Map.of("claim", "C2", "status", "s")),
                List.of(Map.of("claim", "C7", "status", "x")), List.of(Map.of("claim", "C3"))));
        JazminFile.changeFiles(file, FileChanges.none().withPackage("{\"edit\":{\"key\":[\"claim\"],"
                + "\"columns\":[\"status\"]}}"), WriteOptions.defaults());

        Result result = ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(), false,
                false);
        assertThat(result.refused()).containsExactly(
                new Refusal("add", Map.of("claim", "C7"), "the document doesn't allow adding rows"),
                new Refusal("update", Map.of("claim", "C1"), "column 'note' can't be changed by this sender"),
                new Refusal("delete", Map.of("claim", "C3"), "the document doesn't allow deleting rows"));
        assertEquals(1, result.updated());
        assertThat(rows(file, ReadOptions.defaults())).hasSize(4).containsEntry("C2", "s/null/20.50");

        JazminFile.changeFiles(file, FileChanges.none().withPackage(""), WriteOptions.defaults());
        assertThatThrownBy(() -> ChangeFiles.applyChanges(file, change, ReadOptions.defaults(), WriteOptions.defaults(),
                false, false)).isInstanceOf(JazminValidationException.class)
                .hasMessage("The file doesn't take changes: its document has no package.edit");
    }

    @Test
    void theSenderCannotWriteWhatTheDocumentDoesNotAllow() {
        Path file = claims("sender.jzm", WriteOptions.defaults(), "{\"edit\":{\"key\":[\"claim\"],\"columns\":[\"status\"]}}");
        assertRefusedToWrite(file, new Changes(List.of(Map.of("claim", "C1", "amount", 1)), null, null),
                "Column 'amount' can't be changed through this document");
        assertRefusedToWrite(file, new Changes(null, List.of(Map.of("claim", "C5")), null),
                "This document doesn't allow adding rows");
        assertRefusedToWrite(file, new Changes(List.of(Map.of("claim", "C1", "status", "a"),
                Map.of("claim", "C1", "status", "b")), null, null), "Changes: claim C1 appears twice: one change per row");
        assertRefusedToWrite(file, new Changes(List.of(Map.of("claim", "C6", "status", "a")), null, null),
                "No row with claim C6 is visible with this key");
        assertRefusedToWrite(file, new Changes(null, null, null), "No changes to save");
        Path plain = claims("plain.jzm", WriteOptions.defaults(), "");
        assertRefusedToWrite(plain, new Changes(List.of(Map.of("claim", "C1", "status", "a")), null, null),
                "This file's document doesn't allow changes (it has no package.edit)");
    }

    private void assertRefusedToWrite(Path file, Changes changes, String message) {
        assertThatThrownBy(() -> changeFile(file, ReadOptions.defaults(), WriteOptions.defaults(), changes))
                .isInstanceOf(JazminValidationException.class).hasMessage(message);
    }

    @Test
    void aKeyFilesChangesAreSealedWithItsKeyAndAnotherFilesAreRefused() throws Exception {
        WriteOptions keyed = WriteOptions.defaults().withKey(KEY);
        ReadOptions read = ReadOptions.defaults().withKey(KEY);
        Path file = claims("keyed.jzm", keyed, EDIT);
        Changes update = new Changes(List.of(Map.of("claim", "C1", "status", "done")), null, null);
        assertThatThrownBy(() -> changeFile(file, read, WriteOptions.defaults(), update))
                .isInstanceOf(JazminValidationException.class)
                .hasMessage("Give the key or password the file opens with, to seal its changes with");
        Path change = changeFile(file, read, keyed, update);
        assertThatThrownBy(() -> JazminReader.open(change).close()).isInstanceOf(io.jazmin.error.JazminException.class);

        assertEquals(1, ChangeFiles.applyChanges(file, change, read, keyed, false, false).updated());
        assertEquals("done/null/10.50", rows(file, read).get("C1"));

        JazminKey other = JazminKey.generate();
        Path otherFile = claims("other.jzm", WriteOptions.defaults().withKey(other), EDIT);
        assertThatThrownBy(() -> ChangeFiles.applyChanges(otherFile, change, ReadOptions.defaults().withKey(other),
                WriteOptions.defaults().withKey(other), false, false)).isInstanceOf(JazminValidationException.class)
                .hasMessageStartingWith("The change file doesn't open with this file's key");

        // A change file of a table keyed otherwise.
        Path byStatus = claims("by-status.jzm", keyed, "{\"edit\":{\"key\":[\"claim\",\"status\"],\"columns\":[\"note\"]}}");
        assertThatThrownBy(() -> ChangeFiles.applyChanges(byStatus, change, read, keyed, false, false))
                .isInstanceOf(JazminValidationException.class)
                .hasMessage("The change file is for table '' by [claim]; this file's document changes '' by "
                        + "[claim, status]");
        assertThat(Files.exists(change)).isTrue();
    }

    private static byte[] readAll(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
