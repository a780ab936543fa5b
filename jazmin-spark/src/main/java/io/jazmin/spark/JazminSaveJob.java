package io.jazmin.spark;

import io.jazmin.error.JazminException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code df.write().format("jazmin").mode(m).save(dir)}: applies the save mode to the folder
 * ({@code errorIfExists} fails and {@code ignore} does nothing when it exists and is not empty;
 * {@code overwrite} truncates), then runs the table's DSv2 write: one {@code DataWriter} per
 * partition of the DataFrame, the driver committing every task's file, or aborting on failure.
 */
final class JazminSaveJob {
    private JazminSaveJob() {
    }

    static void run(SaveMode mode, Map<String, String> parameters, Dataset<Row> data) {
        JazminOptions options = JazminOptions.parse(parameters);
        String folder = JazminSparkTable.outputFolder(options);
        if (holdsAnything(new Path(folder))) {
            if (mode == SaveMode.ErrorIfExists) {
                throw new JazminValidationException(folder + " already exists: write with mode append or overwrite");
            }
            if (mode == SaveMode.Ignore) {
                return;
            }
        }
        StructType schema = data.schema();
        WriteBuilder builder = JazminSparkTable.open(schema, parameters).newWriteBuilder(
                new WriteInfo(UUID.randomUUID().toString(), schema, new CaseInsensitiveStringMap(parameters)));
        if (mode == SaveMode.Overwrite) {
            builder = ((SupportsTruncate) builder).truncate();
        }
        BatchWrite batch = builder.build().toBatch();
        RDD<InternalRow> rows = ((org.apache.spark.sql.classic.Dataset<Row>) data).queryExecution().toRdd();
        DataWriterFactory factory = batch.createBatchWriterFactory(new Partitions(rows.getNumPartitions()));
        List<WriterCommitMessage> messages;
        try {
            messages = rows.toJavaRDD().mapPartitionsWithIndex(new WriteTask(factory), false).collect();
        } catch (Exception e) {
            JazminException failure = typed(folder, e);
            abort(batch, new WriterCommitMessage[0], failure);
            throw failure;
        }
        WriterCommitMessage[] committed = messages.toArray(new WriterCommitMessage[0]);
        try {
            batch.commit(committed);
        } catch (RuntimeException e) {
            abort(batch, committed, e);
            throw e;
        }
    }

    /** Aborts the write; a failure to clean up is kept with the failure that caused the abort. */
    private static void abort(BatchWrite batch, WriterCommitMessage[] messages, RuntimeException cause) {
        try {
            batch.abort(messages);
        } catch (RuntimeException cleanup) {
            cause.addSuppressed(cleanup);
        }
    }

    /** Whether {@code folder} is a file, or a folder holding anything (a {@code _SUCCESS} marker too). */
    private static boolean holdsAnything(Path folder) {
        FileSystem fs = HadoopFiles.fileSystem(folder, HadoopConf.session());
        try {
            FileStatus status = fs.getFileStatus(folder);
            return status.isFile() || fs.listStatus(folder).length > 0;
        } catch (FileNotFoundException e) {
            return false;
        } catch (IOException e) {
            throw new JazminIoException("list", folder.toString(), e);
        }
    }

    /** The JAZMIN error that failed a task, as the tasks threw it, else the failure wrapped in one. */
    private static JazminException typed(String folder, Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JazminException j) {
                return j;
            }
        }
        return new JazminException("writing " + folder + " failed: " + e.getMessage(), e);
    }

    /** One task: its partition's rows through a {@link DataWriter}, committed, or aborted on failure. */
    private record WriteTask(DataWriterFactory factory)
            implements Function2<Integer, Iterator<InternalRow>, Iterator<WriterCommitMessage>> {
        @Override
        public Iterator<WriterCommitMessage> call(Integer partition, Iterator<InternalRow> rows) throws Exception {
            DataWriter<InternalRow> writer = factory.createWriter(partition, TaskContext.get().taskAttemptId());
            try {
                while (rows.hasNext()) {
                    writer.write(rows.next());
                }
                return List.of(writer.commit()).iterator();
            } catch (Throwable t) {
                writer.abort();
                throw t;
            } finally {
                writer.close();
            }
        }
    }

    private record WriteInfo(String queryId, StructType schema, CaseInsensitiveStringMap options)
            implements LogicalWriteInfo {
    }

    private record Partitions(int numPartitions) implements PhysicalWriteInfo {
    }
}
