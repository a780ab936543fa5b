package io.jazmin.spark.write;

import io.jazmin.JazminReader;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.options.ReadOptions;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.fs.HadoopFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The {@code .jzm} files a write into a folder joins (append) or replaces (overwrite), and the
 * check, on the driver before any task runs, that the write loses and leaks nothing they hold.
 * Spark writes plain, key or password files of one table each, without embedded files, package,
 * saved shapes, metadata or sharing, so:
 * <ul>
 *   <li>every file must open with the write's secret (a plain file also opens when the write
 *       encrypts, for an overwrite only): no file is replaced by, or mixed with, one that is less
 *       encrypted or encrypted differently ({@link JazminKeyException});</li>
 *   <li>no file may be shared (access-controlled): Spark writes no grants or partitions
 *       ({@link UnsupportedFeatureException});</li>
 *   <li>an overwrite refuses a file holding more than one table, embedded files, a package, saved
 *       shapes, metadata or writer features, which its new files could not keep
 *       ({@link UnsupportedFeatureException}).</li>
 * </ul>
 * A refusal comes before anything is written: the folder stays byte-identical. Checking a folder of
 * password files costs one key derivation per file.
 */
final class ExistingFiles {
    private static final String SHARING = "access-control";
    private static final String ONE_TABLE = "spark-overwrite-keeping";

    private ExistingFiles() {
    }

    /**
     * The files a read of {@code folder} lists and an overwrite replaces: {@code *.jzm}, regular, not
     * hidden ({@code _} or {@code .}), not in subfolders. None when the folder does not exist.
     */
    static List<Path> list(FileSystem fs, Path folder) {
        List<Path> out = new ArrayList<>();
        try {
            for (FileStatus s : fs.listStatus(folder)) {
                String name = s.getPath().getName();
                if (s.isFile() && name.endsWith(".jzm") && !name.startsWith("_") && !name.startsWith(".")) {
                    out.add(s.getPath());
                }
            }
        } catch (FileNotFoundException e) {
            return out;
        } catch (IOException e) {
            throw new JazminIoException("list", folder.toString(), e);
        }
        out.sort(null);
        return out;
    }

    /** Whether {@code path} is a file (not a folder); false when it does not exist. */
    static boolean isFile(FileSystem fs, Path path) {
        try {
            return fs.getFileStatus(path).isFile();
        } catch (FileNotFoundException e) {
            return false;
        } catch (IOException e) {
            throw new JazminIoException("read the status of", path.toString(), e);
        }
    }

    /**
     * Refuses the write unless it keeps everything the folder's files hold (see the class).
     *
     * @param truncate whether the write replaces the folder's files (overwrite) or adds to them
     */
    static void check(FileSystem fs, Path folder, JazminOptions options, boolean truncate, Configuration conf) {
        if (isFile(fs, folder)) {
            throw new JazminValidationException("'" + folder + "' is a file: a Spark write goes into a folder of "
                    + "part files and never replaces a .jzm file; change a file with JazminFile (append, delete, "
                    + "update) or the jazmin command, or save into a folder");
        }
        String mode = truncate ? "overwrite" : "append";
        for (Path file : list(fs, folder)) {
            try (JazminReader reader = open(file, options, truncate, mode, conf)) {
                if (reader.accessControlled()) {
                    throw new UnsupportedFeatureException(SHARING, file + " is a shared file (grants, partitions, "
                            + "column groups): a Spark write makes no shared files, so mode " + mode + " would "
                            + (truncate ? "replace it by files no access key opens" : "add files no access key opens")
                            + "; change it with JazminFile as its owner");
                }
                if (truncate) {
                    requireOnlyRows(file, reader);
                }
            }
        }
    }

    /**
     * The file opened with the write's secret; for an overwrite that encrypts, a plain file opened
     * without one (replacing it by an encrypted file protects more).
     */
    private static JazminReader open(Path file, JazminOptions options, boolean truncate, String mode, Configuration conf) {
        ReadOptions write = options.readOptions();
        try {
            return HadoopFiles.open(file.toString(), conf, write).reader();
        } catch (JazminKeyException refused) {
            if (write.hasSecret()) {
                JazminReader plain = openPlain(file, conf);
                if (plain != null) {
                    if (truncate) {
                        return plain;
                    }
                    plain.close();
                    throw new JazminKeyException(file + " is not encrypted: mode append would add encrypted files "
                            + "to a folder of plain ones, which no one secret reads; write without a secret, or "
                            + "into another folder", refused);
                }
            }
            String why = write.hasSecret() ? " does not open with this write's secret (" : " is encrypted and this "
                    + "write is not (";
            throw new JazminKeyException(file + why + refused.getMessage() + "): mode " + mode + " would " + (truncate ? "replace it by a file" : "add files beside it")
                    + " encrypted differently or not at all; give the secret that opens it (option secretKey, "
                    + "password or keyFile)", refused);
        }
    }

    /** The file opened with no secret, or null when it needs one. */
    private static JazminReader openPlain(Path file, Configuration conf) {
        try {
            return HadoopFiles.open(file.toString(), conf, ReadOptions.defaults()).reader();
        } catch (JazminKeyException encrypted) {
            return null;
        }
    }

    /** Refuses an overwrite of a file holding more than the one table's rows a Spark write makes. */
    private static void requireOnlyRows(Path file, JazminReader reader) {
        List<String> kept = new ArrayList<>();
        if (reader.tableNames().size() > 1) {
            kept.add(reader.tableNames().size() + " tables " + reader.tableNames());
        }
        if (!reader.files().isEmpty()) {
            kept.add(reader.files().size() + " embedded files");
        }
        if (reader.packageJson().isPresent()) {
            kept.add("a package");
        }
        if (!reader.shapes().isEmpty()) {
            kept.add(reader.shapes().size() + " saved shapes");
        }
        if (!reader.writerFeatures().isEmpty()) {
            kept.add("what writer features " + reader.writerFeatures() + " (unknown to this library) mean");
        }
        String metadata = reader.metadata();
        if (metadata != null && !metadata.isBlank() && !metadata.strip().equals("{}")) {
            kept.add("metadata");
        }
        if (!kept.isEmpty()) {
            throw new UnsupportedFeatureException(ONE_TABLE, file + " holds " + String.join(", ", kept)
                    + ", which mode overwrite would lose: a Spark write makes files of one table's rows only. "
                    + "Change the file with JazminFile (update, delete, append), or remove it first");
        }
    }
}
