package io.jazmin.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates the shared spec and conformance folder for tests. Uses system property
 * {@code jazmin.shared.dir} (set by surefire from the parent POM), else {@code ../shared} beside
 * the project root found above the working directory. A missing folder fails the test instead of
 * skipping it, so conformance checks can never pass silently.
 */
public final class SharedFiles {
    private SharedFiles() {
    }

    /** The shared folder (holds {@code spec/} and {@code conformance/}). */
    public static Path root() {
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

    /** The conformance cases folder: one sub-folder per case, each with {@code data.jzm}. */
    public static Path cases() {
        return root().resolve("conformance").resolve("cases");
    }

    /** The conformance case folder of the given name. */
    public static Path conformanceCase(String name) {
        Path dir = cases().resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("conformance case not found: " + dir);
        }
        return dir;
    }

    /**
     * The outermost directory above the working directory that still holds a pom.xml (the
     * multi-module root when run from a module directory).
     */
    public static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        Path root = dir;
        for (Path d = dir; d != null && Files.exists(d.resolve("pom.xml")); d = d.getParent()) {
            root = d;
        }
        return root;
    }
}
