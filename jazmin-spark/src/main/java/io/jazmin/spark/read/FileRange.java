package io.jazmin.spark.read;

import io.jazmin.spark.fs.ListedFile;
import java.io.Serializable;
import java.util.List;

/**
 * Bytes {@code [start, end)} of one file: the task reading it keeps the chunks whose first part
 * starts in it. The range ending at the file's planned length also keeps the chunks beyond it
 * (a local file appended after planning), so every chunk of the version a task opens has exactly one
 * range. The file as listed goes with the range, so that the task opens the version planned from.
 *
 * @param file  the file as the scan's listing saw it
 * @param start first byte of the range
 * @param end   the byte after it
 */
public record FileRange(ListedFile file, long start, long end) implements Serializable {

    /** The file's qualified Hadoop path. */
    public String path() {
        return file.path();
    }

    /** The file's size when the scan was planned. */
    public long fileLength() {
        return file.length();
    }

    /** The values of the partition folders the file lies in, as text (null for none). */
    public List<String> partitionValues() {
        return file.partitionValues();
    }

    /** Whether a chunk whose first part starts at {@code offset} belongs to this range. */
    public boolean holds(long offset) {
        return offset >= start && (offset < end || end >= fileLength());
    }

    public long length() {
        return end - start;
    }
}
