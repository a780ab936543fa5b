package io.jazmin.spark.write;

import io.jazmin.error.JazminException;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.summary.FolderSummary;
import io.jazmin.spark.summary.SummaryEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder summary's part of a job commit, run after the data files are committed (and, for an
 * overwrite, the old ones deleted), so that a failed job never changes it: one entry per file the
 * job wrote, with the length, modification time and ETag the folder lists for it now, and, for an append,
 * the previous summary's entries whose files are listed unchanged. An encrypted write removes the
 * summary instead (its files' statistics must not be readable without the key). A summary that
 * cannot be written is logged and left as it was: its entries only describe the file versions they
 * name, so an old summary never gives a wrong answer, it only prunes less.
 */
final class SummaryCommit {
    private static final Logger LOG = LoggerFactory.getLogger(SummaryCommit.class);

    private SummaryCommit() {
    }

    /**
     * @param messages the committed tasks' messages
     * @param append   whether the folder's earlier files stay (else the job replaced them)
     * @param encrypted whether the job wrote encrypted files
     */
    static void update(FileSystem fs, Path folder, List<JazminCommitMessage> messages, boolean append, boolean encrypted) {
        try {
            if (encrypted) {
                FolderSummary.remove(fs, folder);
                return;
            }
            Map<String, FileStatus> listed = new HashMap<>();
            for (FileStatus s : fs.listStatus(folder)) {
                if (s.isFile()) {
                    listed.put(s.getPath().getName(), s);
                }
            }
            List<SummaryEntry> entries = new ArrayList<>();
            Map<String, JazminCommitMessage> written = new HashMap<>();
            for (JazminCommitMessage m : messages) {
                FileStatus s = m.fileName() == null ? null : listed.get(m.fileName());
                if (s != null) {
                    written.put(m.fileName(), m);
                    entries.add(new SummaryEntry(m.fileName(), s.getLen(), s.getModificationTime(), HadoopSource.etag(s),
                            m.rows(), m.ranges()));
                }
            }
            FileStatus previous = listed.get(FolderSummary.NAME);
            if (append && previous != null) {
                for (SummaryEntry e : earlier(fs, previous)) {
                    FileStatus s = listed.get(e.path());
                    if (s != null && !written.containsKey(e.path()) && e.describes(s.getLen(), s.getModificationTime(),
                            HadoopSource.etag(s))) {
                        entries.add(e);
                    }
                }
            }
            entries.sort(Comparator.comparing(SummaryEntry::path));
            FolderSummary.write(fs, folder, entries);
        } catch (IOException | JazminException e) {
            LOG.warn("The summary of {} was not updated; reads of the folder open every file: {}", folder, e.toString());
        }
    }

    /** The previous summary's entries, or none when it cannot be read. */
    private static List<SummaryEntry> earlier(FileSystem fs, FileStatus previous) {
        try {
            return List.copyOf(FolderSummary.read(fs, previous).entries().values());
        } catch (JazminException e) {
            LOG.warn("The summary {} could not be read and is replaced: {}", previous.getPath(), e.toString());
            return List.of();
        }
    }
}
