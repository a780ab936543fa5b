package io.jazmin.spark.fs;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A file a read lists, as the listing saw it: the version the scan is planned from, which every task
 * reading the file checks it still opens ({@link HadoopSource#open(org.apache.hadoop.fs.FileSystem,
 * org.apache.hadoop.fs.Path, ListedFile)}).
 *
 * @param path             the file's qualified path ({@code hdfs://nn:8020/data/a.jzm}, {@code file:/data/a.jzm})
 * @param length           its size in bytes
 * @param modificationTime its modification time, in milliseconds since the epoch
 * @param etag             its ETag where the file system gives one (S3A, ABFS: Hadoop's {@code EtagSource}),
 *                         else {@code null}
 * @param partitionValues  the values of the {@code key=value} folders it lies in, outermost first, as
 *                         text ({@code null} for Hive's {@code __HIVE_DEFAULT_PARTITION__}); empty outside partition folders
 * @param fileId           its HDFS inode id (Hadoop's {@code HdfsFileStatus.getFileId()}), or 0 on other file systems
 */
public record ListedFile(String path, long length, long modificationTime, String etag, List<String> partitionValues,
                         long fileId) implements Serializable {
    public ListedFile {
        // Values may be null, which List.copyOf refuses.
        partitionValues = Collections.unmodifiableList(new ArrayList<>(partitionValues));
    }

    /** A file of a file system without inode ids. */
    public ListedFile(String path, long length, long modificationTime, String etag, List<String> partitionValues) {
        this(path, length, modificationTime, etag, partitionValues, 0);
    }
}
