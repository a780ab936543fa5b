package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.source.SourceChangedException;
import io.jazmin.spark.fs.HadoopSource;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataOutputStream;
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

    private static void put(FileSystem fs, Path path, String text) throws Exception {
        try (FSDataOutputStream out = fs.create(path, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void anObjectReplacedAfterTheSourceOpenedItFailsTheReadAsChanged() throws Exception {
        Path path = new Path(root() + "/changing/file.bin");
        FileSystem fs = fs(path.toString());
        put(fs, path, "version one");
        try (HadoopSource source = HadoopSource.open(fs, path)) {
            ByteBuffer first = ByteBuffer.allocate(7);
            source.read(0, first);
            assertThat(new String(first.array(), StandardCharsets.UTF_8)).isEqualTo("version");
            put(fs, path, "the second version");
            assertThatThrownBy(() -> source.read(4, ByteBuffer.allocate(7)))
                    .isInstanceOf(SourceChangedException.class).hasMessageContaining("s3a://jazmin-tests/changing/file.bin")
                    .hasMessageContaining("changed while it was being read");
        }
    }
}
