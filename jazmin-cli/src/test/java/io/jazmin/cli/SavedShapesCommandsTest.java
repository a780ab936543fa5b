package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin shapes save|list|remove} through the core's saved shapes ({@code FileChanges}),
 * run by {@code query --shape NAME} and {@code export --saved NAME}, and shown by {@code inspect};
 * everything else the file holds is kept, and refused changes leave it byte-identical.
 */
class SavedShapesCommandsTest {
    private static final String COUNT_SHAPE = "{\"n\":{\"$count\":true}}";
    private static final String BW = "{\"country\":\"BW\"}";

    @TempDir
    Path tmp;
    private Path file;
    private Path shape;

    @BeforeEach
    void copyReference() throws Exception {
        file = Files.copy(SharedFiles.conformanceCase("sorted-indexed").resolve("data.jzm"), tmp.resolve("data.jzm"));
        shape = Files.writeString(tmp.resolve("count.json"), COUNT_SHAPE);
        Path page = Files.writeString(tmp.resolve("index.html"), "<h1>customers</h1>");
        assertThat(CliRun.of("add-file", file.toString(), "index.html=" + page).code()).isZero();
    }

    @Test
    void aSavedShapeIsListedRunByNameShownByInspectAndRemoved() {
        String rowsBefore = CliRun.of("rows", file.toString()).out();
        CliRun save = CliRun.of("shapes", "save", file.toString(), "--name", "count", "--shape", shape.toString(),
                "--description", "how many");
        assertThat(save.code()).as(save.err()).isZero();
        assertThat(JsonLines.tree(save.out()).get("saved").asString()).isEqualTo("count");
        assertThat(JsonLines.tree(save.out()).get("replaced").asBoolean()).isFalse();

        CliRun list = CliRun.of("shapes", "list", file.toString());
        assertThat(list.code()).as(list.err()).isZero();
        JsonNode listed = JsonLines.tree(list.out());
        assertThat(listed.get("name").asString()).isEqualTo("count");
        assertThat(listed.get("description").asString()).isEqualTo("how many");
        assertThat(listed.get("shape").toString()).isEqualTo(COUNT_SHAPE);

        assertThat(CliRun.of("query", file.toString(), "--where", BW, "--shape", "count").out()).isEqualTo("{\"n\":375}\n");
        assertThat(CliRun.of("export", file.toString(), "--saved", "count").out()).isEqualTo("{\"n\":3000}\n");

        JsonNode inspect = JsonLines.tree(CliRun.of("inspect", file.toString()).out());
        assertThat(inspect.get("shapes").get(0).get("name").asString()).isEqualTo("count");
        assertThat(inspect.get("fileCount").asInt()).isEqualTo(1);

        CliRun remove = CliRun.of("shapes", "remove", file.toString(), "count");
        assertThat(remove.code()).as(remove.err()).isZero();
        assertThat(CliRun.of("shapes", "list", file.toString()).out()).isEmpty();
        assertThat(CliRun.of("rows", file.toString()).out()).as("rows kept").isEqualTo(rowsBefore);
        assertThat(CliRun.of("files", file.toString()).out()).contains("index.html");
        JsonNode after = JsonLines.tree(CliRun.of("inspect", file.toString()).out());
        assertThat(after.get("tables")).as("columns, sort order and indexes kept").isEqualTo(inspect.get("tables"));
    }

    @Test
    void savingUnderANameTakenReplacesTheShape() throws Exception {
        CliRun.of("shapes", "save", file.toString(), "--name", "s", "--shape", shape.toString());
        Path ids = Files.writeString(tmp.resolve("ids.json"), "{\"top\":{\"$rows\":\"id\",\"$sort\":[\"id\"],\"$limit\":2}}");
        CliRun again = CliRun.of("shapes", "save", file.toString(), "--name", "s", "--shape", ids.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(JsonLines.tree(again.out()).get("replaced").asBoolean()).isTrue();
        assertThat(CliRun.of("shapes", "list", file.toString()).out().lines().count()).isEqualTo(1);
        assertThat(CliRun.of("query", file.toString(), "--shape", "s").out()).startsWith("{\"top\":[");
    }

    @Test
    void refusedChangesLeaveTheFileByteIdentical() throws Exception {
        byte[] before = Files.readAllBytes(file);
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{\"x\":{\"$rows\":\"nope\"}}");
        assertUsageError(CliRun.of("shapes", "save", file.toString(), "--name", "bad", "--shape", bad.toString()));
        assertUsageError(CliRun.of("shapes", "remove", file.toString(), "never-saved"));
        assertUsageError(CliRun.of("shapes", "save", file.toString(), "--name", "x", "--shape", shape.toString(),
                "--table", "nope"));
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void anAccessKeyCannotSaveOrRemoveShapes() throws Exception {
        SharedAccessCopy copy = SharedAccessCopy.in(tmp);
        Path shared = copy.file();
        Path bob = copy.bob();
        byte[] before = Files.readAllBytes(shared);
        CliRun save = CliRun.of("shapes", "save", shared.toString(), "--name", "n", "--shape", shape.toString(),
                "--key-file", bob.toString());
        assertUsageError(save);
        assertThat(save.err()).contains("access key");
        assertThat(Files.readAllBytes(shared)).isEqualTo(before);
        CliRun list = CliRun.of("shapes", "list", shared.toString(), "--key-file", bob.toString());
        assertThat(list.code()).as(list.err()).isZero();
    }

    @Test
    void theShapesCommandWithoutASubcommandNamesThem() {
        CliRun run = CliRun.of("shapes");
        assertUsageError(run);
        assertThat(run.err()).contains("list").contains("save").contains("remove");
    }
}
