package io.jazmin.spark.summary;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One data file of a folder summary: which version of the file it describes (path relative to the
 * folder, length, modification time) and what that version holds.
 *
 * @param path             the file's path relative to the summary's folder ({@code part-00000-….jzm},
 *                         {@code year=2024/a.jzm}), with {@code /} between names
 * @param length           the file's length in bytes
 * @param modificationTime its modification time, in milliseconds since the epoch, as the file system lists it
 * @param etag             its ETag where the file system lists one (S3A, ABFS), else {@code null}: an object
 *                         replaced within the same second by one of the same length has another ETag
 * @param rows             rows written in it
 * @param ranges           the value ranges of its summarized columns, by name (empty for an encrypted file)
 */
public record SummaryEntry(String path, long length, long modificationTime, String etag, long rows,
                           Map<String, ValueRange> ranges)
        implements Serializable {
    public SummaryEntry {
        ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
    }

    /**
     * Whether this entry describes the version of its file listed with this length, modification time
     * and ETag ({@code null} where the file system lists none).
     */
    public boolean describes(long fileLength, long fileModificationTime, String fileEtag) {
        return length == fileLength && modificationTime == fileModificationTime && Objects.equals(etag, fileEtag);
    }
}
