package io.jazmin.spark.read;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminException;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.fs.ListedFile;
import io.jazmin.spark.summary.FolderSummary;
import io.jazmin.spark.summary.SummaryEntry;
import io.jazmin.spark.summary.SummaryPruner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * File skipping at planning time by the folder summaries ({@link FolderSummary}): each summary the
 * listing saw is read once, and a listed file is dropped when its entry (same relative path, length,
 * modification time and ETag) has value ranges that rule the pushed filter out ({@link SummaryPruner}).
 * A file without such an entry (appended to, replaced, written by another tool, or in a folder
 * without a summary) is kept; a summary that cannot be read is not used.
 */
final class SummarySkipping {
    private static final Logger LOG = LoggerFactory.getLogger(SummarySkipping.class);

    /**
     * @param kept    the files left to read, in their listed order
     * @param skipped how many the summaries ruled out
     */
    record Result(List<ListedFile> kept, int skipped) {
    }

    private SummarySkipping() {
    }

    /** Drops the files of {@code files} that the summaries prove hold no row matching {@code filter}. */
    static Result apply(List<ListedFile> files, Map<String, FileStatus> summaries, Filter filter, Configuration conf) {
        if (filter == null || summaries.isEmpty()) {
            return new Result(files, 0);
        }
        Map<String, Map<String, SummaryEntry>> byFolder = new HashMap<>();
        summaries.forEach((folder, status) -> {
            try {
                byFolder.put(folder, FolderSummary.read(HadoopFiles.fileSystem(status.getPath(), conf), status).entries());
            } catch (JazminException e) {
                LOG.warn("The summary {} is not used: {}", status.getPath(), e.toString());
            }
        });
        List<ListedFile> kept = new ArrayList<>();
        for (ListedFile f : files) {
            SummaryEntry e = entry(f, byFolder);
            if (e == null || SummaryPruner.mayMatch(filter, e.ranges())) {
                kept.add(f);
            }
        }
        return new Result(kept, files.size() - kept.size());
    }

    /** The entry describing the listed version of {@code f}, or {@code null}. */
    private static SummaryEntry entry(ListedFile f, Map<String, Map<String, SummaryEntry>> byFolder) {
        for (Map.Entry<String, Map<String, SummaryEntry>> folder : byFolder.entrySet()) {
            String prefix = folder.getKey().endsWith(Path.SEPARATOR) ? folder.getKey() : folder.getKey() + Path.SEPARATOR;
            if (f.path().startsWith(prefix)) {
                SummaryEntry e = folder.getValue().get(f.path().substring(prefix.length()));
                return e != null && e.describes(f.length(), f.modificationTime(), f.etag()) ? e : null;
            }
        }
        return null;
    }
}
