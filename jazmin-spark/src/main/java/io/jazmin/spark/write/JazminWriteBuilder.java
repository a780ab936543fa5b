package io.jazmin.spark.write;

import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.types.SchemaMapper;
import java.nio.file.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;

/**
 * A write of a DataFrame into a folder of JAZMIN files: appending new files, or, after
 * {@link #truncate()}, replacing the folder's files once every task has committed.
 */
public final class JazminWriteBuilder implements WriteBuilder, SupportsTruncate {
    private final Path folder;
    private final String jobId;
    private final StructType schema;
    private final JazminOptions options;
    private boolean truncate;

    /**
     * @param folder  the folder written into
     * @param jobId   the write's id (Spark's query id), naming its temporary folder
     * @param schema  the rows' schema; checked here, so a type JAZMIN lacks fails before any task runs
     * @param options the write options
     * @throws io.jazmin.error.UnsupportedFeatureException for a Spark type JAZMIN has no column for
     */
    public JazminWriteBuilder(Path folder, String jobId, StructType schema, JazminOptions options) {
        SchemaMapper.toColumns(schema);
        options.writeOptions();
        this.folder = folder;
        this.jobId = jobId;
        this.schema = schema;
        this.options = options;
    }

    @Override
    public WriteBuilder truncate() {
        truncate = true;
        return this;
    }

    /**
     * The write, after checking that it keeps what the folder's files hold ({@link ExistingFiles}).
     *
     * @throws io.jazmin.error.JazminKeyException         when a file of the folder does not open with the
     *                                                    write's secret, or is plain and the append encrypts
     * @throws io.jazmin.error.UnsupportedFeatureException when a file is shared, or an overwrite would lose
     *                                                    tables, embedded files, package, shapes or metadata
     * @throws io.jazmin.error.JazminValidationException   when the path is a file, not a folder
     */
    @Override
    public Write build() {
        ExistingFiles.check(folder, options, truncate);
        return new Write() {
            @Override
            public String description() {
                return "JazminWrite[folder=" + folder + ", truncate=" + truncate + "]";
            }

            @Override
            public BatchWrite toBatch() {
                return new JazminBatchWrite(folder, jobId, schema, options, truncate);
            }
        };
    }
}
