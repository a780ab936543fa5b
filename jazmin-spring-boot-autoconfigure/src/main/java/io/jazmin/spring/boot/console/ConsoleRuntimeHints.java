package io.jazmin.spring.boot.console;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image of an application with the console needs beyond what Spring's AOT processing
 * finds on its own: the viewer's page, script and style sheet, which {@code jazmin-viewer} reads from
 * the class path when the console serves them. Its JSON is built as trees, so no reflection is needed.
 */
final class ConsoleRuntimeHints implements RuntimeHintsRegistrar {
    /** The folder of the viewer's UI files in {@code jazmin-viewer} (kept by {@code ViewerAssets}). */
    static final String UI_FILES = "io/jazmin/viewer/ui/*";

    @Override
    public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
        hints.resources().registerPattern(UI_FILES);
    }
}
