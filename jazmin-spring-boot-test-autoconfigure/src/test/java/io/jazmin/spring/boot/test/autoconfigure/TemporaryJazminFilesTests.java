package io.jazmin.spring.boot.test.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;

/** The temporary folder's life: created with the context, every configured file in it, deleted at close. */
class TemporaryJazminFilesTests {

    @DataJazminTest(temporaryFiles = false)
    static class KeepsFiles {
    }

    @Test
    void pointsEveryConfiguredFileIntoAFolderDeletedAtClose() {
        Path folder;
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", Map.of(
                    "jazmin.files.a.path", "/nowhere/a.jzm", "jazmin.files.b.path", "/nowhere/b.jzm",
                    "jazmin.files.b.key", "not-read-here")));
            new TemporaryJazminFiles().customizeContext(context, null);
            context.refresh();
            Path a = Path.of(context.getEnvironment().getProperty("jazmin.files.a.path"));
            Path b = Path.of(context.getEnvironment().getProperty("jazmin.files.b.path"));
            folder = a.getParent();
            assertThat(b.getParent()).isEqualTo(folder);
            assertThat(folder).isDirectory();
            assertThat(context.getEnvironment().getProperty("jazmin.files.b.create-if-missing")).isEqualTo("true");
            assertThat(context.getEnvironment().getProperty("jazmin.files.b.kdf-iterations")).isNull();
        }
        assertThat(folder).doesNotExist();
    }

    @Test
    void onlyTestsAskingForTemporaryFilesGetThem() {
        TemporaryJazminFilesContextCustomizerFactory factory = new TemporaryJazminFilesContextCustomizerFactory();
        assertThat(factory.createContextCustomizer(DataJazminTestTests.class, List.of()))
                .isInstanceOf(TemporaryJazminFiles.class);
        assertThat(factory.createContextCustomizer(KeepsFiles.class, List.of())).isNull();
        assertThat(factory.createContextCustomizer(TemporaryJazminFilesTests.class, List.of())).isNull();
    }
}
