package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.key.JazminKey;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin upsert} (by append, or by a rewrite for a table kept in sortedBy order) and
 * {@code jazmin update --changes}: the rows change as asked, everything else the file holds is
 * kept, and refused changes leave the file byte-identical.
 */
class UpsertUpdateCommandsTest {
    private static final String PEOPLE = """
            {"id":1,"name":"Ann","age":30}
            {"id":2,"name":"Bob","age":40}
            {"id":3,"name":"Cid","age":50}
            """;

    @TempDir
    Path tmp;
    private Path rows;

    @BeforeEach
    void writeInput() throws Exception {
        rows = Files.writeString(tmp.resolve("people.jsonl"), PEOPLE);
    }

    /** A file of the three people, with an embedded file and a saved shape, converted with {@code options}. */
    private Path people(String name, String... options) throws Exception {
        Path file = tmp.resolve(name);
        Path page = Files.writeString(tmp.resolve("page.html"), "<p>people</p>");
        String[] args = new String[] {"convert", rows.toString(), file.toString(), "--add-file", "page.html=" + page};
        CliRun convert = CliRun.of(concat(args, options));
        assertThat(convert.code()).as(convert.err()).isZero();
        Path shape = Files.writeString(tmp.resolve("n.json"), "{\"n\":{\"$count\":true}}");
        assertThat(CliRun.of("shapes", "save", file.toString(), "--name", "n", "--shape", shape.toString()).code())
                .isZero();
        return file;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static List<String> names(Path file) {
        return JsonLines.parse(CliRun.of("query", file.toString(), "--sort", "id").out()).stream()
                .map(r -> r.get("id").asString() + ":" + r.get("name").asString()).toList();
    }

    private void assertKept(Path file) throws Exception {
        Path page = tmp.resolve("page-back.html");
        assertThat(CliRun.of("cat-file", file.toString(), "page.html", "-o", page.toString()).code()).isZero();
        assertThat(Files.readString(page)).isEqualTo("<p>people</p>");
        assertThat(CliRun.of("shapes", "list", file.toString()).out()).contains("\"name\":\"n\"");
    }

    @Test
    void upsertByAppendReplacesRowsWithTheSameKeyAndAddsTheOthers() throws Exception {
        Path file = people("plain.jzm");
        Path changes = Files.writeString(tmp.resolve("up.jsonl"), "{\"id\":2,\"name\":\"Bea\",\"age\":41}\n"
                + "{\"id\":4,\"name\":\"Dee\",\"age\":20}\n");
        CliRun upsert = CliRun.of("upsert", file.toString(), "--from", changes.toString(), "--key-columns", "id");

        assertThat(upsert.code()).as(upsert.err()).isZero();
        JsonNode result = JsonLines.tree(upsert.out());
        assertThat(result.get("rowsDeleted").asLong()).isEqualTo(1);
        assertThat(result.get("rowsAppended").asLong()).isEqualTo(2);
        assertThat(result.get("rowCount").asLong()).isEqualTo(4);
        assertThat(names(file)).containsExactly("1:Ann", "2:Bea", "3:Cid", "4:Dee");
        assertKept(file);
    }

    @Test
    void upsertIntoASortedTableRewritesItAndKeepsTheOrder() throws Exception {
        Path file = people("sorted.jzm", "--sorted-by", "id");
        Path changes = Files.writeString(tmp.resolve("up.jsonl"), "{\"id\":0,\"name\":\"Zed\",\"age\":9}\n"
                + "{\"id\":2,\"name\":\"Bea\",\"age\":41}\n");
        CliRun upsert = CliRun.of("upsert", file.toString(), "--from", changes.toString(), "--key-columns", "id");

        assertThat(upsert.code()).as(upsert.err()).isZero();
        JsonNode result = JsonLines.tree(upsert.out());
        assertThat(result.get("rewritten").asBoolean()).isTrue();
        assertThat(result.get("inserted").asLong()).isEqualTo(1);
        assertThat(result.get("updated").asLong()).isEqualTo(1);
        List<String> fileOrder = JsonLines.parse(CliRun.of("rows", file.toString()).out()).stream()
                .map(r -> r.get("name").asString()).toList();
        assertThat(fileOrder).containsExactly("Zed", "Ann", "Bea", "Cid");
        JsonNode inspect = JsonLines.tree(CliRun.of("inspect", file.toString()).out());
        assertThat(inspect.get("tables").get(0).get("sortedBy").toString()).isEqualTo("[\"id\"]");
        assertKept(file);
    }

    @Test
    void updateAppliesDeleteUpsertInsertAndMetadataInOneRewrite() throws Exception {
        Path file = people("plain.jzm");
        Path changes = Files.writeString(tmp.resolve("changes.json"), """
                {"delete": {"id": 1}, "keyColumns": ["id"], "upsert": [{"id": 3, "name": "Cy", "age": 51}],
                 "insert": [{"id": 9, "name": "Ivy", "age": null}], "metadata": {"owner": "ops"}}
                """);
        CliRun update = CliRun.of("update", file.toString(), "--changes", changes.toString());

        assertThat(update.code()).as(update.err()).isZero();
        JsonNode result = JsonLines.tree(update.out());
        assertThat(result.get("deleted").asLong()).isEqualTo(1);
        assertThat(result.get("updated").asLong()).isEqualTo(1);
        assertThat(result.get("inserted").asLong()).isEqualTo(1);
        assertThat(result.get("rowCount").asLong()).isEqualTo(3);
        assertThat(names(file)).containsExactly("2:Bob", "3:Cy", "9:Ivy");
        assertThat(JsonLines.tree(CliRun.of("inspect", file.toString()).out()).get("metadata").get("owner").asString())
                .isEqualTo("ops");
        assertKept(file);
    }

    @Test
    void badChangesAreUsageErrorsAndLeaveTheFileByteIdentical() throws Exception {
        Path file = people("plain.jzm");
        byte[] before = Files.readAllBytes(file);
        for (String json : List.of("{\"remove\": {}}", "{\"upsert\": [{\"id\": 5}]}", "{\"insert\": [{\"nope\": 1}]}",
                "{\"insert\": [{\"id\": \"x\"}]}", "{\"delete\": {\"nope\": 1}}", "[1]", "{")) {
            Path changes = Files.writeString(tmp.resolve("bad.json"), json);
            CliRun run = CliRun.of("update", file.toString(), "--changes", changes.toString());
            assertThat(run.code()).as(json + ": " + run.err()).isEqualTo(ExitCodes.USAGE);
        }
        assertUsageError(CliRun.of("upsert", file.toString(), "--from", rows.toString(), "--key-columns", "nope"));
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void anAccessKeyIsRefusedAndTheSharedFileLeftUnchanged() throws Exception {
        SharedAccessCopy copy = SharedAccessCopy.in(tmp);
        Path shared = copy.file();
        Path bob = copy.bob();
        Path input = SharedFiles.conformanceCase("shared-access").resolve("input.jsonl");
        byte[] before = Files.readAllBytes(shared);
        Path changes = Files.writeString(tmp.resolve("changes.json"), "{\"metadata\": {\"x\": 1}}");

        CliRun upsert = CliRun.of("upsert", shared.toString(), "--from", input.toString(), "--key-columns", "id",
                "--key-file", bob.toString());
        CliRun update = CliRun.of("update", shared.toString(), "--changes", changes.toString(), "--key-file",
                bob.toString());

        for (CliRun run : List.of(upsert, update)) {
            assertUsageError(run);
            assertThat(run.err()).contains("access key");
        }
        assertThat(Files.readAllBytes(shared)).isEqualTo(before);
    }

    @Test
    void anEncryptedFileStaysEncryptedUnderItsKeyFromTheEnvironment() throws Exception {
        JazminKey key = JazminKey.generate();
        Map<String, String> env = Map.of("JAZMIN_KEY", key.text());
        Path file = tmp.resolve("secret.jzm");
        assertThat(CliRun.withEnv(env, "convert", rows.toString(), file.toString()).code()).isZero();
        Path changes = Files.writeString(tmp.resolve("up.jsonl"), "{\"id\":2,\"name\":\"Bea\",\"age\":41}\n");

        CliRun upsert = CliRun.withEnv(env, "upsert", file.toString(), "--from", changes.toString(), "--key-columns",
                "id", "--rewrite");

        assertThat(upsert.code()).as(upsert.err()).isZero();
        assertThat(JazminFile.facts(file).encrypted()).isTrue();
        assertThat(CliRun.withEnv(env, "count", file.toString()).out().strip()).isEqualTo("3");
    }
}
