package io.jazmin.build;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Fails the build when a test class of any module holds tests that Surefire would never run
 * because its name matches none of Surefire's default includes ({@code Test*}, {@code *Test},
 * {@code *Tests}, {@code *TestCase}): six property classes once went unrun that way.
 */
class TestClassNamesTest {
    private static final Pattern TEST_ANNOTATION = Pattern.compile(
            "@([\\w.]+\\.)?(Test|Property|ParameterizedTest|RepeatedTest|TestFactory|Example|FuzzTest)\\b");
    private static final Pattern INCLUDED_NAME = Pattern.compile("Test.*|.*Test|.*Tests|.*TestCase");

    @Test
    void everyClassHoldingTestsMatchesASurefireInclude() throws IOException {
        Path root = SharedFiles.projectRoot();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(root)) {
            sources = files.filter(TestClassNamesTest::isTestSource).toList();
        }
        assertThat(sources).as("test sources found under " + root).hasSizeGreaterThan(50);

        List<String> unrun = sources.stream()
                .filter(f -> !INCLUDED_NAME.matcher(simpleName(f)).matches())
                .filter(f -> TEST_ANNOTATION.matcher(read(f)).find())
                .map(f -> root.relativize(f).toString())
                .toList();
        assertThat(unrun).as("test classes whose names match no Surefire include").isEmpty();
    }

    private static boolean isTestSource(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java") && path.contains("/src/test/java/") && !path.contains("/target/");
    }

    private static String simpleName(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".java".length());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
