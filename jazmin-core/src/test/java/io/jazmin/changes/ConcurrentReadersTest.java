package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.data.Filter;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers stream the file while another thread appends (spec §1.24: readers are never blocked and
 * keep the version they opened): each sees exactly the rows of one committed version.
 */
class ConcurrentReadersTest {
    private static final int BATCH = 100;
    private static final int APPENDS = 60;
    private static final int READERS = 3;

    @TempDir
    Path dir;

    @Test
    void readersSeeOneVersionWhileAppending(TestReporter reporter) throws Exception {
        Path file = dir.resolve("live.jzm");
        WriteOptions options = Rows.indexed(WriteOptions.defaults().withChunkRows(37));
        Rows.write(file, options, 0, BATCH);
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong reads = new AtomicLong();
        AtomicLong midStream = new AtomicLong();
        Set<Long> versionsSeen = ConcurrentHashMap.newKeySet();
        CountDownLatch started = new CountDownLatch(READERS);
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < READERS; r++) {
            Thread t = new Thread(() -> {
                started.countDown();
                try {
                    while (!done.get()) {
                        long sizeAtOpen = Files2.size(file);
                        try (JazminReader reader = JazminReader.open(file)) {
                            JazminTable table = reader.table();
                            long declared = table.rowCount();
                            long n = Rows.assertPrefix(table);
                            assertEquals(declared, n);
                            assertEquals(0, n % BATCH, "whole batches only");
                            assertEquals(BATCH, table.count(Filter.gte("id", n - BATCH)), "index segments");
                            assertEquals(n / Rows.COUNTRIES.length, table.count(Filter.eq("country", "NA")));
                            if (n < (long) BATCH * (APPENDS + 1) && Files2.size(file) > sizeAtOpen) {
                                midStream.incrementAndGet();
                            }
                            versionsSeen.add(n);
                            reads.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "reader-" + r);
            threads.add(t);
            t.start();
        }
        started.await();
        long versionsSeenByWriter = 0;
        for (int i = 1; i <= APPENDS; i++) {
            JazminFile.append(file, Rows.range((long) i * BATCH, (long) (i + 1) * BATCH), options);
            versionsSeenByWriter++;
            if (i % 20 == 0) {
                JazminFile.delete(file, Filter.eq("id", -1L), options);
            }
        }
        // Let the readers finish at least one pass over the final version.
        long readsAtEnd = reads.get();
        while (reads.get() < readsAtEnd + READERS && failures.isEmpty()) {
            Thread.sleep(5);
        }
        done.set(true);
        for (Thread t : threads) {
            t.join(60_000);
        }
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError(failures.size() + " reader failures; first: " + failures.peek());
            failures.forEach(e::addSuppressed);
            throw e;
        }
        String summary = reads.get() + " full reads of " + versionsSeen.size() + " different versions during "
                + versionsSeenByWriter + " appends; " + midStream.get() + " reads saw the file grow while they read";
        reporter.publishEntry("concurrent reads", summary);
        System.out.println("concurrent reads: " + summary);
        assertThat(versionsSeen).as("readers saw the file change").hasSizeGreaterThan(1);
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals((long) BATCH * (APPENDS + 1), Rows.assertPrefix(reader.table()));
        }
    }

    /** File size without a checked exception. */
    private static final class Files2 {
        static long size(Path p) {
            try {
                return java.nio.file.Files.size(p);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
