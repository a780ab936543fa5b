package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code jazmin append}, {@code delete}, {@code compact} and {@code storage}. */
class ChangeCommandsTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types");
    private final Path inserted = SharedFiles.conformanceCase("appended-insert");

    /** A .jzm copy of the appended-insert case (400 rows, indexes, appendCount 1). */
    private Path copy(Path tmp) throws Exception {
        Path jzm = tmp.resolve("data.jzm");
        Files.copy(inserted.resolve("data.jzm"), jzm);
        return jzm;
    }

    @Test
    void appendsJsonLinesJsonAndCsvRows(@TempDir Path tmp) throws Exception {
        Path jzm = copy(tmp);
        Path jsonl = tmp.resolve("more.jsonl");
        Files.writeString(jsonl, """
                {"id":"1000","name":"Nomsa Appended","country":"ZA","age":"30","balance":1.5,"joined":"2024-01-02T03:04:05.000Z","active":true}
                {"id":1001,"name":"Second","email":null}
                """);
        CliRun run = CliRun.of("append", jzm.toString(), "--from", jsonl.toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode result = JsonLines.tree(run.out());
        assertThat(result.get("appendCount").asLong()).isEqualTo(2);
        assertThat(result.get("rowsAppended").asLong()).isEqualTo(2);
        assertThat(result.get("rowCount").asLong()).isEqualTo(402);

        Path json = tmp.resolve("more.json");
        Files.writeString(json, "[{\"id\":1002,\"name\":\"Third\",\"country\":\"BW\"}]");
        assertThat(CliRun.of("append", jzm.toString(), "--from", json.toString(), "--table", "").code()).isZero();
        Path csv = tmp.resolve("more.csv");
        Files.writeString(csv, "id,name,country\n1003,Fourth,LS\n1004,Fifth,ZA\n");
        CliRun csvRun = CliRun.of("append", jzm.toString(), "--from", csv.toString());
        assertThat(csvRun.code()).as(csvRun.err()).isZero();
        assertThat(JsonLines.tree(csvRun.out()).get("rowCount").asLong()).isEqualTo(405);

        // The reference rows are unchanged, ours follow, the indexes find them.
        CliRun rows = CliRun.of("rows", jzm.toString(), "--canonical", "--limit", "400");
        JsonLines.assertSameRows(rows.out(), Files.readString(inserted.resolve("expected.default.jsonl")));
        CliRun found = CliRun.of("find", jzm.toString(), "--where", "{\"id\":{\"gte\":1000}}", "--select", "id,name",
                "--canonical");
        assertThat(found.code()).as(found.err()).isZero();
        assertThat(JsonLines.parse(found.out())).extracting(n -> n.get("name").asString())
                .containsExactly("Nomsa Appended", "Second", "Third", "Fourth", "Fifth");
        CliRun explain = CliRun.of("explain", jzm.toString(), "--where", "{\"id\":1004}");
        assertThat(explain.out()).contains("index");
        assertThat(CliRun.of("count", jzm.toString(), "--where", "{\"country\":\"LS\"}").out().strip())
                .isEqualTo(Long.toString(countCountry("LS") + 1));
    }

    private long countCountry(String country) throws Exception {
        return JsonLines.parse(Files.readString(inserted.resolve("expected.default.jsonl"))).stream()
                .filter(n -> country.equals(n.path("country").asString(""))).count();
    }

    @Test
    void badAppendsAreRefusedAndLeaveTheFileUnchanged(@TempDir Path tmp) throws Exception {
        Path jzm = copy(tmp);
        byte[] before = Files.readAllBytes(jzm);
        Path bad = tmp.resolve("bad.jsonl");
        Files.writeString(bad, "{\"id\":5000,\"name\":\"ok\"}\n{\"id\":\"not a number\"}\n");
        CliRun run = CliRun.of("append", jzm.toString(), "--from", bad.toString());
        assertThat(run.code()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(run.err()).startsWith("jazmin: ").hasLineCount(1);
        Path nullId = tmp.resolve("null.jsonl");
        Files.writeString(nullId, "{\"name\":\"no id\"}\n");
        assertThat(CliRun.of("append", jzm.toString(), "--from", nullId.toString()).code())
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(Files.readAllBytes(jzm)).isEqualTo(before);

        assertUsageError(CliRun.of("append", jzm.toString(), "--from", tmp.resolve("rows.txt").toString()));
        assertUsageError(CliRun.of("append", jzm.toString()));
        assertUsageError(CliRun.of("append", jzm.toString(), "--from", bad.toString(), "--table", "nope"));
        assertThat(CliRun.of("append", jzm.toString(), "--from", tmp.resolve("missing.jsonl").toString()).code())
                .isEqualTo(ExitCodes.UNREADABLE);
        assertThat(Files.readAllBytes(jzm)).isEqualTo(before);
    }

    @Test
    void deleteThenCompactThenStorage(@TempDir Path tmp) throws Exception {
        Path jzm = copy(tmp);
        CliRun del = CliRun.of("delete", jzm.toString(), "--where", "{\"country\":\"ZA\"}");
        assertThat(del.code()).as(del.err()).isZero();
        long za = countCountry("ZA");
        JsonNode result = JsonLines.tree(del.out());
        assertThat(result.get("rowsDeleted").asLong()).isEqualTo(za);
        assertThat(result.get("rowCount").asLong()).isEqualTo(400 - za);
        assertThat(CliRun.of("count", jzm.toString(), "--where", "{\"country\":\"ZA\"}").out().strip()).isEqualTo("0");
        assertThat(CliRun.of("count", jzm.toString()).out().strip()).isEqualTo(Long.toString(400 - za));

        CliRun storage = CliRun.of("storage", jzm.toString());
        assertThat(storage.code()).as(storage.err()).isZero();
        JsonNode s = JsonLines.tree(storage.out());
        assertThat(s.get("fileBytes").asLong()).isEqualTo(Files.size(jzm));
        assertThat(s.get("deadBytes").asLong()).isPositive();
        assertThat(s.get("liveBytes").asLong() + s.get("deadBytes").asLong()).isEqualTo(Files.size(jzm));
        assertThat(s.get("appendCount").asLong()).isEqualTo(2);
        assertThat(s.get("appended").asBoolean()).isTrue();
        assertThat(s.get("deletedRows").asLong()).isEqualTo(za);
        assertThat(s.get("tables").get(0).get("directorySegments").asInt()).isEqualTo(2);

        CliRun compact = CliRun.of("compact", jzm.toString());
        assertThat(compact.code()).as(compact.err()).isZero();
        JsonNode c = JsonLines.tree(compact.out());
        assertThat(c.get("deletedRowsDropped").asLong()).isEqualTo(za);
        assertThat(c.get("bytesAfter").asLong()).isEqualTo(Files.size(jzm)).isLessThan(c.get("bytesBefore").asLong());
        assertThat(c.get("rowCount").asLong()).isEqualTo(400 - za);

        JsonNode after = JsonLines.tree(CliRun.of("storage", jzm.toString()).out());
        assertThat(after.get("deadBytes").asLong()).isZero();
        assertThat(after.get("appendCount").asLong()).isZero();
        assertThat(after.get("appended").asBoolean()).isFalse();
        assertThat(after.get("deletedRows").asLong()).isZero();
        JsonNode inspect = JsonLines.tree(CliRun.of("inspect", jzm.toString()).out());
        assertThat(inspect.get("tables").get(0).get("indexes")).hasSize(3);
    }

    @Test
    void deleteNeedsAValidFilter(@TempDir Path tmp) throws Exception {
        Path jzm = copy(tmp);
        byte[] before = Files.readAllBytes(jzm);
        assertUsageError(CliRun.of("delete", jzm.toString()));
        assertUsageError(CliRun.of("delete", jzm.toString(), "--where", "{\"nope\":1}"));
        assertUsageError(CliRun.of("delete", jzm.toString(), "--where", "{not json"));
        assertUsageError(CliRun.of("delete", jzm.toString(), "--where", "{\"id\":1}", "--table", "x"));
        assertThat(Files.readAllBytes(jzm)).isEqualTo(before);
    }

    @Test
    void aHeldLockIsReported(@TempDir Path tmp) throws Exception {
        Path jzm = copy(tmp);
        Files.createFile(tmp.resolve("data.jzm.lock"));
        for (List<String> args : List.of(List.of("delete", jzm.toString(), "--where", "{\"id\":1}"),
                List.of("compact", jzm.toString()))) {
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertThat(run.code()).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(run.err()).contains("data.jzm.lock").contains("another writer");
        }
        // Reading is not blocked.
        assertThat(CliRun.of("storage", jzm.toString()).code()).isZero();
    }

    @Test
    void changesAnEncryptedFileWithItsKey(@TempDir Path tmp) throws Exception {
        Path key = tmp.resolve("key.txt");
        Files.writeString(key, CliRun.of("keygen").out());
        Path jzm = tmp.resolve("secret.jzm");
        CliRun write = CliRun.of("convert", mixed.resolve("input.jsonl").toString(), jzm.toString(),
                "--schema", mixed.resolve("schema.json").toString(), "--key-file", key.toString());
        assertThat(write.code()).as(write.err()).isZero();
        Path more = tmp.resolve("more.jsonl");
        Files.writeString(more, "{\"id\":900}\n{\"id\":901}\n");
        assertThat(CliRun.of("append", jzm.toString(), "--from", more.toString()).code())
                .isEqualTo(ExitCodes.UNREADABLE);
        CliRun append = CliRun.of("append", jzm.toString(), "--from", more.toString(), "--key-file", key.toString());
        assertThat(append.code()).as(append.err()).isZero();
        CliRun del = CliRun.of("delete", jzm.toString(), "--where", "{\"id\":900}", "--key-file", key.toString());
        assertThat(del.code()).as(del.err()).isZero();
        assertThat(JsonLines.tree(del.out()).get("rowsDeleted").asLong()).isEqualTo(1);
        assertThat(CliRun.of("compact", jzm.toString(), "--key-file", key.toString()).code()).isZero();
        CliRun count = CliRun.of("count", jzm.toString(), "--key-file", key.toString());
        assertThat(count.out().strip()).isEqualTo("13");
        JsonNode s = JsonLines.tree(CliRun.of("storage", jzm.toString(), "--key-file", key.toString()).out());
        assertThat(s.get("deadBytes").asLong()).isZero();
    }
}
