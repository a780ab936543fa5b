package io.jazmin.spark.write;

import io.jazmin.spark.JazminOptions;
import java.util.Date;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.internal.io.SparkHadoopWriterUtils;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Shipped to the tasks: the commit protocol, the Hadoop configuration, the schema and the options
 * (with the key, as for reads).
 */
final class JazminDataWriterFactory implements DataWriterFactory {
    private static final long serialVersionUID = 2L;
    private final FileCommitProtocol committer;
    private final SerializableConfiguration conf;
    private final String jobTrackerId = SparkHadoopWriterUtils.createJobTrackerID(new Date());
    private final StructType schema;
    private final JazminOptions options;

    JazminDataWriterFactory(FileCommitProtocol committer, SerializableConfiguration conf, StructType schema, JazminOptions options) {
        this.committer = committer;
        this.conf = conf;
        this.schema = schema;
        this.options = options;
    }

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
        return new JazminDataWriter(committer, TaskAttempts.context(conf.value(), jobTrackerId, partitionId, taskId),
                partitionId, schema, options);
    }
}
