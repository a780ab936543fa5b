package io.jazmin.spark.write;

import io.jazmin.error.JazminIoException;
import io.jazmin.spark.JazminOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * The driver side of a write. Tasks write into {@code <folder>/_temporary/<job>/}, which readers
 * skip; {@link #commit} (after every task committed) removes the folder's old files when
 * truncating, moves the new files in and deletes the temporary folder; {@link #abort} deletes the
 * temporary folder, and the folder itself when the write created it, so nothing is left behind.
 */
final class JazminBatchWrite implements BatchWrite {
    private static final String TEMPORARY = "_temporary";
    private final Path folder;
    private final Path temporary;
    private final StructType schema;
    private final JazminOptions options;
    private final boolean truncate;
    private final boolean folderExisted;

    JazminBatchWrite(Path folder, String jobId, StructType schema, JazminOptions options, boolean truncate) {
        this.folder = folder;
        this.temporary = folder.resolve(TEMPORARY).resolve(jobId);
        this.schema = schema;
        this.options = options;
        this.truncate = truncate;
        this.folderExisted = Files.exists(folder);
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        return new JazminDataWriterFactory(temporary.toString(), schema, options);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        try {
            Files.createDirectories(folder);
            if (truncate) {
                for (Path old : ExistingFiles.list(folder)) {
                    Files.delete(old);
                }
            }
            for (WriterCommitMessage m : messages) {
                String written = ((JazminCommitMessage) m).temporaryFile();
                if (written != null) {
                    Path from = Path.of(written);
                    Files.move(from, folder.resolve(from.getFileName()), StandardCopyOption.ATOMIC_MOVE);
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("commit the write into", folder, e);
        }
        removeTemporary();
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        removeTemporary();
        try {
            if (!folderExisted && Files.isDirectory(folder) && isEmpty(folder)) {
                Files.delete(folder);
            }
        } catch (IOException e) {
            throw new JazminIoException("delete", folder, e);
        }
    }

    /** Deletes this job's temporary folder, and {@code _temporary} when no other job uses it. */
    private void removeTemporary() {
        try {
            if (Files.exists(temporary)) {
                try (Stream<Path> all = Files.walk(temporary)) {
                    for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            Path parent = temporary.getParent();
            if (Files.isDirectory(parent) && isEmpty(parent)) {
                Files.delete(parent);
            }
        } catch (IOException e) {
            throw new JazminIoException("delete", temporary, e);
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }
}
