package io.jazmin.spring.data.freshness;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.testing.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A writer of a books file other than the repositories under test, through the engine's public API:
 * in this JVM, or in a second JVM started for each change ({@link #main}).
 */
public enum OtherWriter {
    SAME_JVM {
        @Override
        void run(String... command) {
            change(command);
        }
    },
    OTHER_PROCESS {
        @Override
        void run(String... command) throws IOException, InterruptedException {
            List<String> line = new ArrayList<>(ChildJvm.shortLived(List.of("-Xmx128m"), OtherWriter.class));
            line.addAll(List.of(command));
            Path errors = Files.createTempFile("boot-other-writer", ".err");
            try {
                Process child = new ProcessBuilder(line).redirectErrorStream(false)
                        .redirectError(errors.toFile()).start();
                if (!child.waitFor(60, TimeUnit.SECONDS)) {
                    child.destroyForcibly();
                    throw new AssertionError("the second JVM did not finish " + List.of(command));
                }
                if (child.exitValue() != 0) {
                    throw new AssertionError("the second JVM failed " + List.of(command) + ": "
                            + Files.readString(errors, StandardCharsets.UTF_8));
                }
            } finally {
                Files.deleteIfExists(errors);
            }
        }
    };

    /** Appends {@code book} to {@code file}. */
    void append(Path file, Book book) throws IOException, InterruptedException {
        run("append", file.toString(), Long.toString(book.id()), book.title(), book.genre());
    }

    /** Deletes the book with {@code id} from {@code file}. */
    void delete(Path file, long id) throws IOException, InterruptedException {
        run("delete", file.toString(), Long.toString(id));
    }

    /** Replaces {@code file} by a new one (a full write moved over it) holding {@code books} only. */
    void rewrite(Path file, List<Book> books) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("rewrite", file.toString()));
        books.forEach(b -> command.addAll(List.of(Long.toString(b.id()), b.title(), b.genre())));
        run(command.toArray(String[]::new));
    }

    abstract void run(String... command) throws IOException, InterruptedException;

    /** The second JVM: one change, then exit. */
    public static void main(String[] args) {
        change(args);
    }

    private static void change(String... command) {
        Path file = Path.of(command[1]);
        WriteOptions options = WriteOptions.defaults();
        switch (command[0]) {
            case "append" -> JazminFile.append(file, List.<Map<String, ?>>of(book(command, 2).cells()).iterator(), options);
            case "delete" -> JazminFile.delete(file, Filter.eq("id", Long.parseLong(command[2])), options);
            case "rewrite" -> {
                List<Column> columns;
                try (JazminReader reader = JazminReader.open(file)) {
                    columns = reader.table().columns();
                }
                try (JazminWriter writer = JazminWriter.create(file, columns, options)) {
                    for (int at = 2; at < command.length; at += 3) {
                        writer.writeRow(book(command, at).cells());
                    }
                    writer.finish();
                }
            }
            default -> throw new IllegalArgumentException("unknown change " + command[0]);
        }
    }

    private static Book book(String[] args, int at) {
        return new Book(Long.parseLong(args[at]), args[at + 1], args[at + 2]);
    }
}
