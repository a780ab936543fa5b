package io.jazmin.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared conformance folder: system property {@code jazmin.shared.dir} (set by surefire), else
 * {@code ../shared} beside the project root. Missing means a broken setup, so tests fail instead of skipping.
 */
final class SharedDir {
    private SharedDir() {
    }

    static Path conformanceCase(String name) {
        Path dir = root().resolve("conformance").resolve("cases").resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("conformance case not found: " + dir);
        }
        return dir;
    }

    private static Path root() {
        String property = System.getProperty("jazmin.shared.dir");
        Path dir = property != null && !property.isBlank()
                ? Path.of(property)
                : projectRoot().resolveSibling("shared");
        dir = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir.resolve("conformance"))) {
            throw new IllegalStateException("shared folder not found at " + dir
                    + " (set -Djazmin.shared.dir=<path to shared>)");
        }
        return dir;
    }

    // The outermost directory above the working directory that still holds a pom.xml.
    private static Path projectRoot() {
        Path root = Path.of("").toAbsolutePath();
        for (Path d = root; d != null && Files.exists(d.resolve("pom.xml")); d = d.getParent()) {
            root = d;
        }
        return root;
    }
}
