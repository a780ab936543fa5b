package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.metrics.FilesSkippedMetric;
import io.jazmin.spark.read.FileRange;
import io.jazmin.spark.read.JazminInputPartition;
import io.jazmin.spark.summary.FolderSummary;
import io.jazmin.spark.summary.SummaryEntry;
import io.jazmin.spark.summary.ValueRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The folder summary the connector's job commit writes ({@code _jazmin_summary.jzm}) and the file
 * skipping it gives at planning time: a lookup plans only the file that can hold its id, entries
 * that no longer describe their file (appended to, replaced) and files without an entry are read,
 * encrypted writes leave no statistics, a failed job leaves the summary as it was. Also the
 * connector's default chunk size for writes.
 */
class FolderSummaryTest {
    @TempDir
    static Path dir;
    static SparkSession spark;

    @BeforeAll
    static void setUp() {
        spark = SharedSpark.get();
    }

    /** Ids 0 … 399 in four tasks of 100 consecutive ids each, with a name and a timestamp. */
    private static Dataset<org.apache.spark.sql.Row> customers(long from, long to, int tasks) {
        return spark.sql("SELECT id, concat('n', id) AS name, timestamp_millis(1700000000000 + id * 1000) AS at FROM range("
                + from + ", " + to + ", 1, " + tasks + ")");
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<String> parts(Path folder) throws IOException {
        return names(folder).stream().filter(n -> n.startsWith("part-")).toList();
    }

    /** The summary's rows, by relative path. */
    private static Map<String, Row> summary(Path folder) {
        try (JazminReader r = JazminReader.open(folder.resolve("_jazmin_summary.jzm"))) {
            return r.table().rows().collect(java.util.stream.Collectors.toMap(row -> row.getString("path"), row -> row));
        }
    }

    private static SparkPlan plan(Dataset<org.apache.spark.sql.Row> query) {
        return query.queryExecution().executedPlan();
    }

    /** The distinct files the scan's input partitions read: what the tasks open. */
    private static List<String> filesPlanned(Dataset<org.apache.spark.sql.Row> query) {
        BatchScanExec scan = SparkRows.scan(plan(query));
        return CollectionConverters.asJava(scan.inputPartitions()).stream()
                .flatMap(p -> ((JazminInputPartition) p).ranges().stream()).map(FileRange::file)
                .map(f -> f.path().substring(f.path().lastIndexOf('/') + 1)).distinct().sorted().toList();
    }

    private static long lookup(Path folder, long id) {
        return spark.read().format("jazmin").load(folder.toString()).where("id = " + id).count();
    }

    @Test
    void theCommitWritesOneEntryPerFileAndALookupPlansOnlyTheFileHoldingItsId() throws IOException {
        Path out = dir.resolve("plain");
        customers(0, 400, 4).write().format("jazmin").save(out.toString());
        List<String> parts = parts(out);
        assertThat(parts).hasSize(4);
        assertThat(names(out)).contains("_jazmin_summary.jzm");
        Map<String, Row> entries = summary(out);
        assertThat(entries.keySet()).containsExactlyInAnyOrderElementsOf(parts);
        for (String p : parts) {
            Row e = entries.get(p);
            assertThat(e.getLong("length")).isEqualTo(Files.size(out.resolve(p)));
            assertThat(e.getLong("modificationTime")).isEqualTo(out.resolve(p).toFile().lastModified());
            assertThat(e.getLong("rows")).isEqualTo(100);
            assertThat(e.getLong("max.id") - e.getLong("min.id")).isEqualTo(99);
            assertThat(e.getString("min.name")).startsWith("n");
            assertThat(e.getInstant("max.at")).isAfter(e.getInstant("min.at"));
        }

        Dataset<org.apache.spark.sql.Row> one = spark.read().format("jazmin").load(out.toString()).where("id = 250");
        assertThat(filesPlanned(one)).hasSize(1);
        assertThat(SparkRows.scan(plan(one)).scan().description()).contains("files=1, skippedBySummary=3");
        assertThat(one.collectAsList()).hasSize(1).first().satisfies(r -> assertThat(r.getString(1)).isEqualTo("n250"));
        assertThat(SparkRows.metric(plan(one), FilesSkippedMetric.NAME)).isEqualTo(3);
        // Ranges of each summarized type, AND and OR, and a miss of every file.
        Dataset<org.apache.spark.sql.Row> all = spark.read().format("jazmin").load(out.toString());
        assertThat(filesPlanned(all.where("id >= 390 OR id < 5"))).hasSize(2);
        assertThat(all.where("id >= 390 OR id < 5").count()).isEqualTo(15);
        assertThat(filesPlanned(all.where("at >= timestamp_millis(1700000350000)"))).hasSize(1);
        assertThat(filesPlanned(all.where("name = 'n0' AND id < 1000"))).hasSize(1); // 'n0' sorts before 'n100'
        assertThat(filesPlanned(all.where("id IN (5, 105)"))).hasSize(2);
        assertThat(all.where("id = 5000").count()).isZero();
        assertThat(filesPlanned(all.where("id = 5000"))).isEmpty();
        assertThat(filesPlanned(all.where("name <> 'x'"))).as("ne rules nothing out").hasSize(4);

        // An append adds the new job's files and keeps the entries of the files left unchanged.
        customers(1000, 1100, 1).write().format("jazmin").mode("append").save(out.toString());
        assertThat(summary(out).keySet()).hasSize(5).containsAll(parts);
        assertThat(filesPlanned(all.where("id = 1050"))).hasSize(1);
        assertThat(lookup(out, 1050)).isEqualTo(1);
        // An overwrite leaves the new files' entries only.
        customers(0, 10, 1).write().format("jazmin").mode("overwrite").save(out.toString());
        assertThat(summary(out).keySet()).isEqualTo(java.util.Set.copyOf(parts(out))).hasSize(1);
    }

    /**
     * An entry is used only for a file of its path, length and modification time: a file appended to
     * after the summary (JazminFile.append), one replaced, one another tool wrote, and a folder whose
     * summary was deleted are read, so their rows are found.
     */
    @Test
    void filesTheSummaryNoLongerDescribesAreReadNeverSkipped() throws IOException {
        Path out = dir.resolve("changed");
        customers(0, 400, 4).write().format("jazmin").save(out.toString());
        List<String> parts = parts(out);
        Path first = out.resolve(parts.get(0));
        assertThat(filesPlanned(spark.read().format("jazmin").load(out.toString()).where("id = 7000"))).isEmpty();

        JazminFile.append(first, List.<Map<String, ?>>of(Map.of("id", 7000L, "name", "appended",
                "at", Instant.ofEpochMilli(1_700_000_000_000L))).iterator(), WriteOptions.defaults());
        assertThat(lookup(out, 7000)).as("a row appended to a summarized file").isEqualTo(1);

        // Another tool's file, in the same folder, with no entry.
        JazminWriter.write(out.resolve("other.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.required("name", ColumnType.STRING), Column.required("at", ColumnType.DATETIME)), WriteOptions.defaults(),
                List.<Map<String, ?>>of(Map.of("id", 8000L, "name", "other", "at", Instant.ofEpochMilli(0))).iterator());
        assertThat(lookup(out, 8000)).as("a file without an entry").isEqualTo(1);

        // A summarized file replaced by one of other rows (same name, different length).
        Path second = out.resolve(parts.get(1));
        JazminWriter.write(second, List.of(Column.required("id", ColumnType.INT), Column.required("name", ColumnType.STRING),
                Column.required("at", ColumnType.DATETIME)), WriteOptions.defaults(),
                List.<Map<String, ?>>of(Map.of("id", 9000L, "name", "replaced", "at", Instant.ofEpochMilli(0))).iterator());
        assertThat(lookup(out, 9000)).as("a replaced file").isEqualTo(1);

        // The untouched files are still skipped by their entries: part 3 (ids 300 … 399) for id 250, which part 2 holds.
        assertThat(filesPlanned(spark.read().format("jazmin").load(out.toString()).where("id = 250")))
                .containsExactly("other.jzm", parts.get(0), parts.get(1), parts.get(2));
        assertThat(lookup(out, 250)).isEqualTo(1);
        Files.delete(out.resolve("_jazmin_summary.jzm"));
        assertThat(filesPlanned(spark.read().format("jazmin").load(out.toString()).where("id = 7000"))).hasSize(5);
        assertThat(lookup(out, 7000)).isEqualTo(1);
    }

    /** A summary at the root of partition folders names its files by relative path ({@code year=2024/a.jzm}). */
    @Test
    void aSummaryAtThePartitionRootSkipsFilesByTheirRelativePaths() throws IOException {
        Path root = dir.resolve("partitioned");
        List<SummaryEntry> entries = new java.util.ArrayList<>();
        for (int year : new int[] {2023, 2024}) {
            String name = year == 2023 ? "a.jzm" : "b.jzm"; // distinct names: filesPlanned lists names
            Path file = Files.createDirectories(root.resolve("year=" + year)).resolve(name);
            long first = (year - 2023) * 100L;
            List<Map<String, ?>> rows = new java.util.ArrayList<>();
            for (long id = first; id < first + 10; id++) {
                rows.add(Map.of("id", id, "name", "n" + id));
            }
            JazminWriter.write(file, List.of(Column.required("id", ColumnType.INT), Column.required("name", ColumnType.STRING)),
                    WriteOptions.defaults(), rows.iterator());
            entries.add(new SummaryEntry("year=" + year + "/" + name, Files.size(file), file.toFile().lastModified(), null, 10,
                    Map.of("id", new ValueRange(ColumnType.INT, first, first + 9))));
        }
        FileSystem fs = HadoopFiles.fileSystem(new org.apache.hadoop.fs.Path(root.toUri()), HadoopConf.session());
        FolderSummary.write(fs, new org.apache.hadoop.fs.Path(root.toUri()), entries);

        Dataset<org.apache.spark.sql.Row> q = spark.read().format("jazmin").load(root.toString()).where("id = 105");
        assertThat(filesPlanned(q)).containsExactly("b.jzm");
        assertThat(q.collectAsList()).hasSize(1).first().satisfies(r -> assertThat(r.getLong(2)).isEqualTo(2024L));
        assertThat(filesPlanned(spark.read().format("jazmin").load(root.toString()).where("id < 200"))).hasSize(2);
    }

    @Test
    void encryptedWritesLeaveNoStatisticsAndRemoveAPlainFoldersSummary() throws IOException {
        JazminKey key = JazminKey.generate();
        Path fresh = dir.resolve("encrypted");
        customers(0, 200, 2).write().format("jazmin").option("secretKey", key.text()).save(fresh.toString());
        assertThat(parts(fresh)).hasSize(2);
        assertThat(names(fresh)).doesNotContain("_jazmin_summary.jzm");

        Path plain = dir.resolve("then-encrypted");
        customers(0, 200, 2).write().format("jazmin").save(plain.toString());
        assertThat(names(plain)).contains("_jazmin_summary.jzm");
        customers(0, 200, 2).write().format("jazmin").mode("overwrite").option("password", "pw").save(plain.toString());
        assertThat(names(plain)).as("the plain files' summary is removed").doesNotContain("_jazmin_summary.jzm");
        assertThat(spark.read().format("jazmin").option("password", "pw").load(plain.toString()).where("id = 150").count())
                .isEqualTo(1);
    }

    @Test
    void aFailedJobLeavesThePreviousSummaryAsItWas() throws IOException {
        Path out = dir.resolve("failed");
        customers(0, 200, 2).write().format("jazmin").save(out.toString());
        byte[] before = Files.readAllBytes(out.resolve("_jazmin_summary.jzm"));
        Dataset<org.apache.spark.sql.Row> failing = spark.sql("SELECT id, concat('n', id) AS name, CASE WHEN id >= 530 "
                + "THEN timestamp_micros(1700000000000001) ELSE timestamp_millis(1700000000000) END AS at FROM range(500, 540, 1, 4)");
        assertThatThrownBy(() -> failing.write().format("jazmin").mode("append").save(out.toString()))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> failing.write().format("jazmin").mode("overwrite").save(out.toString()))
                .isInstanceOf(JazminValidationException.class);
        assertThat(Files.readAllBytes(out.resolve("_jazmin_summary.jzm"))).isEqualTo(before);
        assertThat(summary(out).keySet()).isEqualTo(java.util.Set.copyOf(parts(out)));
    }

    @Test
    void writesDefaultTo65536RowChunksAndTheChunkRowsOptionOverrides() throws IOException {
        assertThat(JazminOptions.parse(Map.of("path", "x")).writeOptions().table().chunkBytes()).isEqualTo(16 << 20);
        Path big = dir.resolve("chunks-default");
        // About 40 raw bytes a row: 65,536 of them pass core's 1 MiB per chunk, not the connector's 16 MiB.
        spark.sql("SELECT id, concat('customer-name-', id) AS name FROM range(0, 70000, 1, 1)").write().format("jazmin")
                .save(big.toString());
        try (JazminReader r = JazminReader.open(big.resolve(parts(big).get(0)), ReadOptions.defaults())) {
            assertThat(r.table().chunkCount()).isEqualTo(2);
            assertThat(r.table().chunks().get(0).rowCount()).isEqualTo(65_536);
        }
        Path small = dir.resolve("chunks-option");
        spark.sql("SELECT id FROM range(0, 1000, 1, 1)").write().format("jazmin").option("chunkRows", "100")
                .save(small.toString());
        try (JazminReader r = JazminReader.open(small.resolve(parts(small).get(0)), ReadOptions.defaults())) {
            assertThat(r.table().chunkCount()).isEqualTo(10);
        }
        // A lookup inside a large chunk finds its row.
        assertThat(spark.read().format("jazmin").load(big.toString()).where("id = 65000").first().getString(1))
                .isEqualTo("customer-name-65000");
    }
}
