package io.jazmin.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.export.ExportShape;
import io.jazmin.export.SavedShape;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.SharedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The viewer as request and response values, without a server: several files chosen by
 * {@code source}, read-only, the UI mountable under any root, and large bodies read from the file
 * only when the server writes them.
 */
class ViewerTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    @TempDir
    Path dir;
    private JazminReader plainReader;
    private JazminReader otherReader;
    private CountingFile plain;
    private CountingFile other;
    private Viewer viewer;

    /** A file over an open reader that counts the readers requests take. */
    private record CountingFile(String name, Path path, ReadOptions readOptions, JazminReader reader,
                                AtomicInteger reads) implements ViewerFile {
        @Override
        public <R> R read(Function<JazminReader, R> action) {
            reads.incrementAndGet();
            return action.apply(reader);
        }
    }

    @BeforeEach
    void serveTwoFiles() throws IOException {
        Path a = Files.copy(SharedFiles.conformanceCase("js-plain").resolve("data.jzm"), dir.resolve("a.jzm"));
        JazminFile.changeFiles(a, FileChanges.adding(FileInput.of("notes.txt",
                "hello from the viewer\n".getBytes(StandardCharsets.UTF_8), "text/plain"))
                .withShapes(List.of(SavedShape.of("count", ExportShape.parse("{\"n\":{\"$count\":true}}"))), List.of()),
                WriteOptions.defaults());
        Path b = Files.copy(SharedFiles.conformanceCase("js-plain").resolve("data.jzm"), dir.resolve("b.jzm"));
        plainReader = JazminReader.open(a);
        otherReader = JazminReader.open(b);
        plain = new CountingFile("first", a, ReadOptions.defaults(), plainReader, new AtomicInteger());
        other = new CountingFile("second", b, ReadOptions.defaults(), otherReader, new AtomicInteger());
        viewer = new Viewer(List.of(plain, other));
    }

    @AfterEach
    void close() {
        plainReader.close();
        otherReader.close();
    }

    private ViewerResponse get(String path, Map<String, String> params) {
        return viewer.answer(ViewerRequest.get(path, params));
    }

    private static String body(ViewerResponse response) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        response.body().writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static JsonNode json(ViewerResponse response, int status) throws IOException {
        String text = body(response);
        assertThat(response.status()).as(text).isEqualTo(status);
        return JSON.readTree(text);
    }

    @Test
    void theSourcesAreListedAndEachRequestReadsTheOneItNames() throws IOException {
        JsonNode sources = json(get("api/sources", Map.of()), 200);
        assertThat(sources.valueStream().map(s -> s.get("name").asString())).containsExactly("first", "second");
        assertThat(json(get("api/file", Map.of()), 200).get("name").asString()).isEqualTo("first");
        assertThat(json(get("api/file", Map.of("source", "second")), 200).get("name").asString()).isEqualTo("second");
        assertThat(json(get("api/files", Map.of("source", "second")), 200)).isEmpty();
        assertThat(json(get("api/files", Map.of("source", "first")), 200).get(0).get("path").asString())
                .isEqualTo("notes.txt");
        assertThat(json(get("api/rows", Map.of("source", "nope")), 404).get("error").asString()).contains("nope");
        assertThat(new Viewer(List.of(plain)).answer(ViewerRequest.get("api/sources", Map.of())).status())
                .isEqualTo(200);
    }

    @Test
    void onlyReadsAreAnsweredAndEveryAnswerForbidsSniffing() throws IOException {
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
            ViewerResponse refused = viewer.answer(new ViewerRequest(method, "api/rows", Map.of()));
            assertThat(refused.status()).isEqualTo(405);
            assertThat(refused.headers()).containsEntry("Allow", "GET, HEAD");
        }
        for (String path : List.of("", "viewer.js", "viewer.css", "api/file", "api/nope", "nope", "../pom.xml")) {
            ViewerResponse response = get(path, Map.of());
            assertThat(response.headers()).as(path).containsEntry("X-Content-Type-Options", "nosniff")
                    .containsEntry("Referrer-Policy", "no-referrer");
        }
        assertThat(get("nope", Map.of()).status()).isEqualTo(404);
        assertThat(get("api/nope", Map.of()).status()).isEqualTo(404);
    }

    @Test
    void theUiAddressesTheApiRelativelySoAnyRootServesIt() throws IOException {
        ViewerResponse page = get("", Map.of());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.headers()).containsEntry("Content-Security-Policy", Viewer.UI_POLICY);
        String html = body(page);
        String script = body(get("viewer.js", Map.of()));
        assertThat(html).contains("src=\"viewer.js\"").contains("href=\"viewer.css\"").doesNotContain("=\"/");
        assertThat(script).contains("'api/'").doesNotContain("'/api/").doesNotContain("\"/api/");
    }

    @Test
    void embeddedFilesAndExportsAreReadWhenTheServerWritesThem() throws IOException {
        int before = plain.reads().get();
        ViewerResponse text = get("api/file-content", Map.of("path", "notes.txt"));
        assertThat(text.status()).isEqualTo(200);
        assertThat(text.contentType()).isEqualTo("text/plain");
        assertThat(text.body().length()).isEqualTo("hello from the viewer\n".length());
        assertThat(plain.reads().get()).as("the headers' read").isEqualTo(before + 1);
        assertThat(body(text)).isEqualTo("hello from the viewer\n");
        assertThat(plain.reads().get()).as("the body's own read, when written").isEqualTo(before + 2);

        ViewerResponse export = get("api/export", Map.of("name", "count"));
        assertThat(export.status()).isEqualTo(200);
        assertThat(export.body().length()).as("known only once written").isEqualTo(-1);
        assertThat(JSON.readTree(body(export)).get("n").asLong()).isEqualTo(500);
        assertThat(body(get("api/export", Map.of("name", "count", "format", "xml")))).contains("<n>500</n>");
        assertThat(json(get("api/export", Map.of("name", "count", "format", "csv")), 400).get("error").asString())
                .contains("json or xml");
        assertThat(json(get("api/file-content", Map.of("path", "../etc/passwd")), 400).get("error").asString())
                .contains("no embedded file");
    }
}
