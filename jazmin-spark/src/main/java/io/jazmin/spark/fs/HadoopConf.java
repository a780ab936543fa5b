package io.jazmin.spark.fs;

import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The Hadoop configuration files are listed, read and written with: the active session's, as Spark's
 * own file sources take it ({@code spark.hadoop.*} settings, {@code core-site.xml}, and the session's
 * SQL settings such as {@code fs.s3a.endpoint} set with {@code spark.conf().set}), shipped to the
 * tasks as a broadcast.
 */
public final class HadoopConf {
    private HadoopConf() {
    }

    /** The active session's Hadoop configuration (a new copy; the caller may change it). */
    public static Configuration session() {
        return ((org.apache.spark.sql.classic.SparkSession) SparkSession.active()).sessionState().newHadoopConf();
    }

    /** {@link #session()} broadcast to the executors, which read it with {@code value().value()}. */
    public static Broadcast<SerializableConfiguration> broadcast() {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(SparkSession.active().sparkContext());
        return context.broadcast(new SerializableConfiguration(session()));
    }
}
