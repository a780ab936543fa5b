package io.jazmin.viewer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The viewer sits on jazmin-core's public API only (ARCHITECTURE.md) and on no HTTP server, so
 * the JDK's server and Spring MVC can both serve it.
 */
class ViewerLayeringTest {
    /** The module's compiled main classes only (as ArchitectureTest imports jazmin-core's). */
    private static final JavaClasses VIEWER = new ClassFileImporter().importPath(Path.of("target/classes"));

    @Test
    void theViewerUsesThePublicEngineApiAndNoServer() {
        noClasses().that().resideInAPackage("io.jazmin.viewer..")
                .should().dependOnClassesThat().resideInAnyPackage("io.jazmin.internal..", "io.jazmin.cli..",
                        "io.jazmin.spring..", "com.sun.net.httpserver..", "jakarta.servlet..", "org.springframework..",
                        "picocli..")
                .check(VIEWER);
    }
}
