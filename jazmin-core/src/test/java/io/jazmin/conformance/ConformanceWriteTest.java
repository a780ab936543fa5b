package io.jazmin.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.jazmin.Codec;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.WriteOptions;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSource;
import io.jazmin.convert.RowSources;
import io.jazmin.convert.Schema;
import io.jazmin.convert.SchemaFile;
import io.jazmin.testing.CanonicalJson;
import io.jazmin.testing.ConformanceCase;
import io.jazmin.testing.ConformanceCase.View;
import io.jazmin.testing.FileSections;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
 * and write options it writes a file that reads back as exactly the expected rows (and the
 * reference block's counts, schema, sort order and metadata), and that is no larger than the
 * reference file without its index sections (indexes are a later issue). Publishes the sizes.
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
     * The view to compare against when the case can be written today: input and schema present, one
     * plain view, no appends, several tables, access control, key or nested columns.
     */
    static Optional<View> plainView(ConformanceCase c) {
        JsonNode write = c.write();
        if (c.inputFile().isEmpty() || c.schemaFile().isEmpty() || c.hasNestedColumns()
                || write.has("then") || write.has("tables") || write.has("access") || write.has("key")
                || write.has("password")) {
            return Optional.empty();
        }
        return c.views().stream().filter(v -> v.secretKind() == null).findFirst();
    }

    private static void writeAndCompare(View view, Path out, TestReporter reporter) throws Exception {
        ConformanceCase c = view.owner();
        Schema schema = SchemaFile.read(c.schemaFile().orElseThrow());
        Instant created;
        try (JazminReader reference = JazminReader.open(c.dataFile())) {
            created = reference.createdAt();
        }
        WriteOptions options = options(c.write(), view.reference()).withNow(created);

        long started = System.nanoTime();
        try (RowSource rows = RowSources.open(ConformanceCase.openBytes(c.inputFile().orElseThrow()),
                RowFormat.JSON_LINES, schema.columns());
             JazminWriter writer = JazminWriter.create(out, schema.columns(), options)) {
            writer.writeRows(rows);
            writer.finish();
        }
        long writeMs = (System.nanoTime() - started) / 1_000_000;

        started = System.nanoTime();
        try (JazminReader reader = JazminReader.open(out)) {
            assertEquals(created, reader.createdAt(), "created time");
            ReferenceChecks.check(reader, reader.table(), view.reference(), false);
            assertThat(ReferenceChecks.indexes(reader.table())).as("indexes (a later issue)").isEmpty();
            CanonicalJson.assertRowsMatch(reader.table().rows().iterator(), view.expectedFile());
        }
        long verifyMs = (System.nanoTime() - started) / 1_000_000;

        long ours = Files.size(out);
        long reference = Files.size(c.dataFile());
        long referenceIndexes = FileSections.of(c.dataFile()).indexBytes();
        String summary = "ours " + ours + " B, reference " + reference + " B (indexes " + referenceIndexes
                + " B, without them " + (reference - referenceIndexes) + " B); write " + writeMs + " ms, verify "
                + verifyMs + " ms";
        reporter.publishEntry(c.name(), summary);
        System.out.println("[write] " + c.name() + ": " + summary);
        assertThat(ours).as("our file vs the reference file without its index sections")
                .isLessThanOrEqualTo(reference - referenceIndexes);
    }

    /** The case's write options; metadata as the reference reader reported it (it may add members). */
    private static WriteOptions options(JsonNode write, JsonNode reference) {
        WriteOptions options = WriteOptions.defaults();
        if (write.has("codec")) {
            options = options.withCodec(Codec.fromName(write.get("codec").asString()));
        }
        if (write.has("level")) {
            options = options.withLevel(write.get("level").asInt());
        }
        if (write.has("chunkRows")) {
            options = options.withChunkRows(write.get("chunkRows").asInt());
        }
        if (write.has("chunkBytes")) {
            options = options.withChunkBytes(write.get("chunkBytes").asInt());
        }
        if (write.has("sortedBy")) {
            List<String> sortedBy = new ArrayList<>();
            write.get("sortedBy").forEach(s -> sortedBy.add(s.asString()));
            options = options.withSortedBy(sortedBy);
        }
        JsonNode metadata = reference.path("metadata");
        if (metadata.isObject() && !metadata.isEmpty()) {
            options = options.withMetadata(metadata.toString());
        }
        return options;
    }
}
