package io.jazmin.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import io.jazmin.spring.boot.autoconfigure.UnknownJazminPropertyException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

/** Embedded files served over HTTP by the auto-configured handler, checked with MockMvc. */
class JazminEmbeddedFilesHandlerTests {
    static final String PAGE = "<!doctype html><h1>Statement</h1><script src=\"app.js\"></script>";
    @TempDir
    Path dir;
    byte[] pdf;

    private WebApplicationContextRunner runner() {
        return new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class, JazminWebAutoConfiguration.class))
                .withPropertyValues("jazmin.files.docs.path=" + dir.resolve("docs.jzm"),
                        "jazmin.files.docs.serve-embedded-files=true",
                        "jazmin.files.other.path=" + dir.resolve("other.jzm"));
    }

    @BeforeEach
    void writeFiles() {
        pdf = new byte[700_000]; // three blocks of 256 KiB
        for (int i = 0; i < pdf.length; i++) {
            pdf[i] = (byte) (i * 131 + i / 1000);
        }
        for (String name : List.of("docs", "other")) {
            try (JazminWriter writer = JazminWriter.create(dir.resolve(name + ".jzm"),
                    List.of(Column.of("id", ColumnType.INT)), WriteOptions.defaults())) {
                writer.writeRow(Map.of("id", 1L));
                writer.addFile("statement/index.html", PAGE.getBytes(StandardCharsets.UTF_8), "text/html", List.of("*"));
                writer.addFile("statement/terms.pdf", pdf, "application/pdf", List.of("*"));
                writer.addFile("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".getBytes(StandardCharsets.UTF_8),
                        "image/svg+xml", List.of("*"));
                writer.setPackage("{\"entry\": \"statement/index.html\", \"allowWasm\": true,"
                        + " \"allowedOrigins\": [\"https://cdn.example.com\"]}");
                writer.finish();
            }
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private void withMvc(WebApplicationContextRunner runner, MvcTest test) {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            test.run(MockMvcBuilders.webAppContextSetup((WebApplicationContext) context).build());
        });
    }

    interface MvcTest {
        void run(MockMvc mvc) throws Exception;
    }

    @Test
    void servesAWholeFileWithItsTypeLengthAndSha256ETag() {
        withMvc(runner(), mvc -> mvc.perform(get("/jazmin/files/docs/statement/terms.pdf"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Type", "application/pdf"))
                .andExpect(header().string("Content-Length", String.valueOf(pdf.length)))
                .andExpect(header().string("ETag", "\"" + sha256(pdf) + "\""))
                .andExpect(header().string("Accept-Ranges", "bytes"))
                .andExpect(header().string("X-Content-Type-Options", "nosniff"))
                .andExpect(header().string("Cache-Control", "no-cache, private"))
                .andExpect(header().doesNotExist("Content-Security-Policy"))
                .andExpect(content().bytes(pdf)));
    }

    @Test
    void answersAByteRangeAcrossBlocksWith206() {
        int start = 262_000;
        int end = 530_000; // inclusive, in the third block
        withMvc(runner(), mvc -> mvc.perform(get("/jazmin/files/docs/statement/terms.pdf")
                        .header("Range", "bytes=" + start + "-" + end))
                .andExpect(status().isPartialContent())
                .andExpect(header().string("Content-Range", "bytes " + start + "-" + end + "/" + pdf.length))
                .andExpect(header().string("Content-Length", String.valueOf(end - start + 1)))
                .andExpect(content().bytes(Arrays.copyOfRange(pdf, start, end + 1))));
    }

    @Test
    void answersSuffixAndMultipleRangesAndRefusesUnsatisfiableOnes() {
        withMvc(runner(), mvc -> {
            mvc.perform(get("/jazmin/files/docs/statement/terms.pdf").header("Range", "bytes=-100"))
                    .andExpect(status().isPartialContent())
                    .andExpect(content().bytes(Arrays.copyOfRange(pdf, pdf.length - 100, pdf.length)));
            byte[] body = mvc.perform(get("/jazmin/files/docs/statement/terms.pdf").header("Range", "bytes=0-9,600000-600009"))
                    .andExpect(status().isPartialContent())
                    .andExpect(header().string("Content-Type", org.hamcrest.Matchers.startsWith("multipart/byteranges")))
                    .andReturn().getResponse().getContentAsByteArray();
            String text = new String(body, StandardCharsets.ISO_8859_1);
            assertThat(text).contains("Content-Range: bytes 0-9/" + pdf.length)
                    .contains("Content-Range: bytes 600000-600009/" + pdf.length)
                    .contains(new String(Arrays.copyOfRange(pdf, 600_000, 600_010), StandardCharsets.ISO_8859_1));
            mvc.perform(get("/jazmin/files/docs/statement/terms.pdf").header("Range", "bytes=800000-"))
                    .andExpect(status().isRequestedRangeNotSatisfiable());
        });
    }

    @Test
    void answersIfNoneMatchWith304AndAnotherTagWithTheFile() {
        withMvc(runner(), mvc -> {
            String etag = "\"" + sha256(pdf) + "\"";
            mvc.perform(get("/jazmin/files/docs/statement/terms.pdf").header("If-None-Match", etag))
                    .andExpect(status().isNotModified())
                    .andExpect(content().bytes(new byte[0]));
            mvc.perform(get("/jazmin/files/docs/statement/terms.pdf").header("If-None-Match", "\"other\""))
                    .andExpect(status().isOk());
        });
    }

    @Test
    void pagesGetThePackagesPolicySandboxed() {
        withMvc(runner(), mvc -> {
            String policy = mvc.perform(get("/jazmin/files/docs/statement/index.html"))
                    .andExpect(status().isOk())
                    .andExpect(header().string("Content-Type", org.hamcrest.Matchers.startsWith("text/html")))
                    .andExpect(content().string(PAGE))
                    .andReturn().getResponse().getHeader("Content-Security-Policy");
            assertThat(policy).startsWith("default-src 'none'")
                    .contains("script-src 'unsafe-inline' blob: 'wasm-unsafe-eval' 'self' https://cdn.example.com")
                    .contains("connect-src blob: data: 'self' https://cdn.example.com")
                    .doesNotContain("'unsafe-eval'")
                    .endsWith("; sandbox allow-scripts allow-downloads allow-popups");
            mvc.perform(get("/jazmin/files/docs/logo.svg"))
                    .andExpect(header().string("Content-Security-Policy", policy));
        });
        withMvc(runner().withPropertyValues("jazmin.web.sandbox=false", "jazmin.web.path=/files/"), mvc -> {
            mvc.perform(get("/files/docs/statement/index.html"))
                    .andExpect(status().isOk())
                    .andExpect(header().doesNotExist("Content-Disposition"))
                    .andExpect(header().string("Content-Security-Policy", org.hamcrest.Matchers.not(
                            org.hamcrest.Matchers.containsString("sandbox"))));
            // Outside a sandbox an SVG is only an image to download: its scripts never run on the origin.
            mvc.perform(get("/files/docs/logo.svg"))
                    .andExpect(status().isOk())
                    .andExpect(header().string("Content-Disposition", org.hamcrest.Matchers.startsWith("attachment;")))
                    .andExpect(header().string("Content-Security-Policy", "default-src 'none'; sandbox"));
        });
    }

    @Test
    void policiesTakeOnlyHttpsOriginsAndNoWasmUnlessAllowed() {
        assertThat(DocumentPolicy.of(java.util.Optional.of("{\"allowedOrigins\": [\"http://plain.example\","
                + " \"https://ok.example:8443\", \"https://x.example; script-src *\"]}"), false))
                .contains("https://ok.example:8443").doesNotContain("plain.example", "x.example", "wasm");
        assertThat(DocumentPolicy.of(java.util.Optional.of("not json"), true))
                .contains("script-src 'unsafe-inline' blob: 'self';").doesNotContain("wasm");
    }

    @Test
    void unknownPathsEscapesAndOtherMethodsAreRefused() {
        withMvc(runner(), mvc -> {
            mvc.perform(get("/jazmin/files/docs/statement/missing.pdf")).andExpect(status().isNotFound());
            mvc.perform(get("/jazmin/files/docs/../other/logo.svg")).andExpect(status().isNotFound());
            mvc.perform(get("/jazmin/files/docs/statement/%2e%2e/%2e%2e/docs.jzm")).andExpect(status().isNotFound());
            mvc.perform(get("/jazmin/files/docs/" + dir.resolve("docs.jzm"))).andExpect(status().isNotFound());
            mvc.perform(post("/jazmin/files/docs/logo.svg")).andExpect(status().isMethodNotAllowed());
            mvc.perform(head("/jazmin/files/docs/logo.svg")).andExpect(status().isOk())
                    .andExpect(content().bytes(new byte[0]));
            // A file without serve-embedded-files is not served.
            mvc.perform(get("/jazmin/files/other/logo.svg")).andExpect(status().isNotFound());
        });
    }

    @Test
    void nothingIsRegisteredUnlessAFileAsksForIt() {
        new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class, JazminWebAutoConfiguration.class))
                .withPropertyValues("jazmin.files.docs.path=" + dir.resolve("docs.jzm"))
                .run(context -> assertThat(context).doesNotHaveBean(SimpleUrlHandlerMapping.class));
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class, JazminWebAutoConfiguration.class))
                .withPropertyValues("jazmin.files.docs.path=" + dir.resolve("docs.jzm"),
                        "jazmin.files.docs.serve-embedded-files=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(SimpleUrlHandlerMapping.class));
    }

    @Test
    void misspeltWebKeysFailTheStartNamingTheNearestKey() {
        runner().withPropertyValues("jazmin.web.sandbx=false").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().isInstanceOf(UnknownJazminPropertyException.class)
                .hasMessageContaining("did you mean jazmin.web.sandbox?"));
        runner().withPropertyValues("jazmin.files.docs.serve-embeded-files=true").run(context -> assertThat(context)
                .hasFailed().getFailure().rootCause().isInstanceOf(UnknownJazminPropertyException.class)
                .hasMessageContaining("did you mean jazmin.files.docs.serve-embedded-files?"));
    }
}
