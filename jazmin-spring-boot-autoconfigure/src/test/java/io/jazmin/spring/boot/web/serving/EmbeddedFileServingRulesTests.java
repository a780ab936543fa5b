package io.jazmin.spring.boot.web.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spring.boot.web.JazminFileResource;
import io.jazmin.spring.data.core.JazminOperations;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.HttpHeaders;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The serving rules of embedded files, over HTTP against the application's real server (Tomcat on
 * a random port), as a browser meets them: an allow-list of types is shown inline, the package's
 * pages run under its policy in a sandbox, and every other type (every XML type, {@code text/xsl},
 * unknown types) is an attachment under a policy that runs nothing; a stale {@code If-Range} gets
 * the whole file.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = EmbeddedFileServingRulesTests.App.class)
class EmbeddedFileServingRulesTests {
    /** An XML document with an XHTML-namespaced script: run on the application's origin if shown inline. */
    static final String SCRIPTED_XML = "<?xml version=\"1.0\"?><root><script xmlns=\"http://www.w3.org/1999/xhtml\">"
            + "alert(document.domain)</script></root>";
    static final HttpClient CLIENT = HttpClient.newHttpClient();
    static final String DOWNLOAD_POLICY = "default-src 'none'; sandbox";
    static final String PAGE_SANDBOX = "sandbox allow-scripts allow-downloads allow-popups";
    static final List<String> XML_TYPES = List.of("application/atom+xml", "application/rss+xml",
            "application/mathml+xml", "application/xslt+xml", "application/vnd.example.report+xml", "text/xsl",
            "application/xml", "text/xml", "image/svg-like+xml");

    /** A stored path that would split the response if it reached a header as it is. */
    static final String CRAFTED = "x/evil\r\nSet-Cookie: a=b\".xml";

    @TempDir
    static Path dir;
    static byte[] text;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JazminOperations operations;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    @BeforeAll
    static void writeFile() {
        text = new byte[300_000];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ('a' + i % 26);
        }
        try (JazminWriter writer = JazminWriter.create(dir.resolve("docs.jzm"), List.of(Column.of("id", ColumnType.INT)),
                WriteOptions.defaults())) {
            writer.writeRow(Map.of("id", 1L));
            for (String type : XML_TYPES) {
                writer.addFile("xml/" + type.replace('/', '_') + ".xml", SCRIPTED_XML.getBytes(StandardCharsets.UTF_8),
                        type, List.of("*"));
            }
            writer.addFile("unknown.bin", SCRIPTED_XML.getBytes(StandardCharsets.UTF_8), "application/x-never-heard-of",
                    List.of("*"));
            writer.addFile("untyped", SCRIPTED_XML.getBytes(StandardCharsets.UTF_8), "nonsense", List.of("*"));
            writer.addFile("logo.svg", ("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>")
                    .getBytes(StandardCharsets.UTF_8), "image/svg+xml", List.of("*"));
            writer.addFile("index.html", "<!doctype html><script>alert(1)</script>".getBytes(StandardCharsets.UTF_8),
                    "text/html", List.of("*"));
            writer.addFile("notes.txt", text, "text/plain", List.of("*"));
            writer.addFile("pixel.png", new byte[] {(byte) 0x89, 'P', 'N', 'G'}, "image/png", List.of("*"));
            writer.addFile("terms.pdf", "%PDF-1.4".getBytes(StandardCharsets.US_ASCII), "application/pdf", List.of("*"));
            writer.addFile("clip.mp4", new byte[16], "video/mp4", List.of("*"));
            writer.addFile(CRAFTED, SCRIPTED_XML.getBytes(StandardCharsets.UTF_8), "application/xml", List.of("*"));
            writer.setPackage("{\"entry\": \"index.html\"}");
            writer.finish();
        }
    }

    @DynamicPropertySource
    static void files(DynamicPropertyRegistry registry) {
        registry.add("jazmin.files.docs.path", () -> dir.resolve("docs.jzm").toString());
        registry.add("jazmin.files.docs.serve-embedded-files", () -> "true");
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/jazmin/files/docs/"
                + path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/atom+xml", "application/rss+xml", "application/mathml+xml",
            "application/xslt+xml", "application/vnd.example.report+xml", "text/xsl", "application/xml", "text/xml",
            "image/svg-like+xml"})
    void everyXmlTypeIsAnAttachmentUnderAPolicyThatRunsNothing(String type) throws Exception {
        assertThat(XML_TYPES).contains(type);
        String name = type.replace('/', '_') + ".xml";
        HttpResponse<byte[]> response = get("xml/" + name);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(header(response, "Content-Type")).startsWith(type);
        assertThat(header(response, "Content-Disposition")).startsWith("attachment; filename=\"" + name + "\"");
        assertThat(header(response, "Content-Security-Policy")).isEqualTo(DOWNLOAD_POLICY);
        assertThat(header(response, "X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(SCRIPTED_XML);
    }

    @Test
    void unknownAndInvalidTypesAreAttachmentsToo() throws Exception {
        for (String path : List.of("unknown.bin", "untyped")) {
            HttpResponse<byte[]> response = get(path);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(header(response, "Content-Disposition")).as(path).startsWith("attachment;");
            assertThat(header(response, "Content-Security-Policy")).as(path).isEqualTo(DOWNLOAD_POLICY);
            assertThat(header(response, "X-Content-Type-Options")).isEqualTo("nosniff");
        }
        assertThat(header(get("untyped"), "Content-Type")).isEqualTo("application/octet-stream");
    }

    @Test
    void pagesAndSvgAreShownInlineInTheSandboxOfThePackagesPolicy() throws Exception {
        for (String path : List.of("index.html", "logo.svg")) {
            HttpResponse<byte[]> response = get(path);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(header(response, "Content-Disposition")).as(path).isNull();
            assertThat(header(response, "Content-Security-Policy")).as(path).startsWith("default-src 'none'; script-src")
                    .endsWith("; " + PAGE_SANDBOX);
            assertThat(header(response, "X-Content-Type-Options")).isEqualTo("nosniff");
        }
    }

    @Test
    void allowListedTypesAreShownInlineWithoutAPolicy() throws Exception {
        for (String path : List.of("notes.txt", "pixel.png", "terms.pdf", "clip.mp4")) {
            HttpResponse<byte[]> response = get(path);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(header(response, "Content-Disposition")).as(path).isNull();
            assertThat(header(response, "Content-Security-Policy")).as(path).isNull();
            assertThat(header(response, "X-Content-Type-Options")).as(path).isEqualTo("nosniff");
        }
    }

    @Test
    void aRangeIsHonouredOnlyUnderAnIfRangeNamingTheCurrentEntityTag() throws Exception {
        String etag = "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)) + "\"";
        HttpResponse<byte[]> current = get("notes.txt", "Range", "bytes=100-199", "If-Range", etag);
        assertThat(current.statusCode()).isEqualTo(206);
        assertThat(header(current, "Content-Range")).isEqualTo("bytes 100-199/" + text.length);
        assertThat(current.body()).isEqualTo(Arrays.copyOfRange(text, 100, 200));

        for (String stale : List.of("\"" + "0".repeat(64) + "\"", "W/" + etag, "Sun, 06 Dec 2026 10:00:00 GMT",
                etag.substring(1, etag.length() - 1))) {
            HttpResponse<byte[]> whole = get("notes.txt", "Range", "bytes=100-199", "If-Range", stale);
            assertThat(whole.statusCode()).as(stale).isEqualTo(200);
            assertThat(header(whole, "Content-Range")).as(stale).isNull();
            assertThat(whole.body()).as(stale).isEqualTo(text);
            assertThat(header(whole, "ETag")).isEqualTo(etag);
        }
        // Without If-Range the range is served as asked.
        assertThat(get("notes.txt", "Range", "bytes=0-9").statusCode()).isEqualTo(206);
    }

    @Test
    void anAttachmentsNameNeverCarriesControlCharactersOrQuotesIntoTheHeader() {
        HttpHeaders headers = JazminFileResource.of(operations, "docs", CRAFTED).orElseThrow().servingHeaders(true);
        String disposition = headers.getFirst("Content-Disposition");
        assertThat(disposition).startsWith("attachment; filename=\"evil__Set-Cookie: a=b_.xml\"")
                .doesNotContain("\r", "\n");
        assertThat(headers.getContentDisposition().getFilename()).isEqualTo("evil__Set-Cookie: a=b_.xml");
    }

    @Test
    void notModifiedAndNotFoundAnswersAreNotSniffedEither() throws Exception {
        String etag = "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)) + "\"";
        HttpResponse<byte[]> notModified = get("notes.txt", "If-None-Match", etag);
        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(header(notModified, "X-Content-Type-Options")).isEqualTo("nosniff");
        HttpResponse<byte[]> missing = get("missing.xml");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(header(missing, "X-Content-Type-Options")).isEqualTo("nosniff");
    }
}
