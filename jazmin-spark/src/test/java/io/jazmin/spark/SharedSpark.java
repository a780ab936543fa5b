package io.jazmin.spark;

import org.apache.spark.sql.SparkSession;

/** One local SparkSession for every test class of the JVM (starting one costs about 2 s). */
final class SharedSpark {
    private static SparkSession session;

    private SharedSpark() {
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
                    .config("spark.sql.datetime.java8API.enabled", "true")
                    // Tiny data: interpreting beats compiling generated code (seconds per query on a busy machine).
                    .config("spark.sql.codegen.wholeStage", "false")
                    .config("spark.sql.codegen.factoryMode", "NO_CODEGEN")
                    .getOrCreate();
        }
        return session;
    }
}
