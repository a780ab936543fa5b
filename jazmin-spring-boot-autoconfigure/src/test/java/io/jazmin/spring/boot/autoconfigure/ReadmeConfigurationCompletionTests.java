package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * An application configured only from the README's {@code application.yml} block gets IDE completion
 * for every key it uses: each key of the block is described by the built configuration metadata.
 * Names under {@code jazmin.files} are file names, which the metadata describes as
 * {@code jazmin.files.*.<key>}; a key right under a described map property (an index's column) is one of
 * its entries.
 */
class ReadmeConfigurationCompletionTests {
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everyKeyOfTheReadmeApplicationYmlIsInTheMetadata() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<String> keys = new ArrayList<>();
        Matcher block = YAML_BLOCK.matcher(readme);
        while (block.find()) {
            Object document = new Yaml().load(block.group(1));
            if (document instanceof Map<?, ?> map && map.containsKey("jazmin")) {
                flatten("", map, keys);
            }
        }
        assertThat(keys).as("the README has an application.yml block with jazmin.files keys")
                .contains("jazmin.priority", "jazmin.files.*.path", "jazmin.files.*.indexes.name");

        Map<String, Map<String, Object>> metadata = JazminMetadataTests.properties();
        List<String> missing = keys.stream().filter(key -> !described(key, metadata)).toList();
        assertThat(missing).as("README application.yml keys without configuration metadata").isEmpty();
    }

    private static void flatten(String prefix, Map<?, ?> map, List<String> keys) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            // the keys of jazmin.files are file names: the metadata names them '*'
            String key = prefix + (prefix.equals("jazmin.files.") ? "*" : String.valueOf(entry.getKey()));
            if (entry.getValue() instanceof Map<?, ?> nested) {
                flatten(key + ".", nested, keys);
            } else {
                keys.add(key);
            }
        }
    }

    /** Described itself, or an entry (one level down) of a described map property. */
    private static boolean described(String key, Map<String, Map<String, Object>> metadata) {
        if (metadata.containsKey(key)) {
            return true;
        }
        int dot = key.lastIndexOf('.');
        Map<String, Object> map = dot < 0 ? null : metadata.get(key.substring(0, dot));
        return map != null && String.valueOf(map.get("type")).startsWith("java.util.Map");
    }
}
