package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ReadCommandsTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types");

    @Test
    void rowsOfAReferenceFileMatchTheExpectedCanonicalRows() throws Exception {
        CliRun run = CliRun.of("rows", mixed.resolve("data.jzm").toString(), "--canonical");
        assertThat(run.code()).as(run.err()).isZero();
        JsonLines.assertSameRows(run.out(), Files.readString(mixed.resolve("expected.default.jsonl")));
    }

    @Test
    void rowsHonoursSelectOffsetAndLimit() {
        CliRun run = CliRun.of("rows", mixed.resolve("data.jzm").toString(),
                "--select", "name,id", "--offset", "1", "--limit", "2");
        assertThat(run.out()).isEqualTo("{\"name\":null,\"id\":2}\n{\"name\":\"Zoë 👋\",\"id\":4611686018427387904}\n"
                .replace("4611686018427387904", "\"4611686018427387904\""));
    }

    @Test
    void inspectDescribesFlagsMetadataAndColumns() {
        CliRun run = CliRun.of("inspect", mixed.resolve("data.jzm").toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode report = JsonLines.tree(run.out());
        assertThat(report.get("flags").get("encrypted").asBoolean()).isFalse();
        assertThat(report.get("metadata").get("note").asString()).isEqualTo("mixed types");
        assertThat(report.get("fileId").asString()).hasSize(32);
        JsonNode table = report.get("tables").get(0);
        assertThat(table.get("rowCount").asLong()).isEqualTo(12);
        assertThat(table.get("chunkCount").asInt()).isEqualTo(3);
        JsonNode id = table.get("columns").get(0);
        assertThat(id.get("name").asString()).isEqualTo("id");
        assertThat(id.get("nullable").asBoolean()).isFalse();
        assertThat(id.get("description").asString()).isEqualTo("Primary key");
        assertThat(table.get("columns").get(8).get("attributes").get("note").asString()).contains("nested");
    }

    @Test
    void damagedAndMissingFilesExitWith3(@TempDir Path tmp) throws Exception {
        byte[] bytes = Files.readAllBytes(mixed.resolve("data.jzm"));
        Path truncated = tmp.resolve("truncated.jzm");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
        for (String command : new String[] {"inspect", "rows"}) {
            CliRun run = CliRun.of(command, truncated.toString());
            assertThat(run.code()).as(run.err()).isEqualTo(3);
            assertThat(run.err()).startsWith("jazmin: ").hasLineCount(1);
        }
        CliRun missing = CliRun.of("rows", tmp.resolve("missing.jzm").toString());
        assertThat(missing.code()).isEqualTo(3);
        assertThat(missing.err()).startsWith("jazmin: ").hasLineCount(1);
        CliRun convert = CliRun.of("convert", truncated.toString(), tmp.resolve("out.jsonl").toString());
        assertThat(convert.code()).isEqualTo(3);
        assertThat(tmp.resolve("out.jsonl")).doesNotExist();
    }

    @Test
    void usageErrorsExitWith2() {
        String file = mixed.resolve("data.jzm").toString();
        assertUsageError(CliRun.of());
        assertUsageError(CliRun.of("rows"));
        assertUsageError(CliRun.of("rows", file, "--bogus"));
        assertUsageError(CliRun.of("rows", file, "--limit", "many"));
        assertUsageError(CliRun.of("rows", file, "--limit", "-1"));
        assertUsageError(CliRun.of("rows", file, "--select", "nope"));
        assertUsageError(CliRun.of("inspect", file, "--table", "nope"));
    }

    @Test
    void helpListsTheExitCodes() {
        CliRun run = CliRun.of("--help");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("Exit codes:", "usage error", "unreadable input");
    }
}
