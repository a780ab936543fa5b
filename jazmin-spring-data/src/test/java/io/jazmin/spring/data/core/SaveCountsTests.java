package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.data.Filter;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Single saves by 1, 4 and 16 threads, as {@code SpringSaveBenchmark} makes them: each thread
 * saves new entities one call at a time. Checks that every save is stored once and that the
 * group commit writes no more appends than calls, and reports what a save costs in counts, which
 * stay valid on a loaded machine where timings do not: appends (each two {@code fsync}s) and bytes
 * and read calls of the whole process ({@code /proc/self/io}, Linux) per save. File opens and
 * {@code fdatasync}s per save are counted by tracing this test (see {@code jazmin-benchmarks/RESULTS.md}).
 */
class SaveCountsTests {
    record Loan(@JazminId UUID id, String title, String member, long copies, List<String> tags) {
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void singleSavesByThreads(int threads, TestReporter reporter) throws Exception {
        int each = 80 / threads + 5;
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("loans", dir.resolve("loans.jzm"))
                .withCreateIfMissing(true)));
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            template.save(List.of(loan(0)));
            long appendsBefore = template.storage("loans").appendCount();
            // Empty marker files bound the measured saves in a system-call trace (strace -f -y).
            Files.createFile(dir.resolve("measured-saves-begin"));
            long[] ioBefore = processIo();
            CyclicBarrier start = new CyclicBarrier(threads);
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(CompletableFuture.runAsync(() -> {
                    await(start);
                    for (int i = 0; i < each; i++) {
                        template.save(List.of(loan(i)));
                    }
                }, pool));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(300, TimeUnit.SECONDS);
            long[] ioAfter = processIo();
            Files.createFile(dir.resolve("measured-saves-end"));
            long saves = (long) threads * each;
            long appends = template.storage("loans").appendCount() - appendsBefore;

            List<Loan> all = template.find(JazminQuery.all(), Loan.class);
            assertThat(all).hasSize((int) saves + 1).extracting(Loan::id).doesNotHaveDuplicates();
            assertThat(template.count((Filter) null, Loan.class)).isEqualTo(saves + 1);
            assertThat(appends).isPositive().isLessThanOrEqualTo(saves);

            String line = String.format("threads=%d saves=%d appends=%d saves/append=%.2f fsyncs/save=%.2f "
                            + "bytesRead/save=%s readCalls/save=%s", threads, saves, appends, (double) saves / appends,
                    2.0 * appends / saves, perSave(ioBefore, ioAfter, 0, saves), perSave(ioBefore, ioAfter, 1, saves));
            reporter.publishEntry(Map.of("counts", line));
            System.out.println("SaveCountsTests " + line);
        } finally {
            pool.shutdownNow();
            files.destroy();
        }
    }

    private static Loan loan(int i) {
        return new Loan(UUID.randomUUID(), "title " + i, "member " + (i % 97), i, List.of("a", "b" + (i % 10)));
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code rchar} and {@code syscr} of this process, or {@code null} where /proc/self/io is missing. */
    private static long[] processIo() {
        Path io = Path.of("/proc/self/io");
        if (!Files.isReadable(io)) {
            return null;
        }
        long[] values = new long[2];
        try {
            for (String line : Files.readAllLines(io)) {
                if (line.startsWith("rchar:")) {
                    values[0] = Long.parseLong(line.substring(6).trim());
                } else if (line.startsWith("syscr:")) {
                    values[1] = Long.parseLong(line.substring(6).trim());
                }
            }
        } catch (IOException e) {
            return null;
        }
        return values;
    }

    private static String perSave(long[] before, long[] after, int which, long saves) {
        return before == null || after == null ? "n/a" : String.valueOf((after[which] - before[which]) / saves);
    }
}
