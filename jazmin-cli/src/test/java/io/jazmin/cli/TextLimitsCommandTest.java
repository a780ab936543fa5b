package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.ChildJvm;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert} and {@code append} read text input within the {@code --max-*} limits: past one, exit 3 with one
 * {@code jazmin:} line naming the place, the bound and the option that raises it, never a stack trace. The
 * issue's case, a small {@code .csv.gz} expanding without end, runs in a child JVM of a 256 MiB heap.
 */
class TextLimitsCommandTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    @Test
    void smallGzipFilesExpandingWithoutEndAreTypedErrorsInA256MiBHeap() throws Exception {
        // An endless quoted field: its length stops it, long before the expansion would.
        Path field = gzip("field.csv.gz", "id,note\n1,\"", "x");
        Child tooLong = Child.run(tmp, "convert", field.toString(), tmp.resolve("a.jzm").toString());
        assertThat(tooLong.code).as(tooLong.err).isEqualTo(3);
        assertThat(tooLong.err).startsWith("jazmin: CSV: field 2 (column 'note') of row 0 (starting on line 2) is "
                + "longer than 2097152 characters (is its closing quote missing?); raise it with --max-value-length "
                + "(now 2097152)");
        // Endless small rows: the expansion ratio stops them once 16 MiB are out.
        Path rows = gzip("rows.csv.gz", "id,note\n", "1,abc\n");
        Child bomb = Child.run(tmp, "convert", rows.toString(), tmp.resolve("b.jzm").toString());
        assertThat(bomb.code).as(bomb.err).isEqualTo(3);
        assertThat(bomb.err).startsWith("jazmin: rows.csv.gz expands to more than 100 times its size")
                .contains("raise it with --max-gzip-ratio (now 100)");
        for (Child child : List.of(tooLong, bomb)) {
            assertThat(child.err.lines()).hasSize(1);
            assertThat(child.err).doesNotContain("Exception", "\tat ", "OutOfMemoryError");
        }
        assertThat(tmp.resolve("a.jzm")).doesNotExist();
        assertThat(tmp.resolve("b.jzm")).doesNotExist();
    }

    /** {@code header} then {@code filler} repeated for 512 MiB, gzipped into a file of well under 1 MiB. */
    private Path gzip(String name, String header, String filler) throws IOException {
        Path file = tmp.resolve(name);
        byte[] block = filler.repeat((1 << 16) / filler.length()).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
            out.write(header.getBytes(StandardCharsets.UTF_8));
            for (long written = 0; written < 512 * MIB; written += block.length) {
                out.write(block);
            }
        }
        assertThat(Files.size(file)).isLessThan(MIB);
        return file;
    }

    @Test
    void theOptionsRaiseAndLowerTheBoundsOfConvertAndAppend() throws Exception {
        Path csv = tmp.resolve("rows.csv");
        Files.writeString(csv, "id,note\n1,abcdefghij\n");
        Path jzm = tmp.resolve("rows.jzm");

        CliRun refused = CliRun.of("convert", csv.toString(), jzm.toString(), "--max-value-length", "5");
        assertThat(refused.code()).isEqualTo(3);
        assertThat(refused.err().trim()).isEqualTo("jazmin: CSV: field 2 (column 'note') of row 0 (starting on line 2)"
                + " is longer than 5 characters; raise it with --max-value-length (now 5)");
        CliRun converted = CliRun.of("convert", csv.toString(), jzm.toString(), "--max-value-length", "10");
        assertThat(converted.code()).as(converted.err()).isZero();

        Path more = tmp.resolve("more.jsonl");
        // Longer than Jackson's read-ahead: the bound is exact to within one of its buffers.
        Files.writeString(more, "{\"id\":2,\"note\":\"" + "n".repeat(40_000) + "\"}\n");
        CliRun appendRefused = CliRun.of("append", jzm.toString(), "--from", more.toString(), "--max-row-length",
                "20000");
        assertThat(appendRefused.code()).isEqualTo(3);
        assertThat(appendRefused.err()).contains("JSON: row 0 (line 1, byte offset 0) is longer than 20000 bytes",
                "raise it with --max-row-length (now 20000)");
        CliRun appended = CliRun.of("append", jzm.toString(), "--from", more.toString());
        assertThat(appended.code()).as(appended.err()).isZero();
        assertThat(appended.out()).contains("\"rowCount\":2");
    }

    @Test
    void boundsBelowOneAndBoundsOnJzmInputAreUsageErrors() {
        Path csv = tmp.resolve("x.csv");
        CliRun zero = CliRun.of("convert", csv.toString(), tmp.resolve("x.jzm").toString(), "--max-row-values", "0");
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.err()).contains("maxRowValues must be 1 to");

        CliRun jzmIn = CliRun.of("convert", tmp.resolve("in.jzm").toString(), tmp.resolve("out.jsonl").toString(),
                "--max-columns", "3");
        assertThat(jzmIn.code()).isEqualTo(2);
        assertThat(jzmIn.err()).contains("the --max-* limits apply to text input");
    }

    /** A run of {@code jazmin} in a JVM of its own with a 256 MiB heap. */
    private record Child(int code, String err) {
        static Child run(Path dir, String... args) throws IOException, InterruptedException {
            Path err = Files.createTempFile(dir, "err", ".txt");
            List<String> command = ChildJvm.command(List.of("-Xmx256m", "-XX:+UseSerialGC"), JazminCommand.class, args);
            Process child = new ProcessBuilder(command).redirectError(err.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!child.waitFor(5, TimeUnit.MINUTES)) {
                child.destroyForcibly();
                throw new AssertionError("jazmin " + String.join(" ", args) + " did not finish in 5 minutes");
            }
            return new Child(child.exitValue(), Files.readString(err));
        }
    }
}
