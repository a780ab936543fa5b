package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.testing.SharedFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code convert --sorted-by} on unsorted input sorts it within {@code --sort-memory}; progress reports every phase. */
class SortedConvertTest {
    @TempDir
    Path tmp;

    @Test
    void unsortedInputIsSortedThroughTemporaryRunsThatAreDeleted() throws Exception {
        Path in = tmp.resolve("in.jsonl");
        Random random = new Random(3);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            lines.add("{\"id\":" + random.nextInt(1_000_000) + ",\"seq\":" + i + ",\"pad\":\"" + "x".repeat(100) + "\"}");
        }
        Files.write(in, lines);
        Path out = tmp.resolve("sorted.jzm");
        CliRun run = CliRun.of("convert", in.toString(), out.toString(), "--sorted-by", "id", "--sort-memory", "1");
        assertThat(run.code()).as(run.err()).isZero();
        try (JazminReader reader = JazminReader.open(out)) {
            assertThat(reader.table().sortedBy()).containsExactly("id");
            List<long[]> rows = reader.table().rows().map(r -> new long[] {r.getLong("id"), r.getLong("seq")}).toList();
            assertThat(rows).hasSize(12_000);
            for (int i = 1; i < rows.size(); i++) {
                long[] a = rows.get(i - 1);
                long[] b = rows.get(i);
                assertThat(a[0] < b[0] || a[0] == b[0] && a[1] < b[1]).as("row %d in order, ties in input order", i)
                        .isTrue();
            }
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("in.jsonl", "sorted.jzm",
                    ".jazmin-lock-guard");
        }
    }

    @Test
    void sortMemoryNeedsSortedByAndAPositiveSize() {
        String in = SharedFiles.conformanceCase("mixed-types").resolve("input.jsonl").toString();
        assertUsageError(CliRun.of("convert", in, tmp.resolve("a.jzm").toString(), "--sort-memory", "8"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("b.jzm").toString(), "--sorted-by", "id",
                "--sort-memory", "0"));
    }

    @Test
    void longConversionsReportTheirLastPhasesAndShortOnesStaySilent() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text));
        for (int i = 0; i < Progress.EVERY; i++) {
            progress.row();
        }
        progress.phase("merging 3 sorted runs");
        for (int i = 0; i < Progress.EVERY; i++) {
            progress.written();
        }
        progress.phase("finishing the file");
        progress.done();
        assertThat(text.toString().split("\n")).hasSize(5).startsWith("100,000 rows", "merging 3 sorted runs...",
                "100,000 of 100,000 rows written", "finishing the file...");
        assertThat(text.toString()).containsPattern("done: 100,000 rows in \\d+\\.\\d s\n$");

        StringWriter quiet = new StringWriter();
        Progress few = new Progress(new PrintWriter(quiet));
        few.row();
        few.phase("finishing the file");
        few.done();
        assertThat(quiet.toString()).isEmpty();
    }
}
