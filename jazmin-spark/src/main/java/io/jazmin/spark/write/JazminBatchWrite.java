package io.jazmin.spark.write;

import io.jazmin.error.JazminIoException;
import io.jazmin.spark.JazminOptions;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.internal.io.FileCommitProtocol.TaskCommitMessage;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The driver side of a write, through Spark's file commit protocol: the job is set up when the
 * write starts; {@link #commit} (after every task committed) runs the protocol's job commit, which
 * makes the tasks' files visible, and then, when truncating, deletes the files the folder held
 * before (so readers never see the folder without its rows), and last writes the folder summary
 * ({@link SummaryCommit}); {@link #abort} waits for the write's
 * tasks still running to end ({@link WriteJobs}: a task must not write under {@code _temporary} after
 * the cleanup), then runs the job abort, which deletes what the tasks wrote, and deletes the folder
 * itself when the write created it. Made on the driver's thread that runs the write's jobs.
 */
final class JazminBatchWrite implements BatchWrite {
    private final FileSystem fs;
    private final Path folder;
    private final Job job;
    private final FileCommitProtocol committer;
    private final StructType schema;
    private final JazminOptions options;
    private final boolean truncate;
    private final boolean folderExisted;
    private final WriteJobs jobs;

    JazminBatchWrite(FileSystem fs, Path folder, Job job, FileCommitProtocol committer, StructType schema,
                     JazminOptions options, boolean truncate) {
        this.fs = fs;
        this.folder = folder;
        this.job = job;
        this.committer = committer;
        this.schema = schema;
        this.options = options;
        this.truncate = truncate;
        this.folderExisted = exists(fs, folder);
        committer.setupJob(job);
        this.jobs = WriteJobs.start(SparkSession.active().sparkContext());
    }

    private static boolean exists(FileSystem fs, Path path) {
        try {
            return fs.exists(path);
        } catch (IOException e) {
            throw new JazminIoException("read the status of", path.toString(), e);
        }
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        return new JazminDataWriterFactory(committer, new SerializableConfiguration(job.getConfiguration()), schema, options);
    }

    /**
     * No: the commit protocol's task commit asks Spark's output commit coordinator itself (as
     * Spark's own file writes do), and a second request for the same attempt would be denied.
     */
    @Override
    public boolean useCommitCoordinator() {
        return false;
    }

    @Override
    public void onDataWriterCommit(WriterCommitMessage message) {
        committer.onTaskCommit(((JazminCommitMessage) message).protocol());
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        jobs.end();
        List<Path> old = truncate ? ExistingFiles.list(fs, folder) : List.of();
        List<TaskCommitMessage> tasks = Arrays.stream(messages).map(m -> ((JazminCommitMessage) m).protocol()).toList();
        committer.commitJob(job, CollectionConverters.asScala(tasks).toSeq());
        try {
            for (Path p : old) {
                fs.delete(p, false);
            }
        } catch (IOException e) {
            throw new JazminIoException("delete the replaced files of", folder.toString(), e);
        }
        SummaryCommit.update(fs, folder, Arrays.stream(messages).map(m -> (JazminCommitMessage) m).toList(), !truncate,
                options.encrypted());
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        jobs.awaitTasks(WriteJobs.WAIT_MILLIS);
        jobs.end();
        committer.abortJob(job);
        try {
            if (!folderExisted && fs.listStatus(folder).length == 0) {
                fs.delete(folder, false);
            }
        } catch (FileNotFoundException gone) {
            // nothing to remove
        } catch (IOException e) {
            throw new JazminIoException("delete", folder.toString(), e);
        }
    }
}
