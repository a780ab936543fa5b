package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.source.SourceChangedException;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.metrics.BytesReadMetric;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Spark does with JAZMIN folders on a file system other than the local one (issue 32), run by
 * each subclass against a real server in the test JVM: HDFS ({@link HdfsFolderTest}) and S3
 * ({@link S3aFolderTest}). Files are written locally with core, copied there with Hadoop's
 * {@code copyFromLocalFile}, and every answer is compared with core's own reading of the local copy.
 */
abstract class RemoteFolderTestCase {
    @TempDir
    static Path local;

    /** The store's root: {@code hdfs://localhost:<port>} or {@code s3a://<bucket>}. */
    abstract String root();

    static SparkSession spark() {
        return SharedSpark.get();
    }

    static FileSystem fs(String path) {
        return HadoopFiles.fileSystem(new org.apache.hadoop.fs.Path(path), HadoopConf.session());
    }

    /** Copies a local file, or a folder's {@code .jzm} files, to {@code target} (a file, or a folder for a folder). */
    static String upload(Path from, String target) {
        try {
            FileSystem fs = fs(target);
            if (Files.isDirectory(from)) {
                try (Stream<Path> files = Files.list(from)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".jzm")).toList()) {
                        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(f.toUri()),
                                new org.apache.hadoop.fs.Path(target + "/" + f.getFileName()));
                    }
                }
            } else {
                fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(from.toUri()), new org.apache.hadoop.fs.Path(target));
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The names in a remote folder that readers see, sorted: without {@code _temporary}, which every
     * reader (Spark's file index and ours) skips as a name starting with {@code _}. A failed job's abort
     * waits for its tasks ({@link #aFailedJobsAbortWaitsForItsSlowerTasks}), but a task running longer
     * than that wait could still leave a file there, which the next job's cleanup removes, never data a
     * reader sees. After a successful job none may stay ({@link #temporaryFiles}).
     */
    static List<String> names(String folder) throws IOException {
        FileSystem fs = fs(folder);
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(folder);
        if (!fs.exists(p)) {
            return List.of();
        }
        return Arrays.stream(fs.listStatus(p)).map(FileStatus::getPath)
                .filter(child -> !child.getName().equals("_temporary"))
                .map(org.apache.hadoop.fs.Path::getName).sorted().toList();
    }

    /**
     * The files under {@code folder/_temporary}, at any depth. An empty {@code _temporary} prefix an S3
     * listing may still show right after the committer's cleanup holds none.
     */
    static List<String> temporaryFiles(String folder) throws IOException {
        FileSystem fs = fs(folder);
        org.apache.hadoop.fs.Path temporary = new org.apache.hadoop.fs.Path(folder, "_temporary");
        List<String> files = new ArrayList<>();
        if (fs.exists(temporary)) {
            var listed = fs.listFiles(temporary, true);
            while (listed.hasNext()) {
                files.add(listed.next().getPath().toString());
            }
        }
        return files;
    }

    private static List<Object> core(Path folder, ReadOptions options, Filter filter, String... columns) {
        List<Object> rows = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".jzm")).sorted().toList()) {
                try (JazminReader r = JazminReader.open(f, options)) {
                    RowQuery q = columns.length == 0 ? RowQuery.all() : RowQuery.all().withSelect(List.of(columns));
                    rows.addAll(SparkRows.ofCore(r.table().find(filter, q)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SparkRows.byId(rows);
    }

    @Test
    void everyViewOfEveryInteropCaseReadsFromTheStore() throws IOException {
        ConformanceReadTest.readEveryView(spark(), c -> upload(c.dataFile(),
                root() + "/conformance/" + c.name() + "/" + c.dataFile().getFileName()));
    }

    @Test
    void filtersPruneChunksAndSplitFilesGiveEachRowOnce() throws IOException {
        Path sample = local.resolve("sample");
        SampleFiles.write(sample, 3, WriteOptions.defaults());
        String folder = upload(sample, root() + "/sample");
        Dataset<Row> df = spark().read().format("jazmin").load(folder);

        Dataset<Row> q = df.where("id >= 100 AND id < 150").select("id", "name");
        assertThat(SparkRows.byId(SparkRows.ofSpark(q.collectAsList())))
                .isEqualTo(core(sample, ReadOptions.defaults(), Filter.gte("id", 100L).and(Filter.lt("id", 150L)), "id", "name"));
        SparkPlan plan = q.queryExecution().executedPlan();
        assertThat(SparkRows.metric(plan, ChunksTotalMetric.NAME)).isEqualTo(9);
        assertThat(SparkRows.metric(plan, ChunksPrunedMetric.NAME)).isEqualTo(8);
        long size;
        try (Stream<Path> files = Files.list(sample)) {
            size = files.filter(f -> f.toString().endsWith(".jzm")).mapToLong(f -> f.toFile().length()).sum();
        }
        assertThat(SparkRows.metric(plan, BytesReadMetric.NAME)).as("bytes read of " + size).isPositive().isLessThan(size);

        long maxSplit = size / 3 / 4;
        spark().conf().set("spark.sql.files.maxPartitionBytes", Long.toString(maxSplit));
        spark().conf().set("spark.sql.files.openCostInBytes", "1");
        try {
            Dataset<Row> all = spark().read().format("jazmin").load(folder);
            List<Object> rows = SparkRows.ofSpark(all.collectAsList());
            assertThat(SparkRows.scan(all.queryExecution().executedPlan()).inputRDD().getNumPartitions()).isGreaterThan(3);
            assertThat(rows).hasSize(900).doesNotHaveDuplicates();
            assertThat(SparkRows.byId(rows)).isEqualTo(core(sample, ReadOptions.defaults(), null));
            assertThat(all.where("id < 450").count()).isEqualTo(450);
        } finally {
            spark().conf().unset("spark.sql.files.maxPartitionBytes");
            spark().conf().unset("spark.sql.files.openCostInBytes");
        }
    }

    @Test
    void encryptedFilesReadWithTheirKeyOnly() {
        JazminKey key = JazminKey.generate();
        Path encrypted = local.resolve("encrypted");
        SampleFiles.write(encrypted, 2, WriteOptions.defaults().withKey(key));
        String folder = upload(encrypted, root() + "/encrypted");
        Dataset<Row> df = spark().read().format("jazmin").option("secretKey", key.text()).load(folder);
        assertThat(SparkRows.byId(SparkRows.ofSpark(df.where("id % 7 = 1").select("id", "name", "price").collectAsList())))
                .isEqualTo(core(encrypted, ReadOptions.defaults().withKey(key), null, "id", "name", "price").stream()
                        .filter(r -> (Long) ((List<?>) r).get(0) % 7 == 1).toList());
        assertThat(df.count()).isEqualTo(600);
        assertThatThrownBy(() -> spark().read().format("jazmin").load(folder).count()).isInstanceOf(JazminKeyException.class);
    }

    @Test
    void aWrittenFolderReadsBackAndModesAppendAndOverwriteWork() throws IOException {
        String folder = root() + "/written";
        JazminKey key = JazminKey.generate();
        Dataset<Row> rows = spark().sql("SELECT id, concat('n', id) AS name, id * 0.5 AS score FROM range(0, 90, 1, 3)");
        rows.write().format("jazmin").option("secretKey", key.text()).save(folder);
        assertThat(names(folder)).hasSize(4).contains("_SUCCESS")
                .filteredOn(n -> !n.equals("_SUCCESS")).allMatch(n -> n.matches("part-0000[0-2]-[0-9a-f-]{36}\\.jzm"));
        Dataset<Row> back = spark().read().format("jazmin").option("secretKey", key.text()).load(folder);
        assertThat(SparkRows.byId(SparkRows.ofSpark(back.collectAsList()))).isEqualTo(SparkRows.byId(SparkRows.ofSpark(rows.collectAsList())));

        rows.where("id < 10").write().format("jazmin").mode("append").option("secretKey", key.text()).save(folder);
        assertThat(back.count()).isEqualTo(100);
        List<String> beforeOverwrite = names(folder);
        rows.where("id >= 80").write().format("jazmin").mode("overwrite").option("secretKey", key.text()).save(folder);
        assertThat(SparkRows.byId(SparkRows.ofSpark(spark().read().format("jazmin").option("secretKey", key.text())
                .load(folder).select("id").collectAsList()))).hasSize(10).first().isEqualTo(List.of(80L));
        assertThat(names(folder)).doesNotContainAnyElementsOf(beforeOverwrite.stream().filter(n -> n.endsWith(".jzm")).toList());
        assertThat(temporaryFiles(folder)).as("files left under _temporary by a successful job").isEmpty();
        assertThatThrownBy(() -> rows.write().format("jazmin").mode("append").save(folder))
                .as("a plain append into encrypted files").isInstanceOf(JazminKeyException.class);
    }

    @Test
    void partitionFoldersAreDiscoveredAndPruned() {
        Path sales = local.resolve("sales");
        PartitionFoldersTest.sale(sales.resolve("year=2023/a.jzm"), 0);
        PartitionFoldersTest.sale(sales.resolve("year=2024/a.jzm"), 100);
        upload(sales.resolve("year=2023"), root() + "/sales/year=2023");
        upload(sales.resolve("year=2024"), root() + "/sales/year=2024");
        Dataset<Row> df = spark().read().format("jazmin").load(root() + "/sales");
        assertThat(df.schema().simpleString()).isEqualTo("struct<id:bigint,amount:double,year:bigint>");
        Dataset<Row> q = df.where("year = 2024 AND id < 150");
        assertThat(q.collectAsList()).hasSize(50).allMatch(r -> r.getLong(2) == 2024);
        assertThat(SparkRows.scan(q.queryExecution().executedPlan()).scan().description()).contains("files=1");
    }

    /**
     * A file replaced after the scan was planned (listed and split on the driver) and before its task
     * opens it fails that task naming the file, instead of giving rows of the new version to a plan made
     * from the old one: on S3 by its ETag, on HDFS by its length and modification time.
     */
    @Test
    void aFileReplacedAfterPlanningFailsItsTaskNamingIt() {
        Path replaced = local.resolve("replaced");
        SampleFiles.write(replaced, 2, WriteOptions.defaults());
        String folder = upload(replaced, root() + "/replaced");
        Dataset<Row> q = spark().read().format("jazmin").load(folder).select("id", "name");
        q.queryExecution().executedPlan(); // listed and planned now
        assertThat(SparkRows.scan(q.queryExecution().executedPlan()).inputRDD().getNumPartitions()).isPositive();
        Path other = local.resolve("replacement");
        SampleFiles.write(other, 1, WriteOptions.defaults()); // the rows of part-0.jzm: another file's bytes
        upload(other.resolve("part-0.jzm"), folder + "/part-1.jzm");

        Throwable failure = catchThrowable(q::collectAsList);
        assertThat(failure).as("the read of a plan made before the file was replaced").isNotNull();
        SourceChangedException changed = causes(failure).stream().filter(SourceChangedException.class::isInstance)
                .map(SourceChangedException.class::cast).findFirst().orElseThrow(() -> new AssertionError(failure));
        assertThat(changed).hasMessageContaining(folder + "/part-1.jzm").hasMessageContaining("when the scan was planned");
        assertThat(spark().read().format("jazmin").load(folder).count()).as("a new plan reads the new version").isEqualTo(600);
    }

    /** {@code t} and its causes, outermost first. */
    static List<Throwable> causes(Throwable t) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable c = t; c != null && !chain.contains(c); c = c.getCause()) {
            chain.add(c);
        }
        return chain;
    }

    /**
     * The job commit's folder summary on the store: a lookup plans the one file that can hold its id,
     * and a file replaced after the summary (another length and modification time) is read again.
     */
    @Test
    void aLookupPlansOneFileByTheFolderSummaryAndAReplacedFileIsRead() throws IOException {
        String folder = root() + "/summarized";
        spark().sql("SELECT id, concat('n', id) AS name FROM range(0, 300, 1, 3)").write().format("jazmin").save(folder);
        assertThat(names(folder)).contains("_jazmin_summary.jzm");
        Dataset<Row> lookup = spark().read().format("jazmin").load(folder).where("id = 150");
        assertThat(SparkRows.scan(lookup.queryExecution().executedPlan()).scan().description())
                .contains("files=1, skippedBySummary=2");
        assertThat(lookup.collectAsList()).hasSize(1).first().satisfies(r -> assertThat(r.getString(1)).isEqualTo("n150"));

        Path replacement = local.resolve("summarized-replacement.jzm");
        io.jazmin.JazminWriter.write(replacement, List.of(io.jazmin.schema.Column.required("id", io.jazmin.schema.ColumnType.INT),
                io.jazmin.schema.Column.required("name", io.jazmin.schema.ColumnType.STRING)), WriteOptions.defaults(),
                List.<java.util.Map<String, ?>>of(java.util.Map.of("id", 5000L, "name", "replaced")).iterator());
        String first = names(folder).stream().filter(n -> n.startsWith("part-")).findFirst().orElseThrow();
        upload(replacement, folder + "/" + first);
        assertThat(spark().read().format("jazmin").load(folder).where("id = 5000").count()).isEqualTo(1);
    }

    @Test
    void aJobWithAFailedTaskLeavesNothingVisible() throws IOException {
        // Three of the four tasks write their file and commit; the last fails on a sub-millisecond timestamp.
        Dataset<Row> failing = spark().sql("SELECT id, CASE WHEN id >= 30 THEN timestamp_micros(1700000000000001) "
                + "ELSE timestamp_millis(1700000000000) END AS at FROM range(0, 40, 1, 4)");
        String fresh = root() + "/failed-new";
        assertThatThrownBy(() -> failing.write().format("jazmin").save(fresh))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("column 'at'");
        assertThat(names(fresh)).isEmpty();

        String existing = root() + "/failed-existing";
        spark().sql("SELECT id FROM range(5)").write().format("jazmin").save(existing);
        List<String> before = names(existing);
        assertThatThrownBy(() -> failing.write().format("jazmin").mode("overwrite").save(existing))
                .isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> failing.write().format("jazmin").mode("append").save(existing))
                .isInstanceOf(JazminValidationException.class);
        assertThat(names(existing)).isEqualTo(before);
        assertThat(spark().read().format("jazmin").load(existing).count()).isEqualTo(5);
    }

    /**
     * A failed job's abort waits for its tasks still running: a task ending after the failing one (here
     * held a second on its last row) must not write its file under {@code _temporary} after the
     * cleanup, so nothing of the folder the job created is left once that task has ended. Spark SQL
     * interrupts a failed job's other tasks by default ({@code spark.sql.execution.interruptOnCancel}),
     * which would end the held task's sleep at once; with it off, as for a task busy in code an
     * interrupt does not stop, the task runs its second after the job failed.
     */
    @Test
    void aFailedJobsAbortWaitsForItsSlowerTasks() throws Exception {
        Dataset<Row> failing = spark().sql("SELECT id, CASE WHEN id = 29 THEN reflect('java.lang.Thread', 'sleep', "
                + "CAST(1000 AS BIGINT)) END AS slow, CASE WHEN id >= 30 THEN timestamp_micros(1700000000000001) "
                + "ELSE timestamp_millis(1700000000000) END AS at FROM range(0, 40, 1, 4)");
        String fresh = root() + "/failed-slow";
        long start = System.nanoTime();
        spark().conf().set("spark.sql.execution.interruptOnCancel", "false");
        try {
            assertThatThrownBy(() -> failing.write().format("jazmin").save(fresh))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("column 'at'");
        } finally {
            spark().conf().unset("spark.sql.execution.interruptOnCancel");
        }
        Thread.sleep(Math.max(0, 2_500 - (System.nanoTime() - start) / 1_000_000));
        assertThat(temporaryFiles(fresh)).as("files under _temporary").isEmpty();
        assertThat(fs(fresh).exists(new org.apache.hadoop.fs.Path(fresh))).as("the folder the job created").isFalse();
    }
}
