package io.jazmin.spark.read;

import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * A batch scan of JAZMIN files, one input partition per file, read row by row. Its description
 * (shown by {@code explain}) names the file count, the table, the pushed JAZMIN filter and the
 * limit, and never the options (keys, passwords).
 */
public final class JazminScan implements Scan, Batch, SupportsReportStatistics {
    private final List<Path> files;
    private final StructType schema;
    private final JazminOptions options;
    private final String filterJson;
    private final int limit;

    JazminScan(List<Path> files, StructType schema, JazminOptions options, String filterJson, int limit) {
        this.files = files;
        this.schema = schema;
        this.options = options;
        this.filterJson = filterJson;
        this.limit = limit;
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public String description() {
        return "JazminScan[files=" + files.size() + ", table=" + (options.table() == null ? "(first)" : options.table())
                + ", filter=" + (filterJson == null ? "none" : filterJson) + ", limit=" + (limit < 0 ? "none" : limit) + "]";
    }

    /** Row reads for every partition, so Spark need not plan partitions to decide. */
    @Override
    public ColumnarSupportMode columnarSupportMode() {
        return ColumnarSupportMode.UNSUPPORTED;
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return files.stream().map(f -> new JazminInputPartition(f.toString(), size(f))).toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new JazminReaderFactory(schema, options, filterJson, limit);
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return new CustomMetric[] {new ChunksTotalMetric(), new ChunksPrunedMetric()};
    }

    /** The files' bytes; the row count is unknown without opening every file. */
    @Override
    public Statistics estimateStatistics() {
        long bytes = files.stream().mapToLong(JazminScan::size).sum();
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

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new io.jazmin.error.JazminIoException("size", file, e);
        }
    }
}
