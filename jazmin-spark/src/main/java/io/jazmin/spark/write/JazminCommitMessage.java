package io.jazmin.spark.write;

import org.apache.spark.internal.io.FileCommitProtocol.TaskCommitMessage;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What one task committed: the commit protocol's message for the job commit, and its file's name
 * and row count (no file for a task without rows).
 *
 * @param protocol the commit protocol's message of the task
 * @param fileName the file's name, or {@code null} when the task wrote no rows
 * @param rows     rows written
 */
public record JazminCommitMessage(TaskCommitMessage protocol, String fileName, long rows) implements WriterCommitMessage {
}
