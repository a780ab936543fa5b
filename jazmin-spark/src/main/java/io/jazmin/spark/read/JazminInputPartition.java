package io.jazmin.spark.read;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One file, read whole by one task.
 *
 * @param path   the file's local path
 * @param length its size in bytes when the scan was planned
 */
public record JazminInputPartition(String path, long length) implements InputPartition {
}
