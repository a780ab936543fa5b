package io.jazmin.spark.write;

import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What one task wrote: its finished file in the job's temporary folder (none for an empty task).
 *
 * @param temporaryFile the file's path under {@code _temporary/<job>/}, or {@code null} when the task wrote no rows
 * @param rows          rows written
 */
public record JazminCommitMessage(String temporaryFile, long rows) implements WriterCommitMessage {
}
