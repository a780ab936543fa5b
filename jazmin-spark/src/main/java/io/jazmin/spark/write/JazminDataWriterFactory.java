package io.jazmin.spark.write;

import io.jazmin.spark.JazminOptions;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;

/** Shipped to the tasks: where to write, the schema and the options (with the key, as for reads). */
final class JazminDataWriterFactory implements DataWriterFactory {
    private static final long serialVersionUID = 1L;
    private final String temporaryFolder;
    private final StructType schema;
    private final JazminOptions options;

    JazminDataWriterFactory(String temporaryFolder, StructType schema, JazminOptions options) {
        this.temporaryFolder = temporaryFolder;
        this.schema = schema;
        this.options = options;
    }

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        return new JazminDataWriter(temporaryFolder, partitionId, schema, options);
    }
}
