package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.testing.ChildJvm;
import io.jazmin.viewer.Viewer;
import io.jazmin.viewer.ViewerFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The viewer's server and API over HTTP, without a browser: answers, serving rules, loopback only, no secret. */
class ViewerServerTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<byte[]> get(ViewerFixture viewer, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(viewer.server.uri().resolve(pathAndQuery)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private JsonNode json(ViewerFixture viewer, String pathAndQuery, int status) throws Exception {
        HttpResponse<byte[]> response = get(viewer, pathAndQuery);
        assertThat(response.statusCode()).as(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(status);
        assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        return JSON.readTree(response.body());
    }

    private static String q(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    @Test
    void pagesSortsFiltersAndExplainsThroughTheEngine(@TempDir Path tmp) throws Exception {
        try (ViewerFixture viewer = ViewerFixture.serve(ViewerFixture.withFiles("js-plain", tmp, null),
                ReadOptions.defaults())) {
            assertThat(viewer.server.uri().getHost()).isEqualTo("127.0.0.1");
            JsonNode file = json(viewer, "/api/file", 200);
            assertThat(file.get("formatVersion").asString()).isNotEmpty();
            assertThat(file.get("tables").get(0).get("rowCount").asLong()).isEqualTo(500);
            assertThat(file.get("storage").get("deadBytes").asLong()).isGreaterThanOrEqualTo(0);
            assertThat(file.get("appendCount").asLong()).isEqualTo(3); // add-file twice, shapes save once

            JsonNode page = json(viewer, "/api/rows?offset=10&limit=5", 200);
            List<JsonNode> rows = page.get("rows").valueStream().toList();
            assertThat(rows).hasSize(5);
            JsonNode all = json(viewer, "/api/rows?limit=15", 200);
            assertThat(rows.get(0)).isEqualTo(all.get("rows").get(10));

            JsonNode sorted = json(viewer, "/api/rows?limit=3&sort=id&dir=desc", 200);
            long first = sorted.get("rows").get(0).get("id").asLong();
            assertThat(first).isGreaterThan(sorted.get("rows").get(1).get("id").asLong());

            JsonNode bad = json(viewer, "/api/rows?where=" + q("{\"id\":{\"bogus\":1}}"), 400);
            assertThat(bad.get("error").asString()).contains("bogus");
            assertThat(json(viewer, "/api/rows?where=" + q("{not json"), 400).get("error").asString()).isNotEmpty();
            assertThat(json(viewer, "/api/rows?limit=100000", 400).get("error").asString()).contains("limit");
            assertThat(json(viewer, "/api/rows?sort=nope", 400).get("error").asString()).contains("nope");

            JsonNode filtered = json(viewer, "/api/rows?limit=500&where=" + q("{\"id\":{\"lt\":5}}"), 200);
            assertThat(filtered.get("rows").size()).isBetween(1, 5);
            JsonNode plan = json(viewer, "/api/explain?where=" + q("{\"id\":{\"lt\":5}}"), 200);
            assertThat(plan.get("strategy").asString()).isIn("index", "scan");
        }
    }

    @Test
    void embeddedFilesAreServedUnderTheHandlersRules(@TempDir Path tmp) throws Exception {
        try (ViewerFixture viewer = ViewerFixture.serve(ViewerFixture.withFiles("js-plain", tmp, null),
                ReadOptions.defaults())) {
            JsonNode files = json(viewer, "/api/files", 200);
            assertThat(files.valueStream().map(f -> f.get("path").asString() + " " + f.get("preview").asBoolean()))
                    .contains("img/dot.png true", "notes.txt true", "page.html false", "locked.txt true");

            HttpResponse<byte[]> png = get(viewer, "/api/file-content?path=" + q("img/dot.png"));
            assertThat(png.statusCode()).isEqualTo(200);
            assertThat(png.body()).isEqualTo(ViewerFixture.png());
            assertThat(png.headers().firstValue("Content-Type")).hasValue("image/png");
            assertThat(png.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
            assertThat(png.headers().firstValue("Content-Security-Policy")).hasValue("default-src 'none'; sandbox");
            assertThat(png.headers().firstValue("Content-Disposition")).isEmpty();

            // A page is never shown inline by the viewer: only downloaded, as an attachment under a policy running nothing.
            assertThat(get(viewer, "/api/file-content?path=page.html").statusCode()).isEqualTo(403);
            HttpResponse<byte[]> page = get(viewer, "/api/file-content?path=page.html&download=1");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
            assertThat(page.headers().firstValue("Content-Disposition")).hasValueSatisfying(
                    d -> assertThat(d).startsWith("attachment; filename=\"page.html\""));
            assertThat(page.headers().firstValue("Content-Security-Policy")).hasValue("default-src 'none'; sandbox");

            // The file's actions forbid saving locked.txt: previewed, never downloaded.
            assertThat(get(viewer, "/api/file-content?path=locked.txt").statusCode()).isEqualTo(200);
            assertThat(get(viewer, "/api/file-content?path=locked.txt&download=1").statusCode()).isEqualTo(403);
            assertThat(json(viewer, "/api/file-content?path=" + q("../etc/passwd"), 400).get("error").asString())
                    .contains("no embedded file");

            HttpResponse<byte[]> export = get(viewer, "/api/export?name=ids&format=json");
            assertThat(export.statusCode()).isEqualTo(200);
            JsonNode shaped = JSON.readTree(export.body());
            assertThat(shaped.get("n").asLong()).isEqualTo(500);
            assertThat(shaped.get("top").size()).isEqualTo(2);
            HttpResponse<byte[]> xml = get(viewer, "/api/export?name=ids&format=xml");
            assertThat(new String(xml.body(), StandardCharsets.UTF_8)).contains("<export>").contains("<n>500</n>");
            assertThat(xml.headers().firstValue("Content-Disposition")).hasValue("attachment; filename=\"ids.xml\"");
            assertThat(json(viewer, "/api/export?name=nope", 400).get("error").asString()).contains("nope");
        }
    }

    @Test
    void embeddedFilesAndExportsAreStreamedToTheClient(@TempDir Path tmp) throws Exception {
        Path jzm = ViewerFixture.withFiles("js-plain", tmp, null);
        try (JazminReader reader = JazminReader.open(jzm);
             ViewerServer server = ViewerServer.start(new Viewer(List.of(ViewerFile.of("plain", jzm,
                     ReadOptions.defaults(), reader)))::answer, 0)) {
            HttpResponse<byte[]> png = http.send(HttpRequest.newBuilder(server.uri().resolve("/api/file-content?path="
                    + q("img/dot.png"))).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(png.body()).isEqualTo(ViewerFixture.png());
            assertThat(png.headers().firstValue("Content-Length")).hasValue(String.valueOf(ViewerFixture.png().length));
            HttpResponse<byte[]> export = http.send(HttpRequest.newBuilder(server.uri().resolve("/api/export?name=ids"))
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(export.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
            assertThat(JSON.readTree(export.body()).get("n").asLong()).isEqualTo(500);
            HttpResponse<Void> head = http.send(HttpRequest.newBuilder(server.uri().resolve("/api/export?name=ids"))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            assertThat(head.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void theUiIsServedWithItsPolicyAndOnlyReadsAreAnswered() throws Exception {
        try (ViewerFixture viewer = ViewerFixture.serve(cases().resolve("js-plain").resolve("data.jzm"),
                ReadOptions.defaults())) {
            HttpResponse<byte[]> index = get(viewer, "/");
            assertThat(index.statusCode()).isEqualTo(200);
            assertThat(index.headers().firstValue("Content-Security-Policy")).hasValue(io.jazmin.viewer.Viewer.UI_POLICY);
            assertThat(new String(index.body(), StandardCharsets.UTF_8)).contains("<script src=\"viewer.js\"");
            assertThat(get(viewer, "/viewer.js").headers().firstValue("Content-Type"))
                    .hasValue("text/javascript; charset=utf-8");
            assertThat(get(viewer, "/../pom.xml").statusCode()).isEqualTo(404);
            assertThat(get(viewer, "/index.html/x").statusCode()).isEqualTo(404);
            HttpResponse<String> post = http.send(HttpRequest.newBuilder(viewer.server.uri().resolve("/api/rows"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
            // A page served from another name that resolves to 127.0.0.1 (DNS rebinding) gets nothing.
            assertThat(rawStatus(viewer.server.uri(), "evil.example:" + viewer.server.uri().getPort())).isEqualTo(421);
            assertThat(rawStatus(viewer.server.uri(), "localhost:" + viewer.server.uri().getPort())).isEqualTo(200);
        }
    }

    @Test
    void theKeyNeverLeavesTheServer(@TempDir Path tmp) throws Exception {
        String keyText = ViewerFixture.secretOf("js-files-key", "key");
        try (ViewerFixture viewer = ViewerFixture.keyCase(tmp)) {
            StringBuilder seen = new StringBuilder();
            for (String path : List.of("/", "/viewer.js", "/viewer.css", "/api/file", "/api/rows?limit=500",
                    "/api/explain", "/api/files", "/api/shapes", "/api/export?name=ids", "/api/export?name=ids&format=xml",
                    "/api/file-content?path=notes.txt", "/api/nope", "/api/rows?where=%7Bbad")) {
                HttpResponse<byte[]> response = get(viewer, path);
                seen.append(response.headers().map()).append(new String(response.body(), StandardCharsets.UTF_8));
            }
            assertThat(seen.toString()).contains("hello from the viewer").contains("\"rowCount\":500");
            assertSecretAbsent(seen.toString(), keyText);
            assertSecretAbsent(viewer.allExchanges(), keyText);
        }
    }

    /** Neither the key text nor its secret part (after the prefix) appears in {@code text}. */
    static void assertSecretAbsent(String text, String keyText) {
        assertThat(text).isNotEmpty().doesNotContain(keyText).doesNotContain(keyText.substring(5, 25));
    }

    @Test
    void theCommandPrintsItsUrlAndStopsCleanlyOnATermSignal(@TempDir Path tmp) throws Exception {
        Path jzm = cases().resolve("js-plain").resolve("data.jzm");
        Process child = new ProcessBuilder(ChildJvm.command(List.of("-Xmx256m", "-XX:+UseSerialGC"),
                JazminCommand.class, "view", jzm.toString(), "--port", "0"))
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertThat(line).as(Files.readString(tmp.resolve("err.txt"))).startsWith("Viewing " + jzm + " at http://127.0.0.1:");
            URI uri = URI.create(line.substring(line.indexOf("http://"), line.indexOf(' ', line.indexOf("http://"))));
            assertThat(uri.getPort()).isPositive();
            assertThat(http.send(HttpRequest.newBuilder(uri.resolve("/api/file")).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).contains("\"rowCount\":500");
            child.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hooks run
            assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(tmp.resolve("err.txt"))).doesNotContain("Exception");
            try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
                throw new AssertionError("the port still answers after the command stopped");
            } catch (ConnectException expected) {
                // Closed: the server stopped with the command.
            }
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void aBadOrTakenPortIsAUsageError() {
        String jzm = cases().resolve("js-plain").resolve("data.jzm").toString();
        CliRun bad = CliRun.of("view", jzm, "--port", "70000");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--port must be 0 to 65535");
        try (ViewerFixture viewer = ViewerFixture.serve(Path.of(jzm), ReadOptions.defaults())) {
            CliRun taken = CliRun.of("view", jzm, "--port", String.valueOf(viewer.server.uri().getPort()));
            assertThat(taken.code()).isEqualTo(2);
            assertThat(taken.err()).contains("--port " + viewer.server.uri().getPort() + ": cannot listen");
        }
    }

    private static Path cases() {
        return io.jazmin.testing.SharedFiles.cases();
    }

    /** The status of {@code GET /} sent with {@code Host: host} (the HTTP client does not let a test set it). */
    private static int rawStatus(URI uri, String host) throws IOException {
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String status = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII)).readLine();
            return Integer.parseInt(status.split(" ")[1]);
        }
    }
}
