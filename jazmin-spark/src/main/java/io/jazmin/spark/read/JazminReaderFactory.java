package io.jazmin.spark.read;

import io.jazmin.spark.JazminOptions;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Shipped to the executors once per task: the read schema, the options (with the key material:
 * see the README on {@code spark.network.crypto.enabled}), the pushed filter as JAZMIN JSON and the limit.
 */
final class JazminReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    private final StructType schema;
    private final JazminOptions options;
    private final String filterJson;
    private final int limit;

    JazminReaderFactory(StructType schema, JazminOptions options, String filterJson, int limit) {
        this.schema = schema;
        this.options = options;
        this.filterJson = filterJson;
        this.limit = limit;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new JazminRowReader((JazminInputPartition) partition, schema, options, filterJson, limit);
    }
}
