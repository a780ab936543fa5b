package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.source.SourceChangedException;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.fs.ListedFile;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.fs.EtagSource;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link RemoteFolderTestCase} on S3: one S3Proxy for the class on a loopback port, read and written
 * through Hadoop's {@code s3a://} (set up by the session's settings, as a cluster's would be).
 */
class S3aFolderTest extends RemoteFolderTestCase {
    static LoopbackS3 s3;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = new LoopbackS3("jazmin-tests");
        s3.hadoopSettings().forEach((k, v) -> spark().conf().set(k, v));
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.hadoopSettings().keySet().forEach(k -> spark().conf().unset(k));
        s3.close();
    }

    @Override
    String root() {
        return s3.root();
    }

    /** {@code size} bytes, all {@code fill}. */
    private static void put(FileSystem fs, Path path, int size, byte fill) throws Exception {
        byte[] bytes = new byte[size];
        java.util.Arrays.fill(bytes, fill);
        try (FSDataOutputStream out = fs.create(path, true)) {
            out.write(bytes);
        }
    }

    /**
     * An object replaced after a task opened it (its status checked against the listing's) and before
     * its first read: S3A, given the status the stream was opened with, compares the ETag of the answer
     * with it, and the read fails naming the object, never returning the new version's bytes.
     */
    @Test
    void anObjectReplacedAfterItWasOpenedFailsItsFirstRead() throws Exception {
        Path path = new Path(root() + "/changing/opened.bin");
        FileSystem fs = fs(path.toString());
        put(fs, path, 300_000, (byte) 1);
        FileStatus status = fs.getFileStatus(path);
        ListedFile listed = new ListedFile(status.getPath().toString(), status.getLen(), status.getModificationTime(),
                ((EtagSource) status).getEtag(), List.of());
        assertThat(listed.etag()).isNotBlank();
        try (HadoopSource reading = HadoopSource.open(fs, path, listed)) {
            put(fs, path, 300_000, (byte) 2);
            ByteBuffer first = ByteBuffer.allocate(8);
            assertThatThrownBy(() -> reading.read(250_000, first)).isInstanceOf(SourceChangedException.class)
                    .hasMessageContaining("s3a://jazmin-tests/changing/opened.bin");
        }
        assertThatThrownBy(() -> HadoopSource.open(fs, path, listed)).as("opened after the replacement")
                .isInstanceOf(SourceChangedException.class).hasMessageContaining("when the scan was planned");
    }

    @Test
    void anObjectReplacedWhileASourceReadsItIsNeverReadAsAMixOfVersions() throws Exception {
        Path path = new Path(root() + "/changing/file.bin");
        FileSystem fs = fs(path.toString());
        // Larger than S3A's read-ahead (64 KiB), so a later read may need a GET of its own.
        put(fs, path, 300_000, (byte) 1);
        try (HadoopSource reading = HadoopSource.open(fs, path)) {
            ByteBuffer first = ByteBuffer.allocate(8);
            reading.read(0, first);
            assertThat(first.array()).containsOnly(1);
            put(fs, path, 300_000, (byte) 2);
            // A stream open on the first version may go on serving it; it never serves the second.
            ByteBuffer later = ByteBuffer.allocate(8);
            try {
                reading.read(250_000, later);
                assertThat(later.array()).as("bytes of the version opened").containsOnly(1);
            } catch (SourceChangedException changed) {
                assertThat(changed).hasMessageContaining("s3a://jazmin-tests/changing/file.bin");
            }
        }
    }
}
