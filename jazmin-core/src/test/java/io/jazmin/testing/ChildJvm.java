package io.jazmin.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM running a main class on this test JVM's class path, with this
 * JVM's {@code java}: for tests that kill a writer mid-way, run a second process against the same
 * file, or start an application in a mode of its own. Shared with the other modules' tests through
 * jazmin-core's test jar.
 *
 * <pre>{@code
 * Process child = new ProcessBuilder(ChildJvm.command(ChildJvm.SHORT_LIVED, Writer.class, file.toString()))
 *         .redirectError(errors.toFile()).start();
 * }</pre>
 */
public final class ChildJvm {
    /** A short-lived child's JVM options: C1 only, the serial collector and no perf data start it quickest. */
    public static final List<String> SHORT_LIVED = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-XX:-UsePerfData");

    private ChildJvm() {
    }

    /**
     * {@code java OPTIONS -cp <this JVM's class path> MAIN ARGS}.
     *
     * @param options the JVM's options (heap, collector, system properties)
     * @param main    the class whose {@code main} runs
     * @param args    its arguments
     */
    public static List<String> command(List<String> options, Class<?> main, String... args) {
        List<String> command = java(options);
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** {@code java OPTIONS -cp <this JVM's class path>}, for a caller adding the main class and its arguments. */
    public static List<String> java(List<String> options) {
        List<String> command = launcher(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path")));
        return command;
    }

    /** {@code java OPTIONS} of this JVM's {@code java}, for a caller adding its own class or module path. */
    public static List<String> launcher(List<String> options) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        return command;
    }

    /** {@link #command(List, Class, String...)} with {@link #SHORT_LIVED} and more options. */
    public static List<String> shortLived(List<String> moreOptions, Class<?> main, String... args) {
        return command(shortLived(moreOptions), main, args);
    }

    /** {@link #SHORT_LIVED} followed by {@code moreOptions} (a heap size, say). */
    public static List<String> shortLived(List<String> moreOptions) {
        List<String> options = new ArrayList<>(SHORT_LIVED);
        options.addAll(moreOptions);
        return options;
    }
}
