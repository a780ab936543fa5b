package io.jazmin.spark.fs;

import java.io.Serializable;

/**
 * A file a read lists, as the listing saw it.
 *
 * @param path             the file's qualified path ({@code hdfs://nn:8020/data/a.jzm}, {@code file:/data/a.jzm})
 * @param length           its size in bytes
 * @param modificationTime its modification time, in milliseconds since the epoch
 */
public record ListedFile(String path, long length, long modificationTime) implements Serializable {
}
