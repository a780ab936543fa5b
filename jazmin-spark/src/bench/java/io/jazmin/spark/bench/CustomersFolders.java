package io.jazmin.spark.bench;

import io.jazmin.benchmarks.CustomersData;
import io.jazmin.spark.types.SchemaMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The two folders the benchmark reads, made once and cached, both by one Spark job each as a Spark
 * user writes them: {@code spark.range(0, N, 1, files)} in one partition per file (so part k holds
 * the k-th slice of {@link BenchSettings#rowsPerFile()} consecutive ids, in id order), each id
 * turned into the customers row of {@code benchmark-data.md} ({@link CustomersData}), in the schema
 * the connector gives {@link CustomersData#COLUMNS}. {@code jazmin/} is written through the connector
 * ({@code df.write().format("jazmin")}: its default 65,536-row chunks, or option {@code chunkRows}
 * when {@link BenchSettings#chunkRows()} is set; no indexes, which the connector does not write; the
 * job commit's folder summary), {@code parquet/} by Spark itself ({@code df.write().parquet}, Spark's
 * default Snappy). A folder is only in place once complete (written beside it, then moved), so a
 * rerun skips what exists.
 */
final class CustomersFolders {
    /** Bumped whenever the generator or the layout changes, so stale caches are not reused. */
    private static final String VERSION = "v3";

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

    /** The JAZMIN file {@code f} (0-based) of these settings' data, once made: the f-th part file. */
    static Path jazminFile(BenchSettings settings, int f) throws IOException {
        return list(base(settings).resolve("jazmin"), ".jzm").stream()
                .filter(p -> p.getFileName().toString().startsWith("part-")).toList().get(f);
    }

    static CustomersFolders ensure(SparkSession spark, BenchSettings settings) throws Exception {
        CustomersFolders f = new CustomersFolders(settings);
        f.makeJazmin(spark);
        f.makeParquet(spark);
        return f;
    }

    /** The files of each folder that hold data (Spark's checksums and markers left out). */
    List<Path> jazminFiles() throws IOException {
        return list(jazmin, ".jzm").stream().filter(p -> p.getFileName().toString().startsWith("part-")).toList();
    }

    List<Path> parquetFiles() throws IOException {
        return list(parquet, ".parquet");
    }

    private void makeJazmin(SparkSession spark) throws IOException {
        if (Files.isDirectory(jazmin)) {
            return;
        }
        long start = System.nanoTime();
        Path staging = jazmin.resolveSibling(".jazmin-staging");
        deleteTree(staging);
        DataFrameWriter<Row> write = rows(spark).write().format("jazmin");
        if (settings.chunkRows() != 0) {
            write = write.option("chunkRows", Integer.toString(settings.chunkRows()));
        }
        write.save(staging.toString());
        // A move within the file system keeps each file's length and modification time, so the
        // folder summary written by the job commit still describes them.
        Files.move(staging, jazmin, StandardCopyOption.ATOMIC_MOVE);
        jazminSeconds = (System.nanoTime() - start) / 1e9;
    }

    /** The customers rows, one partition per file, in the schema the connector gives the generator's columns. */
    private Dataset<Row> rows(SparkSession spark) {
        StructType schema = SchemaMapper.toStruct(CustomersData.COLUMNS);
        return spark.range(0, settings.totalRows(), 1, settings.files())
                .map((MapFunction<Long, Row>) i -> RowFactory.create(CustomersData.values(i)), Encoders.row(schema));
    }

    /** {@code df.write().parquet} of the same rows. */
    private void makeParquet(SparkSession spark) throws IOException {
        if (Files.isDirectory(parquet)) {
            return;
        }
        long start = System.nanoTime();
        Path staging = parquet.resolveSibling(".parquet-staging");
        deleteTree(staging);
        rows(spark).write().parquet(staging.toString());
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
