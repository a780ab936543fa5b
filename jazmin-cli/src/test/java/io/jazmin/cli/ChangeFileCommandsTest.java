package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.convert.TextLimits;
import io.jazmin.files.FileChanges;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
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
import tools.jackson.databind.JsonNode;

/** {@code jazmin write-changes} and {@code apply-changes} (change files, spec §1.22). */
class ChangeFileCommandsTest {
    private static final List<Column> COLUMNS = List.of(Column.required("claim", ColumnType.STRING),
            Column.of("status", ColumnType.STRING), Column.of("note", ColumnType.STRING),
            Column.of("amount", ColumnType.DECIMAL));
    private static final String EDIT = "{\"edit\":{\"key\":[\"claim\"],\"columns\":[\"status\",\"note\"],"
            + "\"add\":true,\"delete\":true}}";
    private static final String CHANGES = """
            {"op":"update","key":{"claim":"C1"},"set":{"status":"approved"}}

            {"op":"add","key":{"claim":"C9"},"set":{"status":"new","note":"phoned"}}
            {"op":"delete","key":{"claim":"C3"}}
            """;

    @TempDir
    Path dir;

    /** Claims C1..C4, all "open", with a document that lets senders change status and note, add and delete. */
    private Path claims(WriteOptions options) {
        Path file = dir.resolve("claims.jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 1; i <= 4; i++) {
                w.writeValues("C" + i, "open", null, new BigDecimal(i + "0.50"));
            }
            w.setPackage(EDIT);
            w.finish();
        }
        return file;
    }

    private Path changes(String jsonl) throws Exception {
        return Files.writeString(dir.resolve("changes-" + System.nanoTime() + ".jsonl"), jsonl);
    }

    /** claim → "status/note/amount". */
    private static Map<String, String> rows(Path file, ReadOptions read) {
        try (JazminReader reader = JazminReader.open(file, read)) {
            return reader.table().rows().collect(Collectors.toMap(r -> (String) r.get("claim"),
                    r -> r.get("status") + "/" + r.get("note") + "/" + r.get("amount"), (a, b) -> a, TreeMap::new));
        }
    }

    private static JsonNode ok(CliRun run) {
        assertThat(run.code()).as(run.err()).isZero();
        return JsonLines.tree(run.out());
    }

    @Test
    void aChangeFileWrittenFromJsonLinesAppliesCleanly() throws Exception {
        Path file = claims(WriteOptions.defaults());
        Path change = dir.resolve("c.jzm");
        JsonNode written = ok(CliRun.of("write-changes", file.toString(), "--changes", changes(CHANGES).toString(),
                "--out", change.toString()));
        assertThat(written.toString()).isEqualTo("{\"out\":\"" + change + "\",\"update\":1,\"add\":1,\"delete\":1}");
        assertThat(rows(file, ReadOptions.defaults())).containsEntry("C1", "open/null/10.50").containsKey("C3");

        JsonNode dry = ok(CliRun.of("apply-changes", file.toString(), change.toString(), "--dry-run"));
        assertThat(dry.get("dryRun").asBoolean()).isTrue();
        assertThat(rows(file, ReadOptions.defaults())).containsEntry("C1", "open/null/10.50");

        JsonNode applied = ok(CliRun.of("apply-changes", file.toString(), change.toString()));
        assertThat(applied.toString()).isEqualTo("{\"dryRun\":false,\"sender\":null,\"fileChanged\":false,"
                + "\"applied\":{\"updated\":1,\"added\":1,\"deleted\":1},\"held\":[],\"refused\":[]}");
        assertThat(rows(file, ReadOptions.defaults())).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "C1", "approved/null/10.50", "C2", "open/null/20.50", "C4", "open/null/40.50", "C9", "new/phoned/null")));
    }

    @Test
    void aRowChangedSinceTheSendersCopyIsHeldWithBeforeWantedAndNowUntilOverwritten() throws Exception {
        Path file = claims(WriteOptions.defaults());
        Path change = dir.resolve("c.jzm");
        ok(CliRun.of("write-changes", file.toString(), "--changes", changes("""
                {"op":"update","key":{"claim":"C2"},"set":{"status":"approved"}}
                {"op":"update","key":{"claim":"C4"},"set":{"note":"checked"}}
                """).toString(), "--out", change.toString()));
        JazminFile.upsert(file, null, List.of("claim"), List.of(Map.of("claim", "C2", "status", "rejected")),
                WriteOptions.defaults());

        JsonNode held = ok(CliRun.of("apply-changes", file.toString(), change.toString()));
        assertThat(held.get("applied").toString()).isEqualTo("{\"updated\":1,\"added\":0,\"deleted\":0}");
        assertThat(held.get("held").toString()).isEqualTo("[{\"op\":\"update\",\"key\":{\"claim\":\"C2\"},"
                + "\"kind\":\"changed\",\"columns\":[{\"column\":\"status\",\"before\":\"open\",\"wanted\":\"approved\","
                + "\"now\":\"rejected\"}]}]");
        assertThat(rows(file, ReadOptions.defaults())).containsEntry("C2", "rejected/null/null")
                .containsEntry("C4", "open/checked/40.50");

        JsonNode forced = ok(CliRun.of("apply-changes", file.toString(), change.toString(), "--overwrite"));
        assertThat(forced.get("held")).isEmpty();
        assertThat(rows(file, ReadOptions.defaults())).containsEntry("C2", "approved/null/null");
    }

    @Test
    void whatTheDocumentNoLongerAllowsIsRefusedAndNeverApplied() throws Exception {
        Path file = claims(WriteOptions.defaults());
        Path change = dir.resolve("c.jzm");
        ok(CliRun.of("write-changes", file.toString(), "--changes", changes(CHANGES).toString(),
                "--out", change.toString()));
        JazminFile.changeFiles(file, FileChanges.none().withPackage("{\"edit\":{\"key\":[\"claim\"],"
                + "\"columns\":[\"status\"]}}"), WriteOptions.defaults());

        JsonNode result = ok(CliRun.of("apply-changes", file.toString(), change.toString()));
        assertThat(result.get("refused").toString()).isEqualTo("[{\"op\":\"add\",\"key\":{\"claim\":\"C9\"},"
                + "\"reason\":\"the document doesn't allow adding rows\"},{\"op\":\"delete\",\"key\":{\"claim\":\"C3\"},"
                + "\"reason\":\"the document doesn't allow deleting rows\"}]");
        assertThat(result.get("applied").toString()).isEqualTo("{\"updated\":1,\"added\":0,\"deleted\":0}");
        assertThat(rows(file, ReadOptions.defaults())).hasSize(4).containsKey("C3").doesNotContainKey("C9")
                .containsEntry("C1", "approved/null/10.50");
    }

    @Test
    void aKeyFilesChangesAreSealedWithTheKeyFromKeyFile() throws Exception {
        Path keyFile = Files.writeString(dir.resolve("key.txt"), CliRun.of("keygen").out());
        JazminKey key = JazminKey.parse(Files.readString(keyFile).strip());
        Path file = claims(WriteOptions.defaults().withKey(key));
        Path change = dir.resolve("c.jzm");
        String jsonl = changes("{\"op\":\"update\",\"key\":{\"claim\":\"C1\"},\"set\":{\"status\":\"done\"}}\n").toString();

        CliRun noKey = CliRun.of("write-changes", file.toString(), "--changes", jsonl, "--out", change.toString());
        assertThat(noKey.code()).isEqualTo(ExitCodes.UNREADABLE);
        ok(CliRun.of("write-changes", file.toString(), "--changes", jsonl, "--out", change.toString(),
                "--key-file", keyFile.toString()));
        CliRun keyless = CliRun.of("inspect", change.toString());
        assertThat(keyless.code()).as(keyless.err()).isZero();
        assertThat(JsonLines.tree(keyless.out()).get("encryption").asString()).as("sealed with the file's key")
                .isEqualTo("key");
        assertThat(CliRun.of("rows", change.toString()).code()).isEqualTo(ExitCodes.UNREADABLE);

        JsonNode applied = ok(CliRun.of("apply-changes", file.toString(), change.toString(), "--key-file",
                keyFile.toString()));
        assertThat(applied.get("applied").get("updated").asLong()).isEqualTo(1);
        assertThat(rows(file, ReadOptions.defaults().withKey(key))).containsEntry("C1", "done/null/10.50");
    }

    @Test
    void aHolderOfASharedFileSendsChangesTheOwnerAppliesAsItsOwn() throws Exception {
        Path ownerFile = Files.writeString(dir.resolve("owner.txt"), CliRun.of("keygen").out());
        JazminKey owner = JazminKey.parse(Files.readString(ownerFile).strip());
        AccessKeyText holder = AccessKeyText.generate(owner);
        Path holderFile = Files.writeString(dir.resolve("holder.txt"), holder.text());
        Path file = claims(WriteOptions.defaults().withKey(owner).withAccess(AccessSettings.defaults()
                .withGrant(AccessGrant.of(holder))));
        Path change = dir.resolve("c.jzm");
        String jsonl = changes("{\"op\":\"update\",\"key\":{\"claim\":\"C2\"},\"set\":{\"status\":\"done\"}}\n").toString();

        ok(CliRun.of("write-changes", file.toString(), "--changes", jsonl, "--out", change.toString(),
                "--key-file", holderFile.toString()));
        assertThat(CliRun.of("apply-changes", file.toString(), change.toString(), "--key-file", holderFile.toString())
                .code()).as("only the owner applies").isNotZero();

        JsonNode applied = ok(CliRun.of("apply-changes", file.toString(), change.toString(), "--key-file",
                ownerFile.toString()));
        assertThat(applied.get("sender").asString()).isEqualTo(holder.keyId());
        assertThat(applied.get("applied").get("updated").asLong()).isEqualTo(1);
        assertThat(rows(file, ReadOptions.defaults().withKey(owner))).containsEntry("C2", "done/null/20.50");
    }

    @Test
    void badChangeLinesAndDisallowedChangesExitWith3AndWriteNothing() throws Exception {
        Path file = claims(WriteOptions.defaults());
        Path change = dir.resolve("c.jzm");
        assertRefused(file, change, "{\"op\":\"upsert\",\"key\":{\"claim\":\"C1\"}}\n",
                "line 1: \"op\" must be \"update\", \"add\" or \"delete\"");
        assertRefused(file, change, "\n{\"op\":\"update\",\"key\":{\"claim\":\"C1\"},\"set\":{\"amount\":\"1.00\"}}\n",
                "Column 'amount' can't be changed through this document");
        assertRefused(file, change, "{\"op\":\"update\",\"key\":{\"claim\":\"C1\"},\"set\":{\"colour\":\"red\"}}\n",
                "line 1: table '' has no column 'colour'");
        assertRefused(file, change, "{\"op\":\"delete\",\"key\":{\"claim\":\"C1\"},\"set\":{\"status\":\"x\"}}\n",
                "line 1: a delete takes the key only");
        assertRefused(file, change, "{\"op\":\"update\",\"key\":{\"claim\":\"C7\"},\"set\":{\"status\":\"x\"}}\n",
                "No row with claim C7 is visible with this key");
        assertRefused(file, change, "{\"op\":\"update\",", "line 1: not a JSON object");
    }

    @Test
    void aChangeLineLongerThanARowMayBeIsRefusedBeforeItIsRead() throws Exception {
        Path file = claims(WriteOptions.defaults());
        String note = "x".repeat(TextLimits.DEFAULT_MAX_ROW_LENGTH);
        assertRefused(file, dir.resolve("c.jzm"), "{\"op\":\"update\",\"key\":{\"claim\":\"C1\"},\"set\":{\"note\":\""
                + note + "\"}}\n", "line 1: longer than " + TextLimits.DEFAULT_MAX_ROW_LENGTH + " characters");
    }

    @Test
    void changeLinesEndInLineFeedsCarriageReturnsOrBoth() throws Exception {
        Path file = claims(WriteOptions.defaults());
        Path change = dir.resolve("c.jzm");
        CliRun run = CliRun.of("write-changes", file.toString(), "--changes", changes(CHANGES.replace("\n", "\r\n")
                .replaceFirst("\r\n", "\r")).toString(), "--out", change.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(change).exists();
    }

    private void assertRefused(Path file, Path change, String jsonl, String message) throws Exception {
        CliRun run = CliRun.of("write-changes", file.toString(), "--changes", changes(jsonl).toString(),
                "--out", change.toString());
        assertThat(run.code()).as(run.out()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(run.err()).startsWith("jazmin: ").contains(message).hasLineCount(1);
        assertThat(change).doesNotExist();
    }
}
