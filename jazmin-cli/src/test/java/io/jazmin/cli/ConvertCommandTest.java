package io.jazmin.cli;

import io.jazmin.testing.SharedFiles;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ConvertCommandTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types");

    @Test
    void jsonLinesWithSchemaToJzmAndBackGivesTheExpectedRows(@TempDir Path tmp) throws Exception {
        Path jzm = tmp.resolve("mixed.jzm");
        Path back = tmp.resolve("back.jsonl");

        CliRun toJzm = CliRun.of("convert", mixed.resolve("input.jsonl").toString(), jzm.toString(),
                "--schema", mixed.resolve("schema.json").toString(), "--chunk-rows", "5", "--codec", "brotli");
        assertThat(toJzm.err()).isEmpty();
        assertThat(toJzm.code()).isZero();

        CliRun toJsonl = CliRun.of("convert", jzm.toString(), back.toString(), "--canonical");
        assertThat(toJsonl.code()).as(toJsonl.err()).isZero();
        JsonLines.assertSameRows(Files.readString(back), Files.readString(mixed.resolve("expected.default.jsonl")));
    }

    @Test
    void csvCarriesEveryTypeThroughJzm(@TempDir Path tmp) throws Exception {
        Path csv = tmp.resolve("mixed.csv");
        Path jzm = tmp.resolve("mixed.jzm");
        String schema = mixed.resolve("schema.json").toString();

        assertThat(CliRun.of("convert", mixed.resolve("input.jsonl").toString(), csv.toString(),
                "--schema", schema).code()).isZero();
        assertThat(CliRun.of("convert", csv.toString(), jzm.toString(), "--schema", schema).code()).isZero();
        CliRun rows = CliRun.of("rows", jzm.toString(), "--canonical");
        assertThat(rows.code()).as(rows.err()).isZero();
        JsonLines.assertSameRows(rows.out(), Files.readString(mixed.resolve("expected.default.jsonl")));
    }

    @Test
    void infersColumnsWithoutASchema(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("people.json");
        Files.writeString(in, """
                [{"id": 1, "name": "Ann", "joined": "2024-01-02T03:04:05Z", "tags": ["a"]},
                 {"id": 2, "name": null, "score": 2.5}]
                """);
        Path jzm = tmp.resolve("people.jzm");
        assertThat(CliRun.of("convert", in.toString(), jzm.toString(), "--sorted-by", "id").code()).isZero();

        JsonNode report = JsonLines.tree(CliRun.of("inspect", jzm.toString()).out());
        JsonNode table = report.get("tables").get(0);
        assertThat(table.get("rowCount").asLong()).isEqualTo(2);
        assertThat(table.get("sortedBy").get(0).asString()).isEqualTo("id");
        assertThat(table.get("columns").findValuesAsString("type"))
                .containsExactly("int", "string", "datetime", "json", "float");

        CliRun rows = CliRun.of("rows", jzm.toString(), "--select", "score,id", "--offset", "1");
        assertThat(rows.out()).isEqualTo("{\"score\":2.5,\"id\":2}\n");
    }

    @Test
    void aConvertOverAFileBeingAppendedToIsRefusedAndTheAppendedRowsSurvive(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("people.jsonl");
        Files.writeString(in, "{\"id\": 1, \"name\": \"Ann\"}\n{\"id\": 2, \"name\": \"Ben\"}\n");
        Path jzm = tmp.resolve("people.jzm");
        assertThat(CliRun.of("convert", in.toString(), jzm.toString()).code()).isZero();
        CountDownLatch appending = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        Iterator<Map<String, Object>> more = LongStream.range(10, 60)
                .mapToObj(i -> Map.<String, Object>of("id", i, "name", "appended " + i)).iterator();
        ExecutorService background = Executors.newSingleThreadExecutor();
        try {
            Future<JazminFile.ChangeResult> append = background.submit(() -> JazminFile.append(jzm, new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return more.hasNext();
                }

                @Override
                public Map<String, Object> next() {
                    // Holds the writer lock half way through the append until the convert has run.
                    appending.countDown();
                    await(proceed);
                    return more.next();
                }
            }, WriteOptions.defaults()));
            await(appending);

            CliRun convert = CliRun.of("convert", in.toString(), jzm.toString());
            assertThat(convert.code()).isEqualTo(ExitCodes.UNREADABLE);
            assertThat(convert.err()).contains("people.jzm.lock", "another writer").hasLineCount(1);

            proceed.countDown();
            assertThat(append.get(10, TimeUnit.SECONDS).rowsAppended()).isEqualTo(50);
        } finally {
            background.shutdownNow();
        }
        CliRun count = CliRun.of("count", jzm.toString());
        assertThat(count.out().trim()).isEqualTo("52");
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void badInputDataExitsWith3AndLeavesNoTarget(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("bad.jsonl");
        Files.writeString(in, "{\"id\":\"1\"}\n{\"id\":\"one\"}\n");
        Path schema = tmp.resolve("schema.json");
        Files.writeString(schema, "[{\"name\":\"id\",\"type\":\"int\",\"nullable\":false}]");
        Path out = tmp.resolve("out.jzm");

        CliRun run = CliRun.of("convert", in.toString(), out.toString(), "--schema", schema.toString());
        assertThat(run.code()).isEqualTo(3);
        assertThat(run.err()).startsWith("jazmin: ").contains("row 1", "'id'").hasLineCount(1);
        assertThat(out).doesNotExist();
        // Besides the folder's lock guard, which every writer of a folder leaves (WriterLock).
        assertThat(tmp.toFile().list()).containsExactlyInAnyOrder("bad.jsonl", "schema.json", ".jazmin-lock-guard");
    }

    @Test
    void floatsBeyondTheDoubleRangeAreRefusedUnlessInfinityIsAllowed(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("big.jsonl");
        Files.writeString(in, "{\"x\":1.5}\n{\"x\":1e400}\n");
        Path out = tmp.resolve("out.jsonl");

        CliRun refused = CliRun.of("convert", in.toString(), out.toString());
        assertThat(refused.code()).isEqualTo(3);
        assertThat(refused.err()).contains("row 1 (line 2", "'x'", "1e400").hasLineCount(1);
        assertThat(out).doesNotExist();

        CliRun allowed = CliRun.of("convert", in.toString(), out.toString(), "--overflow-to-infinity");
        assertThat(allowed.code()).as(allowed.err()).isZero();
        assertThat(Files.readString(out)).isEqualTo("{\"x\":1.5}\n{\"x\":\"Infinity\"}\n");
        assertUsageError(CliRun.of("convert", tmp.resolve("x.jzm").toString(), tmp.resolve("y.jsonl").toString(),
                "--overflow-to-infinity"));
    }

    @Test
    void optionsForTheOtherSideAreUsageErrors(@TempDir Path tmp) {
        String in = mixed.resolve("input.jsonl").toString();
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.csv").toString(), "--codec", "brotli"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.jzm").toString(), "--codec", "zip"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.jzm").toString(), "--level", "12"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.jzm").toString(), "--sorted-by", "nope",
                "--schema", mixed.resolve("schema.json").toString()));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.txt").toString()));
    }

    @Test
    void indexOptionsWriteAFileThatAnswersTheConformanceQueries(@TempDir Path tmp) throws Exception {
        Path sorted = SharedFiles.conformanceCase("sorted-indexed");
        Path jzm = tmp.resolve("indexed.jzm");
        CliRun convert = CliRun.of("convert", sorted.resolve("input.jsonl").toString(), jzm.toString(),
                "--schema", sorted.resolve("schema.json").toString(), "--sorted-by", "country,id",
                "--chunk-rows", "200", "--index", "name:sorted", "--index", "name:trigram",
                "--index", "balance:sorted", "--compact-indexes");
        assertThat(convert.code()).as(convert.err()).isZero();

        CliRun rows = CliRun.of("rows", jzm.toString(), "--canonical");
        JsonLines.assertSameRows(rows.out(), Files.readString(sorted.resolve("expected.default.jsonl")));
        for (ConformanceQuery query : ConformanceQuery.of(sorted)) {
            if (query.hasRows()) {
                CliRun find = CliRun.of(query.find(jzm));
                assertThat(find.code()).as(query + ": " + find.err()).isZero();
                JsonLines.assertSameRows(find.out(), query.rows());
            }
            if (query.hasTotalCount()) {
                assertThat(CliRun.of(query.count(jzm)).out()).as(query.name()).isEqualTo(query.count() + "\n");
            }
        }
    }

    @Test
    void badIndexOptionsAreUsageErrors(@TempDir Path tmp) {
        String in = mixed.resolve("input.jsonl").toString();
        String out = tmp.resolve("x.jzm").toString();
        String schema = mixed.resolve("schema.json").toString();
        assertUsageError(CliRun.of("convert", in, out, "--schema", schema, "--index", "nope:sorted"));
        assertUsageError(CliRun.of("convert", in, out, "--schema", schema, "--index", "name:bitmap"));
        assertUsageError(CliRun.of("convert", in, out, "--schema", schema, "--index", "name"));
        assertUsageError(CliRun.of("convert", in, out, "--schema", schema, "--index", ":sorted"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.csv").toString(), "--index", "name:sorted"));
        assertUsageError(CliRun.of("convert", in, tmp.resolve("x.csv").toString(), "--compact-indexes"));
        assertThat(tmp.toFile().list()).isEmpty();
    }

    static void assertUsageError(CliRun run) {
        assertThat(run.code()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).startsWith("jazmin: ").hasLineCount(1);
    }
}
