package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.JazminReader;
import io.jazmin.testing.SharedFiles;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code jazmin files}, {@code cat-file}, {@code add-file}, {@code remove-file} and
 * {@code convert --add-file}, gzipped input and the early check of the output path.
 */
class FileCommandsTest {
    private static final Path FILES_CASE = SharedFiles.conformanceCase("js-files-key");
    private static final Path CUSTOMERS = SharedFiles.conformanceCase("customers-200k");
    private static final String KEY = "jzk1-vHrwa0bWS6k7mvfrQVlFGecW1lW5FacnsIzS6Qxrod1ig2bK";

    @Test
    void filesListsTheReferenceFilesAndCatFileWritesTheirBytes(@TempDir Path tmp) throws Exception {
        Path key = tmp.resolve("key.txt");
        Files.writeString(key, KEY);
        String jzm = FILES_CASE.resolve("data.jzm").toString();
        CliRun list = CliRun.of("files", jzm, "--key-file", key.toString());
        assertThat(list.code()).as(list.err()).isZero();
        List<JsonNode> lines = JsonLines.parse(list.out());
        assertThat(lines).hasSize(6);
        assertThat(lines.subList(0, 5)).extracting(n -> n.get("path").asString())
                .containsExactlyInAnyOrder("docs/shared.bin", "docs/za.bin", "empty.txt", "img/logo.svg", "index.html");
        JsonNode za = lines.stream().filter(n -> n.path("path").asString("").equals("docs/za.bin")).findFirst()
                .orElseThrow();
        assertEquals(600_000, za.get("size").asLong());
        assertThat(za.get("groups").get(0).asString()).isEqualTo("ZA");
        assertThat(lines.get(5).get("package").get("entry").asString()).isEqualTo("index.html");

        Path out = tmp.resolve("za.bin");
        CliRun cat = CliRun.of("cat-file", jzm, "docs/za.bin", "--key-file", key.toString(), "-o", out.toString());
        assertThat(cat.code()).as(cat.err()).isZero();
        byte[] bytes = Files.readAllBytes(out);
        assertEquals(600_000, bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != (byte) ((i * 31 + 7) & 255)) {
                throw new AssertionError("byte " + i);
            }
        }
        assertEquals("<h1>JAZMIN interop</h1>", new String(stdoutOf("cat-file", jzm, "index.html", "--key-file",
                key.toString()), StandardCharsets.UTF_8));
        assertEquals("JAZMIN", new String(stdoutOf("cat-file", jzm, "index.html", "--key-file", key.toString(),
                "--range", "4-10"), StandardCharsets.UTF_8));

        CliRun missing = CliRun.of("cat-file", jzm, "nope.txt", "--key-file", key.toString());
        assertEquals(3, missing.code());
        assertThat(missing.err()).contains("nope.txt");
        assertEquals(2, CliRun.of("cat-file", jzm, "index.html", "--key-file", key.toString(), "--range", "x").code());
    }

    @Test
    void addFileAndRemoveFileChangeAPlainFileByAppend(@TempDir Path tmp) throws Exception {
        Path jzm = tmp.resolve("data.jzm");
        Files.copy(SharedFiles.conformanceCase("mixed-types").resolve("data.jzm"), jzm);
        Path html = tmp.resolve("page.html");
        Files.writeString(html, "<p>hi</p>");
        Path logo = tmp.resolve("logo.svg");
        Files.writeString(logo, "<svg/>");

        CliRun add = CliRun.of("add-file", jzm.toString(), "site/index.html=" + html, "logo.svg=" + logo,
                "--package", "{\"entry\":\"site/index.html\",\"title\":\"T\"}");
        assertThat(add.code()).as(add.err()).isZero();
        assertEquals(1, JsonLines.tree(add.out()).get("appendCount").asLong());
        CliRun grouped = CliRun.of("add-file", jzm.toString(), "private/a.txt=" + html, "--group", "staff",
                "--actions", "{\"print\":false}");
        assertThat(grouped.code()).as(grouped.err()).isZero();
        try (JazminReader r = JazminReader.open(jzm)) {
            assertThat(r.files()).extracting(f -> f.path() + " " + f.type() + " " + f.groups()).containsExactly(
                    "site/index.html text/html [*]", "logo.svg image/svg+xml [*]", "private/a.txt text/plain [staff]");
            assertThat(r.fileActions("private/a.txt").print()).isFalse();
            assertThat(r.packageJson()).hasValue("{\"entry\":\"site/index.html\",\"title\":\"T\"}");
        }

        CliRun remove = CliRun.of("remove-file", jzm.toString(), "logo.svg");
        assertThat(remove.code()).as(remove.err()).isZero();
        byte[] before = Files.readAllBytes(jzm);
        CliRun refused = CliRun.of("remove-file", jzm.toString(), "logo.svg");
        assertEquals(3, refused.code());
        assertThat(refused.err()).contains("logo.svg");
        CliRun entry = CliRun.of("remove-file", jzm.toString(), "site/index.html");
        assertEquals(3, entry.code());
        assertThat(entry.err()).contains("entry");
        CliRun badActions = CliRun.of("add-file", jzm.toString(), "b.txt=" + html, "--actions", "{\"share\":true}");
        assertEquals(3, badActions.code());
        assertThat(badActions.err()).contains("share");
        assertEquals(2, CliRun.of("add-file", jzm.toString(), "no-equals-sign").code());
        CliRun unreadable = CliRun.of("add-file", jzm.toString(), "x.txt=" + tmp.resolve("missing.txt"));
        assertEquals(2, unreadable.code());
        assertThat(unreadable.err()).contains("missing.txt");
        assertArrayEquals(before, Files.readAllBytes(jzm), "refused changes leave the file as it was");
        try (JazminReader r = JazminReader.open(jzm)) {
            assertThat(r.files()).extracting(f -> f.path()).containsExactly("site/index.html", "private/a.txt");
            assertArrayEquals(Files.readAllBytes(html), r.readFile("site/index.html"));
        }
    }

    @Test
    void convertStoresAddedFilesAndReadsGzippedInput(@TempDir Path tmp) throws Exception {
        Path input = tmp.resolve("input.jsonl.gz");
        copyFirstLines(CUSTOMERS.resolve("input.jsonl.gz"), input, 500);
        Path page = tmp.resolve("index.html");
        Files.writeString(page, "<h1>customers</h1>");
        Path out = tmp.resolve("customers.jzm");

        CliRun run = CliRun.of("convert", input.toString(), out.toString(), "--schema",
                CUSTOMERS.resolve("schema.json").toString(), "--add-file", "index.html=" + page,
                "--add-file", "copy/index.html=" + page);
        assertThat(run.code()).as(run.err()).isZero();
        try (JazminReader r = JazminReader.open(out)) {
            assertEquals(500, r.table().rows().count());
            assertThat(r.files()).extracting(f -> f.path() + " " + f.type())
                    .containsExactly("index.html text/html", "copy/index.html text/html");
            assertArrayEquals(Files.readAllBytes(page), r.readFile("copy/index.html"));
        }
        // Without a schema: the columns are inferred from the gunzipped rows too.
        Path inferred = tmp.resolve("inferred.jsonl");
        CliRun back = CliRun.of("convert", input.toString(), inferred.toString());
        assertThat(back.code()).as(back.err()).isZero();
        assertThat(Files.readAllLines(inferred)).hasSize(500).first().asString().contains("Ann Smith");

        CliRun textOut = CliRun.of("convert", input.toString(), tmp.resolve("x.csv").toString(), "--add-file",
                "index.html=" + page);
        assertEquals(2, textOut.code());
        assertThat(textOut.err()).contains("--add-file");
    }

    @Test
    void anUnusableOutputPathIsReportedBeforeTheInputIsRead(@TempDir Path tmp) throws Exception {
        Path broken = tmp.resolve("broken.jsonl");
        Files.writeString(broken, "{\"id\": 1}\n{not json\n");
        Path directory = Files.createDirectory(tmp.resolve("taken.jzm"));
        List<Path> outputs = List.of(tmp.resolve("missing-dir").resolve("out.jzm"), directory,
                tmp.resolve("missing-dir").resolve("out.csv"));
        for (Path out : outputs) {
            CliRun run = CliRun.of("convert", broken.toString(), out.toString());
            assertEquals(2, run.code(), run.err());
            assertThat(run.err()).as("the output, not the malformed input, is reported").contains("cannot write")
                    .doesNotContain("line 2");
        }
        CliRun missingFile = CliRun.of("convert", broken.toString(), tmp.resolve("out.jzm").toString(), "--add-file",
                "a.txt=" + tmp.resolve("nope.txt"));
        assertEquals(2, missingFile.code());
        assertThat(missingFile.err()).contains("nope.txt");
        assertThat(tmp.resolve("out.jzm")).doesNotExist();
    }

    /** What a run writes on the process's standard output (cat-file writes bytes there, not to the PrintWriter). */
    private static byte[] stdoutOf(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true));
        try {
            CliRun run = CliRun.of(args);
            assertThat(run.code()).as(run.err()).isZero();
        } finally {
            System.setOut(saved);
        }
        return bytes.toByteArray();
    }

    private static void copyFirstLines(Path gz, Path to, int lines) throws Exception {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
                StandardCharsets.UTF_8));
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(to))) {
            for (int i = 0; i < lines; i++) {
                out.write((in.readLine() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
