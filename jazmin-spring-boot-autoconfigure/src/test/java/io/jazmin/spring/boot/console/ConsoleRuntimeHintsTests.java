package io.jazmin.spring.boot.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.context.annotation.ImportRuntimeHints;

class ConsoleRuntimeHintsTests {

    @Test
    void theViewersUiFilesAreRegisteredForNativeImagesAndNothingElseOfItsJar() {
        RuntimeHints hints = new RuntimeHints();
        new ConsoleRuntimeHints().registerHints(hints, getClass().getClassLoader());

        for (String file : List.of("index.html", "viewer.js", "viewer.css")) {
            String resource = "io/jazmin/viewer/ui/" + file;
            assertThat(getClass().getClassLoader().getResource(resource)).as("%s on the class path", resource).isNotNull();
            assertThat(RuntimeHintsPredicates.resource().forResource(resource)).as(resource).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.resource().forResource("io/jazmin/viewer/Viewer.class")).rejects(hints);
    }

    @Test
    void theConsolesAutoConfigurationImportsTheHints() {
        assertThat(JazminConsoleAutoConfiguration.class.getAnnotation(ImportRuntimeHints.class).value())
                .containsExactly(ConsoleRuntimeHints.class);
    }
}
