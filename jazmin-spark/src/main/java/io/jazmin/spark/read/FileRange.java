package io.jazmin.spark.read;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Bytes {@code [start, end)} of one file: the task reading it keeps the chunks whose first part
 * starts in it. The range ending at the file's planned length also keeps the chunks beyond it
 * (appended after planning), so every chunk of the version a task opens has exactly one range.
 *
 * @param path            the file's qualified Hadoop path
 * @param start           first byte of the range
 * @param end             the byte after it
 * @param fileLength      the file's size when the scan was planned
 * @param partitionValues the values of the partition folders the file lies in, as text (null for none)
 */
public record FileRange(String path, long start, long end, long fileLength, List<String> partitionValues) implements Serializable {
    public FileRange {
        partitionValues = Collections.unmodifiableList(new ArrayList<>(partitionValues));
    }

    /** A range of a file outside partition folders. */
    public FileRange(String path, long start, long end, long fileLength) {
        this(path, start, end, fileLength, List.of());
    }

    /** Whether a chunk whose first part starts at {@code offset} belongs to this range. */
    public boolean holds(long offset) {
        return offset >= start && (offset < end || end >= fileLength);
    }

    public long length() {
        return end - start;
    }
}
