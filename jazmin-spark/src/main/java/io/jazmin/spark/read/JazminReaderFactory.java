package io.jazmin.spark.read;

import io.jazmin.spark.JazminOptions;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Shipped to the executors once per task: the read schema, the files' shared layout ({@link ScanLayout}), the options (with the key material:
 * see the README on {@code spark.network.crypto.enabled}), the session's Hadoop configuration (a broadcast), the pushed filter as JAZMIN JSON and the limit,
 * or the pushed counts.
 */
final class JazminReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 2L;
    private final StructType schema;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final Broadcast<SerializableConfiguration> hadoopConf;
    private final String filterJson;
    private final int limit;
    private final PushedCounts counts;

    /** @param counts the pushed counts, or {@code null} for a scan of rows */
    JazminReaderFactory(StructType schema, ScanLayout layout, JazminOptions options, Broadcast<SerializableConfiguration> hadoopConf,
                        String filterJson, int limit, PushedCounts counts) {
        this.schema = schema;
        this.layout = layout;
        this.options = options;
        this.hadoopConf = hadoopConf;
        this.filterJson = filterJson;
        this.limit = limit;
        this.counts = counts;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        if (counts != null) {
            return new JazminCountReader((JazminInputPartition) partition, layout, options, hadoopConf.value().value(), counts.filters());
        }
        return new JazminRowReader((JazminInputPartition) partition, schema, layout, options, hadoopConf.value().value(), filterJson, limit);
    }
}
