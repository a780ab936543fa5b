package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminWriter;
import io.jazmin.WriteLock;
import io.jazmin.error.FileLockedException;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-writer lock {@code <path>.lock} (spec §1.24): writers exclude each other within a JVM and
 * across processes ({@link LockChild} runs in child JVMs), a lock whose holder died is taken over,
 * and a lock of a writer that takes no system lock (the reference libraries') is never taken.
 */
class WriterLockTest {
    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(Process::destroyForcibly);
    }

    @Test
    void createsTheFoldersOfAFileNotWrittenYet() {
        Path file = dir.resolve("data/new/customers.jzm");
        try (WriteLock lock = WriteLock.acquire(file)) {
            assertThat(dir.resolve("data/new/customers.jzm.lock")).exists();
        }
        assertThat(dir.resolve("data/new/customers.jzm.lock")).doesNotExist();
        assertThat(dir.resolve("data/new")).isDirectory();
    }

    @Test
    void aSecondWriterIsRefusedWhileTheLockIsHeld() throws Exception {
        Path file = dir.resolve("held.jzm");
        try (WriteLock lock = WriteLock.acquire(file)) {
            assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class)
                    .hasMessageContaining("held.jzm.lock").hasMessageContaining("in this process");
            // The same file through another path (a linked folder) is the same lock.
            Path alias = Files.createSymbolicLink(dir.resolve("alias"), dir);
            assertThatThrownBy(() -> WriteLock.acquire(alias.resolve("held.jzm")))
                    .isInstanceOf(FileLockedException.class).hasMessageContaining("in this process");
        }
        Files.deleteIfExists(file);
        WriteLock.acquire(file).close();
    }

    @Test
    void threadsRacingForTheLockExcludeEachOther() throws Exception {
        Path file = dir.resolve("threads.jzm");
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 20; round++) {
                CountDownLatch start = new CountDownLatch(1);
                CountDownLatch done = new CountDownLatch(threads);
                List<Future<WriteLock>> tries = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    tries.add(pool.submit(() -> {
                        start.await();
                        try {
                            return WriteLock.acquire(file);
                        } catch (FileLockedException e) {
                            return null;
                        } finally {
                            done.countDown();
                        }
                    }));
                }
                start.countDown();
                assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
                List<WriteLock> won = new ArrayList<>();
                for (Future<WriteLock> f : tries) {
                    if (f.get() != null) {
                        won.add(f.get());
                    }
                }
                assertThat(won).as("round " + round).hasSize(1);
                won.get(0).close();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoProcessesExcludeEachOther() throws Exception {
        Path file = dir.resolve("shared.jzm");
        Child holder = start(file);
        String won = holder.line();
        assertThat(won).startsWith("won ");
        long pid = Long.parseLong(won.substring(4));

        assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class)
                .hasMessageContaining("shared.jzm.lock").hasMessageContaining("process " + pid + " on this host");

        holder.release();
        try (WriteLock mine = WriteLock.acquire(file)) {
            Child refused = start(file);
            assertThat(refused.line()).startsWith("refused ").contains("shared.jzm.lock")
                    .contains("process " + ProcessHandle.current().pid() + " on this host");
            assertThat(refused.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(lockOf(file)).doesNotExist();
    }

    @Test
    void aLockWhoseHolderWasKilledIsTakenOver() throws Exception {
        Path file = dir.resolve("killed.jzm");
        Child holder = start(file);
        long pid = Long.parseLong(holder.line().substring(4));
        holder.process.toHandle().destroyForcibly();
        assertThat(holder.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(lockOf(file))).as("the killed writer's lock is left")
                .contains("pid=" + pid + " ");
        // What killed writers leave besides: a new version and a lock file half made.
        Path version = Files.write(dir.resolve(".killed.jzm.0123456789abcdef.jzm.tmp"), new byte[1000]);
        Path lockFile = Files.write(dir.resolve(".killed.jzm.fedcba9876543210.lock.tmp"), new byte[10]);

        try (WriteLock mine = WriteLock.acquire(file)) {
            assertThat(Files.readString(lockOf(file))).contains("pid=" + ProcessHandle.current().pid() + " ");
            assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class);
        }
        assertThat(lockOf(file)).doesNotExist();
        // The next write that commits removes them.
        JazminWriter.write(file, Rows.COLUMNS, WriteOptions.defaults(), Rows.range(0, 3));
        assertThat(version).doesNotExist();
        assertThat(lockFile).doesNotExist();
        assertThat(lockOf(file)).doesNotExist();
    }

    @Test
    void everyCommitRemovesWhatKilledWritersLeftEvenAWriterKilledBeforeItHeldTheLock() throws Exception {
        Path file = dir.resolve("listed.jzm");
        JazminWriter.write(file, Rows.COLUMNS, WriteOptions.defaults(), Rows.range(0, 3));
        // A writer killed after making its lock file under a temporary name, before linking it: it held
        // no lock, so nothing but the folder shows it ran, and this process has committed to the file already.
        Path halfMadeLock = Files.writeString(dir.resolve(".listed.jzm.00112233445566aa.lock.tmp"),
                "jazmin-java-lock 1 pid=1 start=- host=gone.example\n");
        JazminFile.append(file, Rows.range(3, 4), WriteOptions.defaults());
        assertThat(halfMadeLock).as("removed by this process's second commit").doesNotExist();

        Child holder = start(file);
        long pid = Long.parseLong(holder.line().substring(4));
        Path version = Files.write(dir.resolve(".listed.jzm.0123456789abcdef.jzm.tmp"), new byte[1000]);
        holder.process.toHandle().destroyForcibly();
        assertThat(holder.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(lockOf(file))).contains("pid=" + pid + " ");
        // The append takes the killed writer's lock over and removes the new version it was writing.
        JazminFile.append(file, Rows.range(4, 5), WriteOptions.defaults());
        assertThat(version).doesNotExist();
        assertThat(lockOf(file)).doesNotExist();
    }

    @Test
    void aLockOfAWriterThatTakesNoSystemLockIsNeverTaken() throws Exception {
        Path file = dir.resolve("foreign.jzm");
        Path lock = lockOf(file);
        // As the JavaScript and .NET references make it: created exclusively, empty.
        Files.createFile(lock);
        assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class)
                .hasMessageContaining("foreign.jzm.lock").hasMessageContaining("records no holder")
                .hasMessageContaining("delete the lock file");
        assertThat(lock).exists().isEmptyFile();

        // Recorded by a live process of this host that holds no system lock (this one, seen from outside).
        String live = "jazmin-java-lock 1 pid=" + ProcessHandle.current().pid() + " start="
                + ProcessHandle.current().info().startInstant().orElseThrow() + " host=" + hostOfALock(file) + "\n";
        Files.writeString(lock, live);
        Child other = start(file);
        assertThat(other.line()).startsWith("refused ").contains("process " + ProcessHandle.current().pid());
        assertThat(Files.readString(lock)).isEqualTo(live);

        // Recorded on another host: this one cannot see whether it still runs.
        String remote = "jazmin-java-lock 1 pid=1 start=- host=elsewhere.example\n";
        Files.writeString(lock, remote);
        assertThatThrownBy(() -> WriteLock.acquire(file)).isInstanceOf(FileLockedException.class)
                .hasMessageContaining("host elsewhere.example").hasMessageContaining("delete the lock file");
        assertThat(Files.readString(lock)).isEqualTo(remote);
        assertThat(lock).exists();

        // And the foreign writer's lock keeps this library's writers out until it is deleted.
        Files.delete(lock);
        WriteLock.acquire(file).close();
    }

    @Test
    void theLockStateIsReadWithoutTakingTheLock() throws Exception {
        Path file = dir.resolve("state.jzm");
        assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.FREE);
        try (WriteLock mine = WriteLock.acquire(file)) {
            assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.HELD);
        }
        assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.FREE);

        Files.writeString(lockOf(file), "jazmin-java-lock 1 pid=1 start=- host=elsewhere.example\n");
        assertThat(WriteLock.stateOf(file)).as("a holder on another host").isEqualTo(WriteLock.State.HELD);
        Files.writeString(lockOf(file), "");
        assertThat(WriteLock.stateOf(file)).as("as the references make it")
                .isEqualTo(WriteLock.State.HOLDER_NOT_RECORDED);
        Files.delete(lockOf(file));

        Child holder = start(file);
        holder.line();
        holder.process.toHandle().destroyForcibly();
        assertThat(holder.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.LEFT_BY_ENDED_WRITER);
        assertThat(lockOf(file)).as("reading the state changes nothing").exists();
        WriteLock.acquire(file).close();
        assertThat(WriteLock.stateOf(file)).isEqualTo(WriteLock.State.FREE);
    }

    @Test
    void ofTwoProcessesReclaimingAtOnceExactlyOneWins() throws Exception {
        for (int round = 0; round < 3; round++) {
            Path file = dir.resolve("race-" + round + ".jzm");
            Child killed = start(file);
            assertThat(killed.line()).startsWith("won ");
            killed.process.toHandle().destroyForcibly();
            assertThat(killed.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(lockOf(file)).exists();

            Path go = dir.resolve("go-" + round);
            Child first = start(file, go.toString());
            Child second = start(file, go.toString());
            assertThat(first.line()).isEqualTo("ready");
            assertThat(second.line()).isEqualTo("ready");
            Files.createFile(go);
            List<String> outcomes = List.of(first.line(), second.line());
            assertThat(outcomes).as("round " + round).filteredOn(o -> o.startsWith("won ")).hasSize(1);
            assertThat(outcomes).filteredOn(o -> o.startsWith("refused ")).hasSize(1);
            Child winner = outcomes.get(0).startsWith("won ") ? first : second;
            assertThat(Files.readString(lockOf(file))).contains("pid=" + winner.process.pid() + " ");
            winner.release();
            assertThat(lockOf(file)).doesNotExist();
        }
    }

    /** The host a lock taken here records, read back from one. */
    private static String hostOfALock(Path file) throws IOException {
        Path probe = file.resolveSibling("probe.jzm");
        try (WriteLock lock = WriteLock.acquire(probe)) {
            String line = Files.readString(lockOf(probe)).strip();
            return line.substring(line.indexOf(" host=") + 6);
        }
    }

    private static Path lockOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".lock");
    }

    private Child start(Path file, String... more) throws IOException {
        List<String> command = ChildJvm.shortLived(List.of("-Xmx64m"), LockChild.class, file.toString());
        command.addAll(List.of(more));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        children.add(process);
        return new Child(process, new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)));
    }

    private record Child(Process process, BufferedReader out) {
        String line() throws IOException {
            String line = out.readLine();
            assertThat(line).as("the child's next line").isNotNull();
            return line;
        }

        /** Closes the winner's stdin: it releases the lock and ends. */
        void release() throws Exception {
            process.getOutputStream().close();
            assertThat(line()).isEqualTo("released");
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }
}
