package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.testing.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application on the module path maps its records as one on the class path does: its module
 * opens the records' package to {@code io.jazmin} (as the README says) and needs nothing on the
 * command line. The application is compiled here and run in a child JVM whose module path holds
 * {@code io.jazmin} and only the modules it requires.
 */
class ModulePathMappingTest {
    private static final String MODULE_INFO = """
            module books {
                requires io.jazmin;
                opens books.model to io.jazmin;
            }
            """;
    private static final String BOOK = """
            package books.model;

            public record Book(long id, String title, int pages) {}
            """;
    private static final String MAIN = """
            package books;

            import books.model.Book;
            import io.jazmin.JazminReader;
            import io.jazmin.mapping.JazminMapper;
            import io.jazmin.query.Order;
            import io.jazmin.query.Query;
            import io.jazmin.query.Where;
            import java.nio.file.Path;
            import java.util.List;

            public class Main {
                public static void main(String[] args) throws Exception {
                    Path file = Path.of(args[0]);
                    JazminMapper<Book> mapper = JazminMapper.forType(Book.class);
                    mapper.write(file, List.of(new Book(1, "Dune", 412), new Book(2, "Emma", 474),
                            new Book(3, "Ubik", 202)));
                    try (JazminReader r = JazminReader.open(file)) {
                        List<Book> all = mapper.table(r).stream().toList();
                        List<Book> longBooks = Query.of(Book.class).where(Where.field(Book::pages).gt(300))
                                .orderBy(Order.desc(Book::pages)).list(r.table());
                        System.out.println(all);
                        System.out.println(longBooks);
                    }
                }
            }
            """;

    @Test
    void anApplicationModuleOpeningItsRecordsToTheLibraryMapsThem(@TempDir Path dir) throws Exception {
        List<Path> libraryPath = libraryModulePath();
        Path sources = dir.resolve("src");
        write(sources.resolve("module-info.java"), MODULE_INFO);
        write(sources.resolve("books/model/Book.java"), BOOK);
        write(sources.resolve("books/Main.java"), MAIN);
        Path classes = dir.resolve("classes");
        // The JDK's javac in a process of its own: these tests run patched into io.jazmin, which does not read java.compiler.
        List<String> javac = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "-d", classes.toString(), "--module-path", joined(libraryPath)));
        try (var files = Files.walk(sources)) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
        }
        run(javac, dir.resolve("javac.txt"));

        List<Path> modulePath = new ArrayList<>(libraryPath);
        modulePath.add(classes);
        Path file = dir.resolve("books.jzm");
        List<String> command = ChildJvm.launcher(ChildJvm.SHORT_LIVED);
        command.addAll(List.of("--module-path", joined(modulePath), "-m", "books/books.Main", file.toString()));
        String printed = run(command, dir.resolve("out.txt"));
        assertThat(printed.lines().toList()).containsExactly(
                "[Book[id=1, title=Dune, pages=412], Book[id=2, title=Emma, pages=474], Book[id=3, title=Ubik, pages=202]]",
                "[Book[id=2, title=Emma, pages=474], Book[id=1, title=Dune, pages=412]]");
        try (JazminReader r = JazminReader.open(file)) {
            assertThat(r.table().rowCount()).isEqualTo(3);
        }
    }

    /**
     * {@code io.jazmin} (this module's classes) and the modules it requires, found among this JVM's
     * class path entries; test libraries stay off the child's module path.
     */
    private static List<Path> libraryModulePath() {
        Map<String, Path> byName = new HashMap<>();
        Map<String, ModuleDescriptor> descriptors = new HashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                continue;
            }
            try {
                for (ModuleReference ref : ModuleFinder.of(path).findAll()) {
                    byName.putIfAbsent(ref.descriptor().name(), path);
                    descriptors.putIfAbsent(ref.descriptor().name(), ref.descriptor());
                }
            } catch (FindException e) {
                // A test library whose jar names no valid module: never one the library requires.
            }
        }
        List<Path> path = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Deque<String> wanted = new ArrayDeque<>(List.of("io.jazmin"));
        while (!wanted.isEmpty()) {
            String name = wanted.pop();
            if (!seen.add(name) || ModuleFinder.ofSystem().find(name).isPresent()) {
                continue;
            }
            Path at = Optional.ofNullable(byName.get(name))
                    .orElseThrow(() -> new AssertionError("module " + name + " is on no class path entry"));
            path.add(at);
            descriptors.get(name).requires().stream()
                    .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                    .forEach(r -> wanted.add(r.name()));
        }
        assertThat(path.get(0)).as("io.jazmin's classes").isEqualTo(classesOf(JazminReader.class));
        return path;
    }

    private static Path classesOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    private static String joined(List<Path> paths) {
        return String.join(File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    /** Runs {@code command} to its end, failing with what it printed unless it exits 0; returns that. */
    private static String run(List<String> command, Path output) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command.get(0) + " did not finish in 60 s");
        }
        String printed = Files.readString(output);
        assertThat(process.exitValue()).as("%s printed:%n%s", command.get(0), printed).isZero();
        return printed;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
