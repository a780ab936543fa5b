package io.jazmin.spring.data.freshness;

import java.nio.file.Path;
import java.util.List;

/** The command line of a second JVM running a main class of the test class path. */
final class SecondJvm {
    private SecondJvm() {
    }

    static List<String> command(Class<?> main) {
        // A short-lived child: C1 only and a small heap start it in well under a second.
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xmx128m",
                "-cp", System.getProperty("java.class.path"), main.getName());
    }
}
