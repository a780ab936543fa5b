package io.jazmin.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** One local SparkSession for every test class of the JVM (starting one costs about 2 s). */
final class SharedSpark {
    private static SparkSession session;
    private static Path warehouse;

    private SharedSpark() {
    }

    /**
     * The folder of managed catalog tables: new for each JVM (a table left by a crashed run would
     * fail the next run's creation), under target/ rather than the module's folder.
     */
    static synchronized Path warehouse() {
        if (warehouse == null) {
            try {
                warehouse = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "spark-warehouse-").toAbsolutePath();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return warehouse;
    }

    static synchronized SparkSession get() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2]")
                    .appName("jazmin-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "2")
                    .config("spark.sql.adaptive.enabled", "false")
                    .config("spark.sql.session.timeZone", "UTC")
                    .config("spark.sql.warehouse.dir", warehouse().toString())
                    .config("spark.sql.datetime.java8API.enabled", "true")
                    // Tiny data: interpreting beats compiling generated code (seconds per query on a busy machine).
                    .config("spark.sql.codegen.wholeStage", "false")
                    .config("spark.sql.codegen.factoryMode", "NO_CODEGEN")
                    .getOrCreate();
        }
        return session;
    }
}
