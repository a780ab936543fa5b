package io.jazmin.spring.data.freshness;

import io.jazmin.testing.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A second "application" over a books file, in a JVM of its own: a {@link BookStore} driven by one
 * command per line on its standard input, answering one line each. The test holds it through an
 * instance of this class.
 */
final class SecondApplication implements AutoCloseable {
    private final Process process;
    private final BufferedReader answers;
    private final PrintWriter commands;
    private final Path errors;

    private SecondApplication(Process process, Path errors) {
        this.process = process;
        this.errors = errors;
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.commands = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
    }

    /** Starts the second JVM over {@code file} and waits until its store is ready. */
    static SecondApplication start(Path file) throws IOException {
        List<String> line = new ArrayList<>(ChildJvm.shortLived(List.of("-Xmx128m"), SecondApplication.class));
        line.add(file.toString());
        Path errors = Files.createTempFile("boot-second-app", ".err");
        SecondApplication app = new SecondApplication(new ProcessBuilder(line).redirectError(errors.toFile()).start(),
                errors);
        app.expect("ready");
        return app;
    }

    /** Sends {@code command} and returns the answer line. */
    String ask(String command) throws IOException {
        commands.println(command);
        String answer = answers.readLine();
        if (answer == null || answer.startsWith("error ")) {
            throw new AssertionError("the second application failed '" + command + "': " + answer + "; stderr: "
                    + Files.readString(errors, StandardCharsets.UTF_8));
        }
        return answer;
    }

    private void expect(String wanted) throws IOException {
        String answer = answers.readLine();
        if (!wanted.equals(answer)) {
            throw new AssertionError("the second application answered " + answer + " instead of " + wanted
                    + "; stderr: " + Files.readString(errors, StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            commands.println("quit");
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(errors);
        }
    }

    /**
     * The second JVM: {@code save id title genre}, {@code saveRange from to genre} (one save per id),
     * {@code find id} (the title or {@code none}), {@code count}, {@code ids} (sorted, comma-separated),
     * {@code genre g} (the ids of a derived query), {@code quit}.
     */
    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (BookStore store = new BookStore(Path.of(args[0]))) {
            Books books = store.books();
            out.println("ready");
            for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
                String[] w = line.split(" ");
                try {
                    out.println(switch (w[0]) {
                        case "save" -> {
                            store.saveRetrying(new Book(Long.parseLong(w[1]), w[2], w[3]));
                            yield "ok";
                        }
                        case "saveRange" -> {
                            for (long id = Long.parseLong(w[1]); id <= Long.parseLong(w[2]); id++) {
                                store.saveRetrying(new Book(id, "t" + id, w[3]));
                            }
                            yield "ok";
                        }
                        case "find" -> books.findById(Long.parseLong(w[1])).map(Book::title).orElse("none");
                        case "count" -> Long.toString(books.count());
                        case "ids" -> books.findAll().stream().map(Book::id).sorted().map(String::valueOf)
                                .collect(Collectors.joining(","));
                        case "genre" -> books.findByGenre(w[1]).stream().map(Book::id).sorted().map(String::valueOf)
                                .collect(Collectors.joining(","));
                        default -> "error unknown command " + w[0];
                    });
                } catch (RuntimeException e) {
                    out.println("error " + e);
                }
            }
        }
    }
}
