package io.jazmin.spark.bench;

import java.nio.file.Path;

/**
 * What one run of {@link SparkFolderBenchmark} does, from system properties: {@code
 * jazmin.spark.bench.files} (100), {@code .rows} per file (200,000), {@code .warmups} (2),
 * {@code .runs} (5), {@code .dir} (the data cache, {@code target/spark-bench-data}), {@code .fs}
 * ({@code hdfs}: the folders copied into a MiniDFSCluster started in the JVM and read through
 * {@code hdfs://}; {@code local}: read where they are cached), {@code .hdfsDir} (the cluster's
 * storage, {@code target/spark-bench-hdfs}, formatted anew each run) and {@code .out} (the Markdown
 * report, {@code target/spark-bench-results/report-<fs>-<files>x<rows>.md}), and {@code .chunkRows}
 * (rows per chunk of the JAZMIN files, the connector's option {@code chunkRows}; unset: the
 * connector's default, 65,536).
 *
 * @param chunkRows rows per JAZMIN chunk, or 0 for the connector's default
 */
record BenchSettings(int files, int rowsPerFile, int warmups, int runs, Path dataDir, Path report, boolean hdfs,
                     Path hdfsDir, int chunkRows) {
    private static final String PREFIX = "jazmin.spark.bench.";

    static BenchSettings fromSystemProperties() {
        int files = positive("files", 100);
        int rows = positive("rows", 200_000);
        if ((long) files * rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("files × rows must stay below 2^31 (the generator counts in int)");
        }
        Path dir = Path.of(System.getProperty(PREFIX + "dir", "target/spark-bench-data"));
        String fs = System.getProperty(PREFIX + "fs", "hdfs").trim();
        if (!fs.equals("hdfs") && !fs.equals("local")) {
            throw new IllegalArgumentException(PREFIX + "fs must be hdfs or local, not " + fs);
        }
        int chunkRows = System.getProperty(PREFIX + "chunkRows") == null ? 0 : positive("chunkRows", 0);
        Path out = Path.of(System.getProperty(PREFIX + "out", "target/spark-bench-results/report-" + fs + "-" + files
                + "x" + rows + (chunkRows == 0 ? "" : "-chunks" + chunkRows) + ".md"));
        Path hdfsDir = Path.of(System.getProperty(PREFIX + "hdfsDir", "target/spark-bench-hdfs"));
        return new BenchSettings(files, rows, positive("warmups", 2), positive("runs", 5), dir, out, fs.equals("hdfs"),
                hdfsDir, chunkRows);
    }

    /** Rows of the whole table: ids 0 … totalRows − 1, file f holding the f-th run of rowsPerFile ids. */
    int totalRows() {
        return files * rowsPerFile;
    }

    private static int positive(String name, int fallback) {
        String text = System.getProperty(PREFIX + name);
        int value = text == null ? fallback : Integer.parseInt(text.trim().replace("_", ""));
        if (value < 1) {
            throw new IllegalArgumentException(PREFIX + name + " must be at least 1, not " + value);
        }
        return value;
    }
}
