package io.jazmin.spark.write;

import io.jazmin.JazminWriter;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.types.SchemaMapper;
import io.jazmin.spark.types.WriteConverter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * One task's rows written as {@code part-<partition>-<uuid>.jzm} in the job's temporary folder;
 * the file is created at the first row (partition 0 writes one even without rows, so an empty
 * DataFrame keeps its schema). Abort removes whatever the task wrote.
 */
final class JazminDataWriter implements DataWriter<InternalRow> {
    private final Path file;
    private final int partition;
    private final StructType schema;
    private final JazminOptions options;
    private final WriteConverter converter;
    private JazminWriter writer;
    private long rows;

    JazminDataWriter(String temporaryFolder, int partition, StructType schema, JazminOptions options) {
        this.file = Path.of(temporaryFolder, "part-" + partition + "-" + UUID.randomUUID() + ".jzm");
        this.partition = partition;
        this.schema = schema;
        this.options = options;
        this.converter = new WriteConverter(schema, options.truncateMicros());
    }

    @Override
    public void write(InternalRow row) {
        if (writer == null) {
            open();
        }
        try {
            writer.writeValues(converter.values(row));
        } catch (JazminValidationException e) {
            throw new JazminValidationException("row " + rows + " of task " + partition + ": " + e.getMessage(), e);
        }
        rows++;
    }

    private void open() {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new JazminIoException("create folder", file.getParent(), e);
        }
        writer = JazminWriter.create(file, SchemaMapper.toColumns(schema), options.writeOptions());
    }

    @Override
    public WriterCommitMessage commit() {
        if (writer == null && partition == 0) {
            open();
        }
        if (writer == null) {
            return new JazminCommitMessage(null, 0);
        }
        writer.finish();
        return new JazminCommitMessage(file.toString(), rows);
    }

    @Override
    public void abort() {
        if (writer != null) {
            writer.close();
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new JazminIoException("delete", file, e);
        }
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
    }
}
