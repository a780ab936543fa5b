package io.jazmin.build;

import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The main Java sources of every module, for checks that read the code itself. */
final class MainSources {
    private MainSources() {
    }

    /** Each main source file's text by its path from the project root ({@code /} separated), in path order. */
    static Map<String, String> all() {
        Path root = SharedFiles.projectRoot();
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(MainSources::isMainSource).toList()) {
                sources.put(root.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    private static boolean isMainSource(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java") && path.contains("/src/main/java/") && !path.contains("/target/");
    }
}
