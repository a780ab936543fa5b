package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.schema.Storage;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.testing.ChildJvm;
import io.jazmin.testing.KillRounds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupted appends (spec §1.4, §1.24): whatever point an append is stopped at, the file opens
 * at a committed version, holding exactly its rows, and the next append succeeds.
 */
@Tag("slow")
class CrashRecoveryTest {
    private static final int BATCH = 40;
    /** At least 200 (the bar); {@code -Djazmin.crashKills=N} runs more. */
    private static final int KILLS = Math.max(200, Integer.getInteger("jazmin.crashKills", 200));
    private static final int WORKERS = 2;
    /** A fresh file every so many kills keeps the file (and each check) small. */
    private static final int KILLS_PER_FILE = 10;

    @TempDir
    Path dir;

    /** Every prefix of a real append, and garbage, after the trailer: the previous version is read. */
    @Test
    void tornAppendsRecoverThePreviousVersion() throws IOException {
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(16))
                .withNow(java.time.Instant.parse("2024-05-06T07:08:09Z"));
        Path base = dir.resolve("base.jzm");
        Rows.write(base, options, 0, 50);
        byte[] before = Files.readAllBytes(base);
        Path full = dir.resolve("full.jzm");
        Files.write(full, before);
        JazminFile.append(full, Rows.range(50, 100), options);
        byte[] after = Files.readAllBytes(full);
        assertArrayPrefix(before, after);
        byte[] tail = Arrays.copyOfRange(after, before.length, after.length);

        List<byte[]> tails = new ArrayList<>();
        for (int cut = 1; cut < tail.length; cut += Math.max(1, tail.length / 97)) {
            tails.add(Arrays.copyOf(tail, cut));
        }
        tails.add(Arrays.copyOf(tail, tail.length - 1));
        tails.add(Arrays.copyOf(tail, tail.length - Preamble.SIZE));
        byte[] garbage = new byte[5000];
        new Random(7).nextBytes(garbage);
        tails.add(garbage);
        // An old trailer repeated after garbage is not valid at its new position.
        byte[] stale = Arrays.copyOf(garbage, 300 + 44);
        System.arraycopy(before, before.length - 44, stale, 300, 44);
        tails.add(stale);

        Path torn = dir.resolve("torn.jzm");
        for (byte[] t : tails) {
            byte[] bytes = Arrays.copyOf(before, before.length + t.length);
            System.arraycopy(t, 0, bytes, before.length, t.length);
            bytes[Preamble.FLAGS_OFFSET] |= (byte) Preamble.APPENDED;
            Files.write(torn, bytes);
            try (JazminReader reader = JazminReader.open(torn)) {
                assertTrue(reader.recovered(), "recovered with a tail of " + t.length + " bytes");
                assertEquals(50, Rows.assertPrefix(reader.table()));
            }
            Storage storage = JazminFile.storage(torn);
            assertEquals(before.length, storage.versionBytes());
            assertEquals(t.length, storage.deadBytes(), "the torn tail is dead");
            assertTrue(storage.recovered());

            JazminFile.append(torn, Rows.range(50, 100), options);
            try (JazminReader reader = JazminReader.open(torn)) {
                assertFalse(reader.recovered());
                assertEquals(1, reader.appendCount());
                assertEquals(100, Rows.assertPrefix(reader.table()));
                assertEquals(10, reader.table().count(io.jazmin.data.Filter.gte("id", 90L)));
            }
            assertEquals(after.length, Files.size(torn), "the next append cut the tail off first");
        }
    }

    /**
     * A child JVM appends in a loop and is killed (SIGKILL) at a random moment, at least 200
     * times: the file always opens at a committed version (the last one the child reported, or
     * the one it was committing), with exactly its rows, and the next append works.
     */
    @Test
    void killedAppendsLeaveACommittedVersion(TestReporter reporter) throws Exception {
        long start = System.nanoTime();
        AtomicLong recovered = new AtomicLong();
        AtomicLong midAppend = new AtomicLong();
        AtomicLong committedAppends = new AtomicLong();
        KillRounds.inWorkers(WORKERS, worker -> killLoop(worker, KILLS / WORKERS, recovered, midAppend,
                committedAppends));
        String summary = KILLS + " kills, " + committedAppends.get() + " appends committed, " + recovered.get()
                + " opened as recovered (torn tail), " + midAppend.get() + " killed with an append unreported, in "
                + (System.nanoTime() - start) / 1_000_000 + " ms";
        reporter.publishEntry("crash test", summary);
        System.out.println("crash test: " + summary);
        assertThat(recovered.get()).as("some kills must land inside an append").isPositive();
    }

    private void killLoop(int worker, int kills, AtomicLong recovered, AtomicLong midAppend, AtomicLong appends)
            throws Exception {
        Random random = new Random(1000 + worker);
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(BATCH / 3));
        Path file = null;
        long rows = 0;
        for (int kill = 0; kill < kills; kill++) {
            if (kill % KILLS_PER_FILE == 0) {
                file = dir.resolve("crash-" + worker + "-" + kill + ".jzm");
                Rows.write(file, options, 0, BATCH);
                rows = BATCH;
            }
            Path childErrors = dir.resolve("child-" + worker + ".err");
            Process child = new ProcessBuilder(ChildJvm.shortLived(List.of("-Xmx96m"), AppendLoop.class, file.toString(),
                    Long.toString(rows), Integer.toString(BATCH))).redirectError(childErrors.toFile()).start();
            long lastReported = rows;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line = out.readLine();
                if (!"ready".equals(line)) {
                    child.waitFor(30, TimeUnit.SECONDS);
                    throw new AssertionError("child did not start: " + line + "; exit " + child.exitValue()
                            + ", stderr: " + Files.readString(childErrors));
                }
                Thread.sleep(random.nextInt(41));
                // SIGKILL through the handle, which (unlike Process.destroyForcibly) leaves stdout
                // open, so every line the child printed before dying is still read below.
                child.toHandle().destroyForcibly();
                child.waitFor(30, TimeUnit.SECONDS);
                for (line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith("committed ")) {
                        lastReported = Long.parseLong(line.substring("committed ".length()));
                        appends.incrementAndGet();
                    }
                }
            } finally {
                child.destroyForcibly();
            }
            // The killed child's lock is left as it was: the next append takes it over (WriterLock).
            Path lock = file.resolveSibling(file.getFileName() + ".lock");
            try (JazminReader reader = JazminReader.open(file)) {
                if (reader.recovered()) {
                    recovered.incrementAndGet();
                }
                long n = Rows.assertPrefix(reader.table());
                assertEquals(0, n % BATCH, "a committed version holds whole batches");
                if (n != lastReported) {
                    assertEquals(lastReported + BATCH, n, "the file holds the last reported version or the next");
                    midAppend.incrementAndGet();
                }
                rows = n;
            } catch (AssertionError | RuntimeException e) {
                Path keep = dir.resolveSibling("crash-failure-" + worker + ".jzm");
                Files.copy(file, keep, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                throw new AssertionError("after kill " + kill + " of worker " + worker + " (file kept at " + keep
                        + "): " + e, e);
            }
            // The next append cuts off any torn tail and must succeed.
            JazminFile.append(file, Rows.range(rows, rows + BATCH), options);
            rows += BATCH;
            assertFalse(Files.exists(lock), "the next append released the lock it took over");
            try (JazminReader reader = JazminReader.open(file)) {
                assertFalse(reader.recovered());
                assertEquals(rows, reader.table().rowCount());
                assertEquals(BATCH, reader.table().count(io.jazmin.data.Filter.gte("id", rows - BATCH)));
            }
        }
    }

    private static void assertArrayPrefix(byte[] prefix, byte[] bytes) {
        assertTrue(bytes.length > prefix.length);
        for (int i = 0; i < prefix.length; i++) {
            if (i >= Preamble.FLAGS_OFFSET && i < Preamble.FLAGS_OFFSET + 2) {
                continue;
            }
            if (prefix[i] != bytes[i]) {
                throw new AssertionError("the append changed byte " + i);
            }
        }
    }
}
