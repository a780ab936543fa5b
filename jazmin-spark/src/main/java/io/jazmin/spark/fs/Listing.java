package io.jazmin.spark.fs;

import java.util.List;

/**
 * The files of a read, sorted by path, and the keys of the {@code key=value} folders they lie in
 * (outermost first; the same for every file).
 *
 * @param files         the files
 * @param partitionKeys the partition keys, empty when the files lie in no partition folders
 */
public record Listing(List<ListedFile> files, List<String> partitionKeys) {
    public Listing {
        files = List.copyOf(files);
        partitionKeys = List.copyOf(partitionKeys);
    }
}
