package io.jazmin.spark.write;

import io.jazmin.JazminWriter;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.summary.ColumnRanges;
import io.jazmin.spark.types.SchemaMapper;
import io.jazmin.spark.types.WriteConverter;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.internal.io.FileCommitProtocol;
import org.apache.spark.internal.io.FileNameSpec;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * One task attempt's rows as one file. The file is written into a local staging folder of its own
 * (core writes local files, with its temporary file and lock beside the target), created at the
 * first row (partition 0 writes one even without rows, so an empty DataFrame keeps its schema); at
 * commit the finished file goes to the commit protocol's temporary location for the attempt
 * ({@code newTaskTempFile}: moved on a local file system, uploaded to any other, the upload finished
 * even when the task is killed meanwhile) and the protocol commits the attempt. Abort removes the
 * staging folder and has the protocol abort the attempt.
 */
final class JazminDataWriter implements DataWriter<InternalRow> {
    private final FileCommitProtocol committer;
    private final TaskAttemptContext attempt;
    private final int partition;
    private final StructType schema;
    private final JazminOptions options;
    private final WriteConverter converter;
    /** The ranges for the folder summary, or {@code null} for an encrypted write (its statistics stay in its files). */
    private final ColumnRanges ranges;
    private java.nio.file.Path staging;
    private java.nio.file.Path staged;
    private JazminWriter writer;
    private long rows;

    JazminDataWriter(FileCommitProtocol committer, TaskAttemptContext attempt, int partition, StructType schema,
                     JazminOptions options) {
        this.committer = committer;
        this.attempt = attempt;
        this.partition = partition;
        this.schema = schema;
        this.options = options;
        this.converter = new WriteConverter(schema, options.truncateMicros());
        this.ranges = options.encrypted() ? null : new ColumnRanges(SchemaMapper.toColumns(schema));
        committer.setupTask(attempt);
    }

    @Override
    public void write(InternalRow row) {
        if (writer == null) {
            open();
        }
        Object[] values = converter.values(row);
        try {
            writer.writeValues(values);
        } catch (JazminValidationException e) {
            throw new JazminValidationException("row " + rows + " of task " + partition + ": " + e.getMessage(), e);
        }
        if (ranges != null) {
            ranges.add(values);
        }
        rows++;
    }

    private void open() {
        try {
            staging = Files.createTempDirectory("jazmin-spark-");
        } catch (IOException e) {
            throw new JazminIoException("create a staging folder in", System.getProperty("java.io.tmpdir"), e);
        }
        staged = staging.resolve("part.jzm");
        writer = JazminWriter.create(staged, SchemaMapper.toColumns(schema), options.writeOptions());
    }

    @Override
    public WriterCommitMessage commit() {
        if (writer == null && partition == 0) {
            open();
        }
        String name = null;
        if (writer != null) {
            writer.finish();
            Path target = new Path(committer.newTaskTempFile(attempt, Option.empty(), FileNameSpec.apply("", ".jzm")));
            place(target);
            name = target.getName();
        }
        FileCommitProtocol.TaskCommitMessage message = committer.commitTask(attempt);
        removeStaging();
        return new JazminCommitMessage(message, name, rows, ranges == null ? Map.of() : ranges.ranges());
    }

    /** Moves the finished file to {@code target}: a local move, or an upload to another file system. */
    private void place(Path target) {
        FileSystem fs = HadoopFiles.fileSystem(target, attempt.getConfiguration());
        java.nio.file.Path local = HadoopFiles.localPath(fs, target);
        try {
            if (local != null) {
                Files.createDirectories(local.getParent());
                Files.move(staged, local);
            } else {
                uploadWhole(fs, target);
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot write", target.toString(), e);
        }
    }

    /**
     * Uploads the finished file on a thread of its own, which Spark never interrupts, and waits for it
     * even when this task's thread is interrupted (a killed task): an upload an interrupt cut short
     * on this thread could still land after the task's abort and the job's cleanup (S3A finishes it
     * on its own threads), leaving a file under {@code _temporary}.
     */
    private void uploadWhole(FileSystem fs, Path target) throws IOException {
        Exception[] failure = new Exception[1];
        Thread upload = new Thread(() -> {
            try {
                fs.copyFromLocalFile(true, true, new Path(staged.toUri()), target);
            } catch (IOException | RuntimeException e) {
                failure[0] = e;
            }
        }, "jazmin-upload-" + partition);
        upload.setDaemon(true);
        upload.start();
        boolean interrupted = false;
        while (upload.isAlive()) {
            try {
                upload.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] instanceof IOException e) {
            throw e;
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
    }

    @Override
    public void abort() {
        try {
            if (writer != null) {
                writer.close();
            }
            removeStaging();
        } finally {
            committer.abortTask(attempt);
        }
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
        removeStaging();
    }

    private void removeStaging() {
        if (staging == null || !Files.exists(staging)) {
            return;
        }
        try (Stream<java.nio.file.Path> all = Files.walk(staging)) {
            for (java.nio.file.Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new JazminIoException("delete", staging, e);
        }
    }
}
