package io.jazmin.spring.boot.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminWriter;
import io.jazmin.key.JazminKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With Spring Security in the application, its rules apply to the console: Spring Boot's default
 * security (every request authenticated) refuses an unauthenticated request to the console's page
 * and API, on a real server, and lets the configured user in. The console adds no rule of its own.
 * (This module's other tests run without Spring Boot's security auto-configuration: see its pom.)
 */
@SpringBootTest(classes = ConsoleSecurityTests.SecuredApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.autoconfigure.exclude=", "jazmin.console.enabled=true",
            "spring.security.user.name=operator", "spring.security.user.password=console-test-password"})
class ConsoleSecurityTests {
    private static final String KEY = JazminKey.generate().text();
    private final HttpClient http = HttpClient.newHttpClient();

    @Value("${local.server.port}")
    int port;

    /** An application of the auto-configurations alone: Spring MVC, Spring Security, JAZMIN. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class SecuredApplication {
    }

    @DynamicPropertySource
    static void itemsFile(DynamicPropertyRegistry registry) throws IOException {
        Path dir = Files.createTempDirectory("jazmin-console-security");
        Path file = dir.resolve("items.jzm");
        try (JazminWriter writer = JazminWriter.create(file, List.of(Column.of("id", ColumnType.INT)),
                WriteOptions.defaults().withKey(JazminKey.parse(KEY)))) {
            writer.writeRow(Map.of("id", 7L));
            writer.finish();
        }
        registry.add("jazmin.files.items.path", file::toString);
        registry.add("jazmin.files.items.key", () -> KEY);
    }

    private HttpResponse<String> get(String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Accept", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anUnauthenticatedRequestIsRefusedByTheApplicationsSecurity() throws Exception {
        for (String path : List.of("/jazmin-console/", "/jazmin-console/viewer.js", "/jazmin-console/api/rows",
                "/jazmin-console/api/file")) {
            HttpResponse<String> refused = get(path, null);
            assertThat(refused.statusCode()).as(path).isEqualTo(401);
            assertThat(refused.body()).as(path).doesNotContain("JAZMIN viewer").doesNotContain("\"rows\"");
        }
        String basic = "Basic " + Base64.getEncoder().encodeToString(
                "operator:console-test-password".getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> rows = get("/jazmin-console/api/rows", basic);
        assertThat(rows.statusCode()).isEqualTo(200);
        assertThat(rows.body()).contains("\"id\":7").doesNotContain(KEY).doesNotContain(KEY.substring(5, 25));
        assertThat(get("/jazmin-console/api/rows", "Basic " + Base64.getEncoder().encodeToString(
                "operator:wrong".getBytes(StandardCharsets.UTF_8))).statusCode()).isEqualTo(401);
    }
}
