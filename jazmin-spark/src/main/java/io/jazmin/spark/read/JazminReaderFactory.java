package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.spark.JazminOptions;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Shipped to the executors once per task: the read schema, the files' shared layout ({@link ScanLayout}), the options (with the key material:
 * see the README on {@code spark.network.crypto.enabled}), the session's Hadoop configuration (a broadcast), the pushed filter as JAZMIN JSON and the limit,
 * or the pushed counts, and whether partitions are read as column batches (the same answer for
 * every partition, as Spark requires).
 */
final class JazminReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 3L;
    private final StructType schema;
    private final ScanLayout layout;
    private final JazminOptions options;
    private final Broadcast<SerializableConfiguration> hadoopConf;
    private final String filterJson;
    private final int limit;
    private final PushedCounts counts;
    private final boolean columnar;

    /**
     * @param counts   the pushed counts, or {@code null} for a scan of rows
     * @param columnar whether partitions are read as column batches ({@link JazminScan#columnarSupportMode()})
     */
    JazminReaderFactory(StructType schema, ScanLayout layout, JazminOptions options, Broadcast<SerializableConfiguration> hadoopConf,
                        String filterJson, int limit, PushedCounts counts, boolean columnar) {
        this.schema = schema;
        this.layout = layout;
        this.options = options;
        this.hadoopConf = hadoopConf;
        this.filterJson = filterJson;
        this.limit = limit;
        this.counts = counts;
        this.columnar = columnar;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        Configuration conf = hadoopConf.value().value();
        if (counts != null) {
            return new JazminCountReader((JazminInputPartition) partition, layout, options, conf, counts.filters());
        }
        Filter filter = filter();
        return new JazminPartitionReader<>((JazminInputPartition) partition,
                (range, left) -> new FileRangeRows(range, schema, layout, options, conf, filter, left), row -> 1, limit);
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return columnar;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        Configuration conf = hadoopConf.value().value();
        Filter filter = filter();
        return new JazminPartitionReader<>((JazminInputPartition) partition,
                (range, left) -> new FileRangeBatches(range, schema, layout, options, conf, filter, left), ColumnarBatch::numRows, limit);
    }

    private Filter filter() {
        return filterJson == null ? null : Filter.parse(filterJson);
    }
}
