package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.JazminReader;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.CaseWrites;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Proves our writer reproduces every plain conformance case: from the case's input rows, schema
 * and write options (indexes included, see {@link CaseWrites}) it writes a file that reads back as
 * exactly the expected rows, with the reference block's counts, schema, sort order, indexes and
 * metadata, that is no larger than the reference file, and that differs from the file written
 * without column flush points only in compressed chunk parts and directories. Publishes the sizes of
 * both files and of their index sections.
 */
class ConformanceWriteTest {

    @TestFactory
    Stream<DynamicTest> everyPlainCase(@TempDir Path dir, TestReporter reporter) {
        List<DynamicTest> tests = new ArrayList<>();
        for (ConformanceCase c : ConformanceCase.all()) {
            plainView(c).ifPresent(view -> tests.add(dynamicTest(c.name() + " written from its input",
                    () -> writeAndCompare(view, dir.resolve(c.name() + ".jzm"), reporter))));
        }
        assertThat(tests).as("writable cases").isNotEmpty();
        return tests.stream();
    }

    /**
     * The view to compare against when the case can be written plainly: input and schema present,
     * one plain view, no appends, several tables, access control or key.
     */
    static Optional<View> plainView(ConformanceCase c) {
        JsonNode write = c.write();
        if (c.inputFile().isEmpty() || c.schemaFile().isEmpty() || write.has("then") || write.has("tables") || write.has("access") || write.has("key")
                || write.has("password")) {
            return Optional.empty();
        }
        return c.views().stream().filter(v -> v.secretKind() == null).findFirst();
    }

    private static void writeAndCompare(View view, Path out, TestReporter reporter) throws Exception {
        ConformanceCase c = view.owner();
        long started = System.nanoTime();
        CaseWrites.write(c, view, out);
        long writeMs = (System.nanoTime() - started) / 1_000_000;

        started = System.nanoTime();
        try (JazminReader reader = JazminReader.open(out); JazminReader reference = JazminReader.open(c.dataFile())) {
            assertEquals(reference.createdAt(), reader.createdAt(), "created time");
            ReferenceChecks.check(reader, reader.table(), view.reference(), true);
            CanonicalJson.assertRowsMatch(reader.table().rows().iterator(), view.expectedFile());
        }
        long verifyMs = (System.nanoTime() - started) / 1_000_000;

        // The default makes column flush points where they cost little: written without them, the
        // file differs from ours only in the chunk parts' compressed bytes and the directories.
        Path without = out.resolveSibling(c.name() + "-no-flush-points.jzm");
        CaseWrites.write(c, view, without, o -> o.withColumnFlushPoints(false));
        FlushPointFiles.assertDiffersOnlyInCompressedParts(Files.readAllBytes(out), Files.readAllBytes(without));

        long ours = Files.size(out);
        long reference = Files.size(c.dataFile());
        String summary = "ours " + ours + " B (indexes " + FileSections.of(out).indexBytes() + " B), reference "
                + reference + " B (indexes " + FileSections.of(c.dataFile()).indexBytes() + " B); write " + writeMs
                + " ms, verify " + verifyMs + " ms";
        reporter.publishEntry(c.name(), summary);
        System.out.println("[write] " + c.name() + ": " + summary);
        assertThat(ours).as("our file size vs the reference file's").isLessThanOrEqualTo(reference);
    }
}
