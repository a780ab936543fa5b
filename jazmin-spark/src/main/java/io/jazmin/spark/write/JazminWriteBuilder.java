package io.jazmin.spark.write;

import io.jazmin.error.JazminIoException;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.types.SchemaMapper;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * A write of a DataFrame into a folder of JAZMIN files on any Hadoop file system: appending new
 * files, or, after {@link #truncate()}, replacing the folder's files once the job has committed. The
 * files go through Spark's file commit protocol ({@code spark.sql.sources.commitProtocolClass}, as
 * Spark's own file sources: task attempts write into temporary locations, the job commit makes them
 * visible, an aborted job leaves nothing).
 */
public final class JazminWriteBuilder implements WriteBuilder, SupportsTruncate {
    private final String folder;
    private final String jobId;
    private final StructType schema;
    private final JazminOptions options;
    private boolean truncate;

    /**
     * @param folder  the folder written into (a Hadoop path: {@code hdfs://…}, {@code s3a://…}, {@code file:…} or plain)
     * @param jobId   the write's id (Spark's query id), naming its files
     * @param schema  the rows' schema; checked here, so a type JAZMIN lacks fails before any task runs
     * @param options the write options
     * @throws io.jazmin.error.UnsupportedFeatureException for a Spark type JAZMIN has no column for
     */
    public JazminWriteBuilder(String folder, String jobId, StructType schema, JazminOptions options) {
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
        Configuration conf = HadoopConf.session();
        Path path = new Path(folder);
        FileSystem fs = HadoopFiles.fileSystem(path, conf);
        Path qualified = fs.makeQualified(path);
        ExistingFiles.check(fs, qualified, options, truncate, conf);
        return new Write() {
            @Override
            public String description() {
                return "JazminWrite[folder=" + qualified + ", truncate=" + truncate + "]";
            }

            @Override
            public BatchWrite toBatch() {
                Job job = job(conf, qualified);
                FileCommitProtocol committer = FileCommitProtocol.instantiate(SQLConf.get().fileCommitProtocolClass(),
                        jobId, qualified.toString(), false);
                return new JazminBatchWrite(fs, qualified, job, committer, schema, options, truncate);
            }
        };
    }

    /** The Hadoop job the commit protocol runs, set up as Spark's file sources set theirs up. */
    private static Job job(Configuration conf, Path folder) {
        try {
            Job job = Job.getInstance(conf);
            job.setOutputKeyClass(Void.class);
            job.setOutputValueClass(InternalRow.class);
            FileOutputFormat.setOutputPath(job, folder);
            return job;
        } catch (IOException e) {
            throw new JazminIoException("set up the write job for", folder.toString(), e);
        }
    }
}
