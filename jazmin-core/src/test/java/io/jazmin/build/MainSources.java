package io.jazmin.build;

import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** The Java sources of every module, for checks that read the code itself. */
final class MainSources {
    private MainSources() {
    }

    /** Each main source file's text by its path from the project root ({@code /} separated), in path order. */
    static Map<String, String> all() {
        return read(MainSources::isMainSource);
    }

    /** Every Java file under a module's {@code src} (main, test, benchmarks), by path as {@link #all()}. */
    static Map<String, String> everySource() {
        return read(MainSources::isSource);
    }

    private static Map<String, String> read(Predicate<Path> wanted) {
        Path root = SharedFiles.projectRoot();
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(wanted).toList()) {
                sources.put(root.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    private static boolean isSource(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java") && path.contains("/src/") && !path.contains("/target/");
    }

    private static boolean isMainSource(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java") && path.contains("/src/main/java/") && !path.contains("/target/");
    }
}
