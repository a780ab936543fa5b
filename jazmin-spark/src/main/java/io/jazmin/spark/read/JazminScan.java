package io.jazmin.spark.read;

import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.metrics.BytesReadMetric;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import io.jazmin.spark.metrics.FilesSkippedMetric;
import io.jazmin.spark.metrics.TaskMetric;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.ListedFile;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * A batch scan of JAZMIN files, cut into byte ranges packed into input partitions as Spark cuts
 * its own files ({@link SplitPlanner}), read as column batches or row by row ({@link #columnarSupportMode()}), or counted when counts were pushed
 * ({@link PushedCounts}: then each partition gives one row of counts). Its description (shown by
 * {@code explain}) names the file count, the table, the pushed JAZMIN filter, the limit and the
 * pushed counts, and never the options (keys, passwords).
 */
public final class JazminScan implements Scan, Batch, SupportsReportStatistics {
    private final List<ListedFile> files;
    private final int skippedBySummary;
    private final StructType schema;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final String filterJson;
    private final int limit;
    private final PushedCounts counts;

    /**
     * @param skippedBySummary files the folder summaries ruled out ({@link SummarySkipping}), not in {@code files}
     * @param counts           the pushed counts ({@code schema} then has one bigint per count), or {@code null}
     */
    JazminScan(List<ListedFile> files, int skippedBySummary, StructType schema, ScanLayout layout, JazminOptions options,
               String filterJson, int limit, PushedCounts counts) {
        this.files = files;
        this.skippedBySummary = skippedBySummary;
        this.schema = schema;
        this.layout = layout;
        this.options = options;
        this.filterJson = filterJson;
        this.limit = limit;
        this.counts = counts;
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public String description() {
        return "JazminScan[files=" + files.size() + (skippedBySummary == 0 ? "" : ", skippedBySummary=" + skippedBySummary)
                + ", table=" + (options.table() == null ? "(first)" : options.table())
                + ", filter=" + (filterJson == null ? "none" : filterJson) + ", limit=" + (limit < 0 ? "none" : limit)
                + (counts == null ? "" : ", counts=" + counts.description()) + "]";
    }

    /**
     * Column batches when option {@code columnar} is on (the default), no counts are pushed and every
     * column read maps to a Spark column vector ({@link BatchVectors#supports}); else rows. Decided
     * for the whole scan, so Spark need not plan partitions to decide.
     */
    @Override
    public ColumnarSupportMode columnarSupportMode() {
        return columnar() ? ColumnarSupportMode.SUPPORTED : ColumnarSupportMode.UNSUPPORTED;
    }

    private boolean columnar() {
        return counts == null && options.columnar() && BatchVectors.supports(schema, layout.partitionKeys());
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    /** Planned on the driver from the listed file sizes alone: no file is opened. */
    @Override
    public InputPartition[] planInputPartitions() {
        return plan(files);
    }

    /** The input partitions of a scan of {@code files}, as {@link #planInputPartitions()} gives them. */
    static InputPartition[] plan(List<ListedFile> files) {
        return SplitPlanner.plan(files, settings()).toArray(InputPartition[]::new);
    }

    /** The session's file-splitting settings, with Spark's defaults for those not set. */
    private static SplitPlanner.Settings settings() {
        SparkSession spark = SparkSession.active();
        RuntimeConfig conf = spark.conf();
        String leaf = setting(conf, "spark.sql.leafNodeDefaultParallelism");
        int parallelism = leaf == null ? spark.sparkContext().defaultParallelism() : Integer.parseInt(leaf);
        String min = setting(conf, "spark.sql.files.minPartitionNum");
        String max = setting(conf, "spark.sql.files.maxPartitionNum");
        String maxBytes = setting(conf, "spark.sql.files.maxPartitionBytes");
        String openCost = setting(conf, "spark.sql.files.openCostInBytes");
        return new SplitPlanner.Settings(JavaUtils.byteStringAsBytes(maxBytes == null ? "128m" : maxBytes),
                JavaUtils.byteStringAsBytes(openCost == null ? "4m" : openCost),
                min == null ? parallelism : Integer.parseInt(min), max == null ? 0 : Integer.parseInt(max));
    }

    /** A setting's value, or {@code null} when the session leaves it unset. */
    private static String setting(RuntimeConfig conf, String key) {
        scala.Option<String> v = conf.getOption(key);
        return v.isDefined() && !v.get().isBlank() ? v.get().strip() : null;
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new JazminReaderFactory(schema, layout, options, HadoopConf.broadcast(), filterJson, limit, counts, columnar());
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return new CustomMetric[] {new ChunksTotalMetric(), new ChunksPrunedMetric(), new BytesReadMetric(),
            new FilesSkippedMetric()};
    }

    /** The files the folder summaries ruled out, counted on the driver. */
    @Override
    public CustomTaskMetric[] reportDriverMetrics() {
        return new CustomTaskMetric[] {new TaskMetric(FilesSkippedMetric.NAME, skippedBySummary)};
    }

    /** The files' bytes; the row count is unknown without opening every file. */
    @Override
    public Statistics estimateStatistics() {
        long bytes = files.stream().mapToLong(ListedFile::length).sum();
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(bytes);
            }

            @Override
            public OptionalLong numRows() {
                return OptionalLong.empty();
            }
        };
    }
}
