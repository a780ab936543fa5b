package io.jazmin.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Kills (SIGKILL) a child JVM at random, seeded moments of one write of a file and checks what it
 * leaves: the file reads as exactly its old or its new version, and the next write, made in this
 * JVM, succeeds with no manual step and leaves neither the lock file nor a temporary file beside
 * it. The child ({@link #serve}) warms up on a copy of the file, says how long one write took,
 * writes the file once when told to go and waits; each kill lands between the go and that long
 * after it.
 */
public final class KillRounds {
    /** Two children at a time: the machine has two cores, and each child mostly waits on the other's. */
    private static final int WORKERS = 2;

    private KillRounds() {
    }

    /** One kind of write, as the child runs it and as this JVM checks it. */
    public interface Operation {
        /** Writes the old version of {@code file}, in this JVM. */
        void writeOld(Path file) throws Exception;

        /** The write the child is killed in, made in this JVM: on the old version it makes the new one. */
        void write(Path file) throws Exception;

        /** The child's command after {@code java -cp <class path>}: a main that calls {@link #serve}. */
        List<String> child(Path file);

        /**
         * Whether {@code file} holds the new version, where the rows do not tell (a compaction keeps
         * them); null (the default) when they do.
         */
        default Boolean isNew(Path file) throws Exception {
            return null;
        }
    }

    /** What the kills left, for the report. */
    public record Counts(String operation, int kills, int locksLeft, int tempsLeft, int recovered, int oldVersion,
                         int newVersion) {
        @Override
        public String toString() {
            return operation + ": " + kills + " kills, " + locksLeft + " left the lock file, " + tempsLeft
                    + " left a temporary file, " + recovered + " recovered by the next write, " + oldVersion
                    + " old version, " + newVersion + " new version";
        }
    }

    /** Kills {@code kills} children of {@code operation}, each on a fresh file in {@code dir}. */
    public static Counts run(String name, Path dir, Operation operation, int kills, long seed) throws Exception {
        AtomicInteger locks = new AtomicInteger();
        AtomicInteger temps = new AtomicInteger();
        AtomicInteger recovered = new AtomicInteger();
        AtomicInteger old = new AtomicInteger();
        AtomicInteger fresh = new AtomicInteger();
        Path reference = Files.createDirectories(dir.resolve(name + "-reference")).resolve(name + ".jzm");
        operation.writeOld(reference);
        List<List<Object>> oldRows = rows(reference);
        operation.write(reference);
        Versions versions = new Versions(oldRows, rows(reference));
        if (operation.isNew(reference) == null) {
            assertThat(versions.newRows()).as("the write changes the rows").isNotEqualTo(oldRows);
        }
        inWorkers(WORKERS, worker -> {
            Random random = new Random(seed * 31 + worker);
            for (int k = worker; k < kills; k += WORKERS) {
                Path file = Files.createDirectories(dir.resolve(name + "-" + k)).resolve(name + ".jzm");
                operation.writeOld(file);
                killOnce(operation, file, random);
                if (Files.exists(lockOf(file))) {
                    locks.incrementAndGet();
                }
                if (!temporaryFiles(file).isEmpty()) {
                    temps.incrementAndGet();
                }
                (isNew(operation, versions, file, k) ? fresh : old).incrementAndGet();
                operation.write(file);
                recovered.incrementAndGet();
                assertThat(lockOf(file)).as("kill " + k + ": the lock after the next write").doesNotExist();
                assertThat(temporaryFiles(file)).as("kill " + k + ": temporary files after the next write").isEmpty();
            }
        });
        return new Counts(name, kills, locks.get(), temps.get(), recovered.get(), old.get(), fresh.get());
    }

    /** One worker's part of a run, told its number. */
    @FunctionalInterface
    public interface Worker {
        void run(int worker) throws Exception;
    }

    /**
     * Runs {@code workers} workers at once and waits for them all (a hang guard of ten minutes:
     * each kill starts a JVM, which takes seconds on a loaded machine); the first failure is thrown.
     */
    public static void inWorkers(int workers, Worker work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int worker = w;
                running.add(pool.submit(() -> {
                    work.run(worker);
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get(600, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void killOnce(Operation operation, Path file, Random random) throws Exception {
        List<String> command = ChildJvm.java(ChildJvm.shortLived(List.of("-Xmx128m")));
        command.addAll(operation.child(file));
        Path errors = file.resolveSibling("child.err");
        Process child = new ProcessBuilder(command).redirectError(errors.toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String ready = out.readLine();
            if (ready == null || !ready.startsWith("ready ")) {
                child.waitFor(30, TimeUnit.SECONDS);
                throw new AssertionError("the child did not start: " + ready + ", stderr: " + Files.readString(errors));
            }
            long took = Long.parseLong(ready.substring("ready ".length()));
            long delay = random.nextLong(took + 1);
            // Both sides start the clock at the "go": the child's write and this wait.
            child.getOutputStream().write('\n');
            child.getOutputStream().flush();
            // parkNanos may return at once (a permit left by an earlier unpark of this thread, such as
            // a group commit's hand-off in this JVM's own writes): wait out the whole delay.
            long killAt = System.nanoTime() + delay;
            for (long left = delay; left > 0; left = killAt - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
    }

    private record Versions(List<List<Object>> oldRows, List<List<Object>> newRows) {
    }

    private static boolean isNew(Operation operation, Versions versions, Path file, int kill) throws Exception {
        List<List<Object>> rows = rows(file);
        Boolean told = operation.isNew(file);
        if (told != null) {
            assertThat(rows).as("kill " + kill + ": the rows, which the write keeps").isEqualTo(versions.oldRows());
            return told;
        }
        if (rows.equals(versions.newRows())) {
            return true;
        }
        assertThat(rows).as("kill " + kill + ": the file holds the old version or the new")
                .isEqualTo(versions.oldRows());
        return false;
    }

    /** Every row of the file's first table, each as its values in column order. */
    public static List<List<Object>> rows(Path file) {
        try (JazminReader reader = JazminReader.open(file); Stream<Row> rows = reader.table().rows()) {
            return rows.map(KillRounds::values).toList();
        }
    }

    private static List<Object> values(Row row) {
        return IntStream.range(0, row.size()).mapToObj(row::get).toList();
    }

    private static Path lockOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".lock");
    }

    /** Temporary files of new versions or of lock files beside {@code file}. */
    private static List<Path> temporaryFiles(Path file) throws IOException {
        String prefix = "." + file.getFileName() + ".";
        try (Stream<Path> files = Files.list(file.getParent())) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /**
     * The child's side: runs {@code write} twice on copies of {@code file} (class loading, first
     * compilations), prints {@code ready <nanoseconds the second took>}, writes {@code file} once
     * when a line comes on stdin, prints {@code done} and waits to be killed.
     *
     * @param write writes the file it is given
     */
    public static void serve(Path file, ThrowingConsumer write) throws Exception {
        long took = 0;
        for (int i = 0; i < 2; i++) {
            Path scratch = file.resolveSibling("warm-" + i + "-" + file.getFileName());
            Files.copy(file, scratch);
            long start = System.nanoTime();
            write.accept(scratch);
            took = System.nanoTime() - start;
        }
        System.out.println("ready " + took);
        System.out.flush();
        if (System.in.read() < 0) {
            return;
        }
        write.accept(file);
        System.out.println("done");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    /** A write of a file that may throw. */
    @FunctionalInterface
    public interface ThrowingConsumer {
        void accept(Path file) throws Exception;
    }
}
