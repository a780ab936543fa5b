package io.jazmin.spark.bench;

import static org.apache.spark.sql.functions.col;

import io.jazmin.benchmarks.CustomersData;
import io.jazmin.spark.MiniHdfs;
import io.jazmin.spark.bench.ReadMeter.Timed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;

/**
 * JAZMIN against Parquet in Spark over a folder of customers files (default 100 files × 200,000
 * rows, see {@link BenchSettings}), in local mode with 2 cores, read from a MiniDFSCluster in the JVM
 * through {@code hdfs://} (or, with {@code -Djazmin.spark.bench.fs=local}, from the local cache): a
 * filtered count and a point lookup by id, each first checked to give the same answer on both
 * formats and the generator's, then timed after warm-ups, alternating the formats, the caches
 * cleared before each action ({@link ReadMeter}). Prints a Markdown report and writes it to
 * {@link BenchSettings#report()}. Run it with {@code jazmin-spark/bench.sh} (never by {@code mvn
 * verify}: it is compiled only in the {@code bench} profile and its name matches no test pattern).
 */
public final class SparkFolderBenchmark {
    private record Source(String label, Supplier<Dataset<Row>> open) {
    }

    private record Operation(String label, Function<Dataset<Row>, Object> action, Object expected) {
    }

    private SparkFolderBenchmark() {
    }

    /** Runs the benchmark; settings come from {@code -Djazmin.spark.bench.*} properties. */
    public static void main(String[] args) throws Exception {
        BenchSettings settings = BenchSettings.fromSystemProperties();
        String loadBefore = Machine.loadAverage();
        Instant started = Instant.now();
        SparkSession spark = SparkSession.builder()
                .master("local[2]")
                .appName("jazmin-spark-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.datetime.java8API.enabled", "true")
                .getOrCreate();
        MiniHdfs hdfs = null;
        try {
            CustomersFolders data = CustomersFolders.ensure(spark, settings);
            String jazminFolder = data.jazmin.toString();
            String parquetFolder = data.parquet.toString();
            String where = "local files (" + data.jazmin.getParent() + ")";
            if (settings.hdfs()) {
                long start = System.nanoTime();
                hdfs = new MiniHdfs(settings.hdfsDir());
                String name = data.jazmin.getParent().getFileName().toString();
                jazminFolder = copy(hdfs, data.jazmin, name + "/jazmin");
                parquetFolder = copy(hdfs, data.parquet, name + "/parquet");
                where = String.format(Locale.ROOT, "hdfs:// (MiniDFSCluster in this JVM: a name node and one data node, "
                        + "replication 1, on loopback; the folders copied in from the local cache in %.1f s)",
                        (System.nanoTime() - start) / 1e9);
            }
            String jazminPath = jazminFolder;
            String parquetPath = parquetFolder;
            ReadMeter meter = ReadMeter.attach(spark);
            List<Source> sources = List.of(
                    new Source("JAZMIN", () -> spark.read().format("jazmin").load(jazminPath)),
                    new Source("Parquet", () -> spark.read().parquet(parquetPath)));
            List<MarkdownReport.Row> rows = new ArrayList<>();
            for (Operation op : operations(settings.totalRows())) {
                for (Source s : sources) {
                    check(op, s, op.action().apply(s.open().get()));
                }
                rows.add(time(meter, op, sources, settings));
            }
            MarkdownReport report = new MarkdownReport();
            report.line("Spark " + spark.version() + ", local[2]; " + settings.files() + " files × "
                    + String.format(Locale.ROOT, "%,d", settings.rowsPerFile()) + " customers (" + String.format(Locale.ROOT, "%,d", settings.totalRows())
                    + " rows); " + settings.warmups() + " warm-ups, median of " + settings.runs() + " runs per format, formats alternating.");
            report.line("");
            report.line("- date: " + started + " (UTC)");
            report.line("- machine: " + Machine.describe());
            report.line("- load average (1, 5, 15 min): before " + loadBefore + "; after " + Machine.loadAverage());
            report.line("- command: `" + System.getProperty("jazmin.spark.bench.command", SparkFolderBenchmark.class.getName()) + "`");
            report.line("- data: " + data.jazmin.getParent() + ", JAZMIN chunks of " + (settings.chunkRows() == 0 ? "65,536 rows (the connector's default)" : String.format(Locale.ROOT, "%,d rows", settings.chunkRows())) + (data.jazminSeconds + data.parquetSeconds == 0 ? " (cached)"
                    : String.format(Locale.ROOT, " (made in this run: JAZMIN %.1f s, Parquet %.1f s)", data.jazminSeconds, data.parquetSeconds)));
            report.line("- read from: " + where);
            report.line("- before each action: JAZMIN's decoded-chunk cache (`ReadCache.clear()`) and Spark's cached data "
                    + "(`catalog().clearCache()`) cleared; each action opens and lists its folder anew; the OS page cache is "
                    + "not dropped (that needs root and hits every process on the machine)");
            report.goals(rows, settings.hdfs());
            report.line("");
            report.table(rows, size(data.jazminFiles()), data.jazminFiles().size(),
                    size(data.parquetFiles()), data.parquetFiles().size(), settings.hdfs());
            String text = report.text();
            System.out.println(text);
            Files.createDirectories(settings.report().toAbsolutePath().getParent());
            Files.writeString(settings.report(), text);
            System.out.println("report written to " + settings.report().toAbsolutePath());
        } finally {
            spark.stop();
            if (hdfs != null) {
                hdfs.close();
            }
        }
    }

    /**
     * Copies the local folder {@code local} into {@code hdfs} as {@code /bench/<name>}, byte for byte
     * (the part files as Spark wrote them, without their {@code .crc} side files, which HDFS keeps
     * internally), with each file's modification time kept (as {@code hdfs dfs -put -p} or
     * {@code distcp -pt} keep it), so that the JAZMIN folder summary's entries still describe their
     * files, and returns its {@code hdfs://} URI.
     */
    private static String copy(MiniHdfs hdfs, Path local, String name) throws java.io.IOException {
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(hdfs.root() + "/bench/" + name);
        hdfs.fileSystem().copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toAbsolutePath().toUri()), target);
        try (java.util.stream.Stream<Path> files = Files.list(local)) {
            for (Path f : files.filter(f -> !f.getFileName().toString().startsWith(".")).toList()) {
                hdfs.fileSystem().setTimes(new org.apache.hadoop.fs.Path(target, f.getFileName().toString()),
                        Files.getLastModifiedTime(f).toMillis(), -1);
            }
        }
        return target.toString();
    }

    /** The two operations, with the generator's answers. */
    private static List<Operation> operations(int totalRows) {
        long id = CustomersData.findId(totalRows);
        Row expectedRow = RowFactory.create(CustomersData.values(id));
        return List.of(
                new Operation("count where country = 'NA' and age > 80",
                        df -> df.where(col("country").equalTo(CustomersData.FILTER_COUNTRY)
                                .and(col("age").gt(CustomersData.FILTER_AGE_GT))).count(),
                        CustomersData.filterCount(totalRows)),
                new Operation("lookup where id = " + id + " (collect)",
                        df -> df.where(col("id").equalTo(id)).collectAsList(), List.of(expectedRow)));
    }

    private static MarkdownReport.Row time(ReadMeter meter, Operation op, List<Source> sources, BenchSettings settings)
            throws Exception {
        List<List<Timed>> runs = List.of(new ArrayList<>(), new ArrayList<>());
        for (int r = 0; r < settings.warmups() + settings.runs(); r++) {
            for (int i = 0; i < sources.size(); i++) {
                Source s = sources.get(i);
                Timed t = meter.measure(() -> op.action().apply(s.open().get()));
                check(op, s, t.result());
                if (r >= settings.warmups()) {
                    runs.get(i).add(t);
                }
            }
        }
        return new MarkdownReport.Row(op.label(), runs.get(0), runs.get(1));
    }

    /** The same answer on both formats: the generator's (rows compare by value, position by position). */
    private static void check(Operation op, Source source, Object answer) {
        if (!Objects.equals(op.expected(), answer)) {
            throw new IllegalStateException(source.label() + " answered " + answer + " to '" + op.label()
                    + "', the generator says " + op.expected());
        }
    }

    private static long size(List<Path> files) throws java.io.IOException {
        long total = 0;
        for (Path f : files) {
            total += Files.size(f);
        }
        return total;
    }
}
