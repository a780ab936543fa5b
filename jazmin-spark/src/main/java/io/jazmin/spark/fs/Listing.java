package io.jazmin.spark.fs;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;

/**
 * The files of a read, sorted by path, the keys of the {@code key=value} folders they lie in
 * (outermost first; the same for every file), and the folder summaries the listing saw.
 *
 * @param files         the files
 * @param partitionKeys the partition keys, empty when the files lie in no partition folders
 * @param summaries     the summary file ({@code _jazmin_summary.jzm}) of each folder given to the read
 *                      that has one, by the folder's qualified path (as the files' paths begin)
 */
public record Listing(List<ListedFile> files, List<String> partitionKeys, Map<String, FileStatus> summaries) {
    /** The file name of a folder summary ({@code io.jazmin.spark.summary.FolderSummary}). */
    public static final String SUMMARY_NAME = "_jazmin_summary.jzm";

    public Listing {
        files = List.copyOf(files);
        partitionKeys = List.copyOf(partitionKeys);
        summaries = Map.copyOf(summaries);
    }
}
