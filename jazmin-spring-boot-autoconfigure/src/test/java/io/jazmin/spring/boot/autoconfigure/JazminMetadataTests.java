package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.JazminTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The configuration metadata (generated, merged with the additional file) describes every key. */
class JazminMetadataTests {

    private static List<Map<String, Object>> entries(String section) {
        List<Map<String, Object>> all = new ArrayList<>();
        for (String file : List.of("META-INF/spring-configuration-metadata.json",
                "META-INF/additional-spring-configuration-metadata.json")) {
            try (InputStream in = JazminMetadataTests.class.getClassLoader().getResourceAsStream(file)) {
                assertThat(in).as(file).isNotNull();
                all.addAll(JsonPath.read(new String(in.readAllBytes(), StandardCharsets.UTF_8), "$." + section + "[*]"));
            } catch (IOException e) {
                throw new AssertionError(file, e);
            }
        }
        return all;
    }

    /** By name, the entries of both files merged (the additional file's values win). */
    static Map<String, Map<String, Object>> properties() {
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        for (Map<String, Object> entry : entries("properties")) {
            byName.computeIfAbsent((String) entry.get("name"), n -> new LinkedHashMap<>()).putAll(entry);
        }
        return byName;
    }

    @Test
    void everyBoundFieldHasATypeAndADescription() {
        Map<String, Map<String, Object>> properties = properties();
        List<String> known = JazminPropertyNames.known();
        assertThat(known).contains("jazmin.priority", "jazmin.max-result-rows", "jazmin.repositories.enabled",
                "jazmin.files.*.path", "jazmin.files.*.key", "jazmin.files.*.password", "jazmin.files.*.priority",
                "jazmin.files.*.create-if-missing", "jazmin.files.*.codec", "jazmin.files.*.indexes.*",
                "jazmin.files.*.sorted-by", "jazmin.files.*.kdf-iterations",
                "jazmin.files.*.compaction.deleted-ratio", "jazmin.files.*.compaction.appends");
        for (String name : known) {
            // A map of values is described once, by the map: jazmin.files.*.indexes.
            String described = name.endsWith(".*") ? name.substring(0, name.length() - 2) : name;
            assertThat(properties).as(described).containsKey(described);
            assertThat(properties.get(described)).as(described).containsKeys("type", "description");
            assertThat((String) properties.get(described).get("description")).as(described).isNotBlank();
        }
    }

    @Test
    void theSpringReferencePageListsEveryKey() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "spring.md"));
        for (String name : properties().keySet()) {
            assertThat(page).as(name).contains("`" + name.replace("*", "<name>"));
        }
    }

    @Test
    void defaultsMatchTheCode() {
        Map<String, Map<String, Object>> properties = properties();
        assertThat(properties.get("jazmin.priority").get("defaultValue")).isEqualTo("balanced");
        assertThat(((Number) properties.get("jazmin.max-result-rows").get("defaultValue")).longValue())
                .isEqualTo(JazminTemplate.DEFAULT_MAX_RESULT_ROWS);
        assertThat(properties.get("jazmin.files.*.kdf-iterations").get("defaultValue"))
                .isEqualTo(WriteOptions.DEFAULT_KDF_ITERATIONS);
        assertThat(properties.get("jazmin.files.*.create-if-missing").get("defaultValue")).isEqualTo(false);
        assertThat(properties.get("jazmin.repositories.enabled").get("defaultValue")).isEqualTo(true);
    }

    @Test
    void hintsListTheValuesOfCodecPriorityAndIndexKinds() {
        Map<String, List<Object>> hints = new LinkedHashMap<>();
        for (Map<String, Object> hint : entries("hints")) {
            hints.put((String) hint.get("name"), JsonPath.read(hint, "$.values[*].value"));
        }
        assertThat(hints.get("jazmin.files.*.codec")).containsExactly("none", "deflate", "brotli");
        assertThat(hints.get("jazmin.priority")).containsExactly("memory", "balanced", "speed");
        assertThat(hints.get("jazmin.files.*.priority")).containsExactly("memory", "balanced", "speed");
        assertThat(hints.get("jazmin.files.*.indexes.values")).containsExactly("sorted", "trigram");
    }
}
