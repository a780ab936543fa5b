package io.jazmin.spring.boot.endpoint.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import io.jazmin.spring.boot.endpoint.JazminSecretsSanitizer;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.SharedFiles;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * JAZMIN's secrets never show in actuator output, even with {@code show-values: always}: a key
 * (through a placeholder), a password, an owner key, an access key and its unlock token, read over
 * HTTP from {@code /actuator/env}, {@code /actuator/configprops} and {@code /actuator/jazmin} of a
 * real server, and from {@code toString} of the bound properties.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = ActuatorSecretsTests.App.class,
        properties = {"management.endpoints.web.exposure.include=env,configprops,jazmin",
            "management.endpoint.env.show-values=always", "management.endpoint.configprops.show-values=always"})
class ActuatorSecretsTests {
    static final ConformanceCase SHARED = ConformanceCase.named("js-access");
    static final HttpClient CLIENT = HttpClient.newHttpClient();
    static final JazminKey KEY = JazminKey.generate();
    static final String PASSWORD = "correct-horse-battery-staple-" + System.nanoTime();

    @TempDir
    static Path dir;
    static String ownerKey;
    static String carol;
    static String token;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JazminProperties properties;

    @Autowired
    JazminFiles files;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
    }

    @BeforeAll
    static void writeFiles() throws Exception {
        for (var secret : List.of(WriteOptions.defaults().withKey(KEY),
                WriteOptions.defaults().withPassword(PASSWORD).withKdfIterations(1000))) {
            String name = secret.key() != null ? "keyed.jzm" : "locked.jzm";
            try (JazminWriter writer = JazminWriter.create(dir.resolve(name), List.of(Column.of("id", ColumnType.INT)),
                    secret)) {
                writer.writeRow(Map.of("id", 1L));
                writer.finish();
            }
        }
        Files.copy(SHARED.dataFile(), dir.resolve("owned.jzm"));
        Files.copy(SHARED.dataFile(), dir.resolve("people.jzm"));
        ownerKey = SHARED.views().stream().filter(v -> v.name().equals("key")).findFirst().orElseThrow().spec()
                .get("keyText").asString();
        carol = CanonicalJson.parse(Files.readString(SharedFiles.root().resolve("conformance").resolve("source")
                .resolve("keys.json"))).get("carol").asString();
        token = JazminFile.issueUnlockToken(dir.resolve("people.jzm"), JazminKey.parse(ownerKey),
                AccessKeyText.parse(carol)).text();
    }

    @DynamicPropertySource
    static void files(DynamicPropertyRegistry registry) {
        registry.add("jazmin.files.keyed.path", () -> dir.resolve("keyed.jzm").toString());
        registry.add("jazmin.files.keyed.key", () -> "${KEYED_KEY}");
        registry.add("KEYED_KEY", KEY::text);
        registry.add("jazmin.files.locked.path", () -> dir.resolve("locked.jzm").toString());
        registry.add("jazmin.files.locked.password", () -> PASSWORD);
        registry.add("jazmin.files.owned.path", () -> dir.resolve("owned.jzm").toString());
        registry.add("jazmin.files.owned.owner-key", () -> ownerKey);
        registry.add("jazmin.files.people.path", () -> dir.resolve("people.jzm").toString());
        registry.add("jazmin.files.people.access-key", () -> carol);
        registry.add("jazmin.files.people.unlock-token", () -> token);
    }

    private String get(String path) throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return response.body();
    }

    /** The secrets, each without its prefix, so that no part of one may show. */
    private List<String> secrets() {
        return List.of(KEY.text().substring(5), PASSWORD, ownerKey.substring(5), carol.substring(5),
                token.substring(5));
    }

    @Test
    void envShowsValuesButMasksEverySecret() throws Exception {
        String env = get("/actuator/env");
        assertThat(env).as("show-values: always shows ordinary values").contains(dir.resolve("keyed.jzm").toString());
        assertThat(env).doesNotContain(secrets()).contains("******");
        for (String name : List.of("jazmin.files.keyed.key", "KEYED_KEY", "jazmin.files.locked.password",
                "jazmin.files.owned.owner-key", "jazmin.files.people.access-key", "jazmin.files.people.unlock-token")) {
            String one = get("/actuator/env/" + name);
            assertThat(one).as(name).doesNotContain(secrets()).contains("\"value\":\"******\"");
        }
    }

    @Test
    void configpropsShowsValuesButMasksEverySecret() throws Exception {
        for (String path : List.of("/actuator/configprops", "/actuator/configprops/jazmin")) {
            String configprops = get(path);
            assertThat(configprops).as(path).contains(dir.resolve("owned.jzm").toString())
                    .doesNotContain(secrets()).contains("******");
        }
    }

    @Test
    void theJazminEndpointReadsTheFilesWithoutShowingASecret() throws Exception {
        String jazmin = get("/actuator/jazmin");
        assertThat(jazmin).contains("\"readable\":true").doesNotContain("\"readable\":false")
                .doesNotContain("\"encrypted\":false").doesNotContain(secrets());
        assertThat(get("/actuator/jazmin/people")).contains("\"deadBytes\":0").doesNotContain(secrets());
        assertThat(properties.toString() + properties.getFiles()).doesNotContain(secrets());
        assertThat(files.all()).hasSize(4).allSatisfy(f -> assertThat(f.definition().toString())
                .doesNotContain(secrets()));
    }

    @Test
    void theSecretPropertiesComeFromTheMarkedFieldsAndAreMaskedHoweverSpelt() {
        assertThat(JazminProperties.secretNames()).containsExactlyInAnyOrder("jazmin.files.*.key",
                "jazmin.files.*.password", "jazmin.files.*.owner-key", "jazmin.files.*.access-key",
                "jazmin.files.*.unlock-token", "jazmin.files.*.url");
        JazminSecretsSanitizer sanitizer = new JazminSecretsSanitizer();
        for (String key : List.of("jazmin.files.a.owner-key", "jazmin.files.a.ownerKey", "JAZMIN_FILES_A_OWNER_KEY",
                "JAZMIN_FILES_MY_FILE_PASSWORD", "jazmin.files[a].unlock-token", "jazmin.files.a.b.access-key")) {
            assertThat(sanitizer.apply(new SanitizableData(null, key, "plain")).getValue()).as(key)
                    .isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
        for (String key : List.of("jazmin.files.a.path", "jazmin.files.a.kdf-iterations", "jazmin.priority",
                "other.key")) {
            assertThat(sanitizer.apply(new SanitizableData(null, key, "plain")).getValue()).as(key).isEqualTo("plain");
        }
        assertThat(sanitizer.apply(new SanitizableData(null, "ANY_NAME", JazminKey.generate().text())).getValue())
                .as("a key text under any name").isEqualTo(SanitizableData.SANITIZED_VALUE);
    }
}
