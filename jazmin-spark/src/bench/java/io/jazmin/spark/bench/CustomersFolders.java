package io.jazmin.spark.bench;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.benchmarks.CustomersData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The two folders the benchmark reads, made once and cached: {@code jazmin/} holds one JAZMIN file
 * per slice of {@link BenchSettings#rowsPerFile()} consecutive ids of the customers table (the
 * generator of {@code benchmark-data.md}, {@link CustomersData}, default write options (but
 * {@link BenchSettings#chunkRows()} when set) and its three indexes), and {@code parquet/} the same rows written by Spark itself ({@code df.write().parquet},
 * one part file per slice, Spark's default Snappy). A file or folder is only in place once complete,
 * so a rerun skips what exists and an interrupted one resumes.
 */
final class CustomersFolders {
    /** Bumped whenever the generator or the layout changes, so stale caches are not reused. */
    private static final String VERSION = "v1";

    final Path jazmin;
    final Path parquet;
    private final BenchSettings settings;
    /** Seconds spent making each folder in this run (0 when it was cached). */
    double jazminSeconds;
    double parquetSeconds;

    private CustomersFolders(BenchSettings settings) {
        this.settings = settings;
        Path base = base(settings);
        jazmin = base.resolve("jazmin");
        parquet = base.resolve("parquet");
    }

    /** The cache folder of these settings' data (by files × rows, and chunk rows when set). */
    private static Path base(BenchSettings settings) {
        return settings.dataDir().resolve("customers-" + settings.files() + "x" + settings.rowsPerFile()
                + (settings.chunkRows() == 0 ? "" : "-chunks" + settings.chunkRows()) + "-" + VERSION);
    }

    /** The JAZMIN file {@code f} (0-based) of these settings' data, once made. */
    static Path jazminFile(BenchSettings settings, int f) {
        return base(settings).resolve("jazmin").resolve(String.format("customers-%03d.jzm", f));
    }

    static CustomersFolders ensure(SparkSession spark, BenchSettings settings) throws Exception {
        CustomersFolders f = new CustomersFolders(settings);
        f.makeJazmin();
        f.makeParquet(spark);
        return f;
    }

    /** The files of each folder that hold data (Spark's checksums and markers left out). */
    List<Path> jazminFiles() throws IOException {
        return list(jazmin, ".jzm");
    }

    List<Path> parquetFiles() throws IOException {
        return list(parquet, ".parquet");
    }

    private void makeJazmin() throws Exception {
        Files.createDirectories(jazmin);
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int f = 0; f < settings.files(); f++) {
                Path target = jazminFile(settings, f);
                long first = (long) f * settings.rowsPerFile();
                if (!Files.exists(target)) {
                    writes.add(pool.submit(() -> write(target, first)));
                }
            }
            for (Future<?> w : writes) {
                w.get();
            }
            if (!writes.isEmpty()) {
                jazminSeconds = (System.nanoTime() - start) / 1e9;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** JazminWriter writes beside the target and moves the file into place on finish. */
    private void write(Path target, long first) {
        WriteOptions options = settings.chunkRows() == 0 ? CustomersData.threeIndexes()
                : CustomersData.threeIndexes().withChunkRows(settings.chunkRows());
        try (JazminWriter w = JazminWriter.create(target, CustomersData.COLUMNS, options)) {
            for (long i = first; i < first + settings.rowsPerFile(); i++) {
                w.writeValues(CustomersData.values(i));
            }
            w.finish();
        }
    }

    /**
     * One Spark job: {@code range} in one partition per file (so part k holds the k-th slice, in id
     * order), each id turned into the generator's row, in the schema the connector gives the JAZMIN
     * files, so both sides have the same columns and types.
     */
    private void makeParquet(SparkSession spark) throws IOException {
        if (Files.isDirectory(parquet)) {
            return;
        }
        long start = System.nanoTime();
        StructType schema = spark.read().format("jazmin").load(jazmin.toString()).schema();
        Path staging = parquet.resolveSibling(".parquet-staging");
        deleteTree(staging);
        spark.range(0, settings.totalRows(), 1, settings.files())
                .map((MapFunction<Long, Row>) i -> RowFactory.create(CustomersData.values(i)), Encoders.row(schema))
                .write().parquet(staging.toString());
        Files.move(staging, parquet, StandardCopyOption.ATOMIC_MOVE);
        parquetSeconds = (System.nanoTime() - start) / 1e9;
    }

    private static List<Path> list(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
