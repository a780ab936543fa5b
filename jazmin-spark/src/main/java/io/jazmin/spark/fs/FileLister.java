package io.jazmin.spark.fs;

import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobFilter;
import org.apache.hadoop.fs.Path;

/**
 * The files a read covers, listed through Hadoop's {@link FileSystem} of each path's scheme
 * ({@code hdfs://}, {@code s3a://}, {@code file:}, or a plain path on the default file system): each
 * path given is a file, or a folder whose files matching {@code pathGlobFilter} are taken
 * (subfolders too with {@code recursiveFileLookup}), skipping names starting with {@code _} or
 * {@code .} (writers' temporary files, markers). Sorted by path, so the first file, which gives the
 * schema, is the same on every run.
 */
public final class FileLister {
    private FileLister() {
    }

    /**
     * @throws JazminValidationException when a path does not exist or no file matches
     * @throws JazminIoException         when the file system fails
     */
    public static List<ListedFile> list(List<String> paths, String globFilter, boolean recursive, Configuration conf) {
        GlobFilter glob = glob(globFilter);
        List<ListedFile> files = new ArrayList<>();
        for (String text : paths) {
            Path path = new Path(text);
            FileSystem fs = HadoopFiles.fileSystem(path, conf);
            try {
                FileStatus status = fs.getFileStatus(path);
                if (status.isDirectory()) {
                    listFolder(fs, status.getPath(), glob, recursive, files);
                } else {
                    files.add(listed(status));
                }
            } catch (FileNotFoundException e) {
                throw new JazminValidationException("no such file or folder: " + HadoopSource.nameOf(path));
            } catch (IOException e) {
                throw new JazminIoException("list", HadoopSource.nameOf(path), e);
            }
        }
        if (files.isEmpty()) {
            throw new JazminValidationException("no file matching '" + globFilter + "' in " + paths);
        }
        return files.stream().distinct().sorted(Comparator.comparing(ListedFile::path)).toList();
    }

    private static GlobFilter glob(String pattern) {
        try {
            return new GlobFilter(pattern);
        } catch (IOException e) {
            throw new JazminValidationException("option 'pathGlobFilter' is not a glob: '" + pattern + "'");
        }
    }

    private static void listFolder(FileSystem fs, Path folder, GlobFilter glob, boolean recursive, List<ListedFile> out)
            throws IOException {
        for (FileStatus s : fs.listStatus(folder)) {
            String name = s.getPath().getName();
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            if (s.isDirectory()) {
                if (recursive) {
                    listFolder(fs, s.getPath(), glob, true, out);
                }
            } else if (glob.accept(s.getPath())) {
                out.add(listed(s));
            }
        }
    }

    private static ListedFile listed(FileStatus s) {
        return new ListedFile(s.getPath().toString(), s.getLen(), s.getModificationTime());
    }
}
