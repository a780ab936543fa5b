package io.jazmin.spark.fs;

import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobFilter;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The files a read covers, listed through Hadoop's {@link FileSystem} of each path's scheme
 * ({@code hdfs://}, {@code s3a://}, {@code file:}, or a plain path on the default file system): each
 * path given is a file, or a folder whose files matching {@code pathGlobFilter} are taken, skipping
 * names starting with {@code _} or {@code .} (writers' temporary files, markers). Below a folder, as
 * Spark's file sources do, subfolders named {@code key=value} are partition folders: their files
 * are read with the folder's values as columns (see {@link #list}); with {@code recursiveFileLookup}
 * every subfolder is read instead, and no partitions are discovered. Sorted by path, so the first
 * file, which gives the schema, is the same on every run. The summary file of a folder given
 * ({@link FolderSummary#NAME}) is noted, at no extra request.
 */
public final class FileLister {
    /** The folder name Hive and Spark write for a null partition value. */
    static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    private FileLister() {
    }

    /**
     * Lists the files of a read. Without {@code recursive}, a folder's {@code key=value} subfolders
     * are descended into, and every file found must lie at the same depth under the same keys.
     *
     * @throws JazminValidationException when a path does not exist, no file matches, or files lie
     *                                   under different partition keys (naming two of them)
     * @throws JazminIoException         when the file system fails
     */
    public static Listing list(List<String> paths, String globFilter, boolean recursive, Configuration conf) {
        GlobFilter glob = glob(globFilter);
        List<Found> found = new ArrayList<>();
        Map<String, FileStatus> summaries = new HashMap<>();
        for (String text : paths) {
            Path path = new Path(text);
            FileSystem fs = HadoopFiles.fileSystem(path, conf);
            try {
                FileStatus status = fs.getFileStatus(path);
                if (status.isDirectory()) {
                    FileStatus summary = listFolder(fs, status.getPath(), glob, recursive, List.of(), List.of(), found);
                    if (summary != null) {
                        summaries.put(status.getPath().toString(), summary);
                    }
                } else {
                    found.add(new Found(listed(status, List.of()), List.of()));
                }
            } catch (FileNotFoundException e) {
                throw new JazminValidationException("no such file or folder: " + HadoopSource.nameOf(path));
            } catch (IOException e) {
                throw new JazminIoException("list", HadoopSource.nameOf(path), e);
            }
        }
        if (found.isEmpty()) {
            throw new JazminValidationException("no file matching '" + globFilter + "' in " + paths);
        }
        found.sort(Comparator.comparing(f -> f.file().path()));
        List<String> keys = found.get(0).keys();
        List<ListedFile> files = new ArrayList<>();
        for (Found f : found) {
            if (!f.keys().equals(keys)) {
                throw new JazminValidationException("files lie under different partition folders: "
                        + HadoopSource.nameOf(new Path(found.get(0).file().path())) + " under " + keys + ", "
                        + HadoopSource.nameOf(new Path(f.file().path())) + " under " + f.keys()
                        + "; read each layout separately, or with recursiveFileLookup=true (no partition columns)");
            }
            if (files.isEmpty() || !files.get(files.size() - 1).path().equals(f.file().path())) {
                files.add(f.file());
            }
        }
        return new Listing(files, keys, summaries);
    }

    /** A file found and the partition keys of the folders it lies in. */
    private record Found(ListedFile file, List<String> keys) {
    }

    private static GlobFilter glob(String pattern) {
        try {
            return new GlobFilter(pattern);
        } catch (IOException e) {
            throw new JazminValidationException("option 'pathGlobFilter' is not a glob: '" + pattern + "'");
        }
    }

    /** Lists {@code folder} into {@code out}, and returns its summary file, if it has one. */
    private static FileStatus listFolder(FileSystem fs, Path folder, GlobFilter glob, boolean recursive, List<String> keys,
                                         List<String> values, List<Found> out) throws IOException {
        FileStatus summary = null;
        for (FileStatus s : fs.listStatus(folder)) {
            String name = s.getPath().getName();
            if (name.equals(Listing.SUMMARY_NAME) && s.isFile()) {
                summary = s;
            }
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            int eq = name.indexOf('=');
            if (s.isDirectory() && recursive) {
                listFolder(fs, s.getPath(), glob, true, keys, values, out);
            } else if (s.isDirectory() && eq > 0) {
                String value = unescape(name.substring(eq + 1));
                listFolder(fs, s.getPath(), glob, false, append(keys, unescape(name.substring(0, eq))),
                        append(values, value.equals(DEFAULT_PARTITION) ? null : value), out);
            } else if (s.isFile() && glob.accept(s.getPath())) {
                out.add(new Found(listed(s, values), keys));
            }
        }
        return summary;
    }

    private static List<String> append(List<String> list, String item) {
        List<String> out = new ArrayList<>(list);
        out.add(item);
        return out;
    }

    /** A folder name's {@code %XX} escapes decoded, as Spark escapes partition values in folder names. */
    static String unescape(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '%' && i + 2 < name.length() && isHex(name.charAt(i + 1)) && isHex(name.charAt(i + 2))) {
                sb.append((char) Integer.parseInt(name.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    private static ListedFile listed(FileStatus s, List<String> partitionValues) {
        return new ListedFile(s.getPath().toString(), s.getLen(), s.getModificationTime(), HadoopSource.etag(s), partitionValues,
                s instanceof HdfsFileStatus h ? h.getFileId() : 0);
    }
}
