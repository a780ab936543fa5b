package io.jazmin.spring.boot.test.autoconfigure;

import io.jazmin.error.JazminIoException;
import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.util.FileSystemUtils;

/**
 * Points every file configured under {@code jazmin.files} at {@code <name>.jzm} in a new temporary
 * folder, with {@code create-if-missing} on and, for password files, the lowest PBKDF2 iteration
 * count (these files hold test data only). The folder is deleted after the context's beans, the
 * open readers among them, are destroyed.
 */
final class TemporaryJazminFiles implements ContextCustomizer {
    /** The property source's name, highest in precedence. */
    static final String PROPERTY_SOURCE = "jazminTemporaryFiles";
    private static final int TEST_KDF_ITERATIONS = 1_000;

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        JazminProperties configured = Binder.get(context.getEnvironment()).bind("jazmin", JazminProperties.class)
                .orElseGet(JazminProperties::new);
        Path folder = createFolder();
        Map<String, Object> properties = new LinkedHashMap<>();
        configured.getFiles().forEach((name, file) -> {
            String prefix = "jazmin.files." + name + ".";
            properties.put(prefix + "path", folder.resolve(name + ".jzm").toString());
            properties.put(prefix + "create-if-missing", "true");
            if (file.getPassword() != null) {
                properties.put(prefix + "kdf-iterations", String.valueOf(TEST_KDF_ITERATIONS));
            }
        });
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE, properties));
        // Registered before any bean, so destroyed after all of them.
        ((DefaultSingletonBeanRegistry) context.getBeanFactory()).registerDisposableBean(
                "jazminTemporaryFolder", new Folder(folder));
    }

    private static Path createFolder() {
        try {
            return Files.createTempDirectory("jazmin-test-");
        } catch (IOException e) {
            throw new JazminIoException("cannot create", "the temporary folder of a @DataJazminTest", e);
        }
    }

    /** Deletes the temporary folder. */
    private record Folder(Path path) implements DisposableBean {
        @Override
        public void destroy() throws IOException {
            FileSystemUtils.deleteRecursively(path);
        }
    }

    // Every test class with temporary files gets the same kind of context: they can share one.
    @Override
    public boolean equals(Object other) {
        return other instanceof TemporaryJazminFiles;
    }

    @Override
    public int hashCode() {
        return TemporaryJazminFiles.class.hashCode();
    }
}
