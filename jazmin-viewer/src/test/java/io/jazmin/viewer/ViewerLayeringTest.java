package io.jazmin.viewer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The viewer sits on jazmin-core's public API only (ARCHITECTURE.md) and on no HTTP server, so
 * the JDK's server and Spring MVC can both serve it.
 */
class ViewerLayeringTest {
    private static final JavaClasses VIEWER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.jazmin.viewer");

    @Test
    void theViewerUsesThePublicEngineApiAndNoServer() {
        noClasses().that().resideInAPackage("io.jazmin.viewer..")
                .should().dependOnClassesThat().resideInAnyPackage("io.jazmin.internal..", "io.jazmin.cli..",
                        "io.jazmin.spring..", "com.sun.net.httpserver..", "jakarta.servlet..", "org.springframework..",
                        "picocli..")
                .check(VIEWER);
    }
}
