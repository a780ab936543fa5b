package io.jazmin.spark.write;

import io.jazmin.spark.summary.ValueRange;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.internal.io.FileCommitProtocol.TaskCommitMessage;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What one task committed: the commit protocol's message for the job commit, and its file's name
 * row count and the value ranges of its summarized columns for the folder summary (no file for a
 * task without rows; no ranges for an encrypted write).
 *
 * @param protocol the commit protocol's message of the task
 * @param fileName the file's name, or {@code null} when the task wrote no rows
 * @param rows     rows written
 * @param ranges   the value ranges of the file's summarized columns, by name
 */
public record JazminCommitMessage(TaskCommitMessage protocol, String fileName, long rows, Map<String, ValueRange> ranges)
        implements WriterCommitMessage {
    public JazminCommitMessage {
        ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
    }
}
