package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.data.ChunkSummary;
import io.jazmin.data.Filter;
import io.jazmin.options.WriteOptions;
import io.jazmin.source.SourceChangedException;
import io.jazmin.spark.fs.FileLister;
import io.jazmin.spark.fs.HadoopConf;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.fs.ListedFile;
import io.jazmin.testing.FlushPointFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RemoteFolderTestCase} on HDFS: one MiniDFSCluster for the class, read through {@code hdfs://}. */
class HdfsFolderTest extends RemoteFolderTestCase {
    @TempDir
    static Path storage;
    static MiniHdfs hdfs;

    @BeforeAll
    static void startHdfs() throws Exception {
        hdfs = new MiniHdfs(storage);
        spark().conf().set("dfs.replication", "1");
    }

    @AfterAll
    static void stopHdfs() {
        spark().conf().unset("dfs.replication");
        hdfs.close();
    }

    @Override
    String root() {
        return hdfs.root();
    }

    /**
     * A Spark count on two of eight columns over files with column flush points reads only their
     * streams from HDFS: every byte the action read (the driver's schema reads included) is well
     * under a third of what the files' chunk parts hold.
     */
    @Test
    void aTwoColumnCountReadsOnlyItsStreamsFromHdfs() throws IOException {
        Path folder = Files.createDirectories(local.resolve("customers"));
        long parts = 0;
        long expected = 0;
        Filter filter = Filter.eq("country", "DE").and(Filter.gt("age", 60L));
        for (int f = 0; f < 2; f++) {
            Path file = Files.write(folder.resolve("customers-" + f + ".jzm"), FlushPointFiles.file(
                    FlushPointFiles.rows(20_000 + f), WriteOptions.defaults().withChunkRows(5_000).withColumnFlushPoints(true)));
            try (JazminReader r = JazminReader.open(file)) {
                parts += r.table().chunks().stream().mapToLong(ChunkSummary::storedBytes).sum();
                expected += r.table().count(filter);
            }
        }
        String remote = upload(folder, root() + "/customers");
        long before = MiniHdfs.bytesRead();
        long count = spark().read().format("jazmin").load(remote).where("country = 'DE' AND age > 60").count();
        long read = MiniHdfs.bytesRead() - before;

        assertThat(count).isEqualTo(expected);
        assertThat(read).isPositive().isLessThan(parts / 3);
    }

    /**
     * A task opens a listed HDFS file by its inode id, with the one name-node call of the open and no
     * status request; a file replaced since the listing, even by one of the same length, or appended
     * to, fails the open naming it.
     */
    @Test
    void aListedFileOpensWithoutAStatusRequestAndItsReplacementIsSeen() throws IOException {
        FileSystem fs = fs(root());
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(root() + "/inode/a.bin");
        byte[] first = new byte[1000];
        java.util.Arrays.fill(first, (byte) 1);
        write(fs, path, first);
        ListedFile listed = FileLister.list(java.util.List.of(root() + "/inode"), "*.bin", false, HadoopConf.session()).files().get(0);
        assertThat(listed.fileId()).isPositive();

        // Hadoop counts each name-node read call (a status, an open) as one read operation of the scheme.
        long ops = readOps();
        try (HadoopSource source = HadoopSource.open(fs, path, listed)) {
            ByteBuffer b = ByteBuffer.allocate(10);
            source.read(990, b);
            assertThat(b.array()).containsOnly(1);
            assertThat(source.size()).isEqualTo(1000);
        }
        long listedOpen = readOps() - ops;
        ops = readOps();
        try (HadoopSource source = HadoopSource.open(fs, path)) {
            assertThat(source.size()).isEqualTo(1000);
        }
        long statusAndOpen = readOps() - ops;
        assertThat(listedOpen).as("name-node read calls of the listed open").isEqualTo(1);
        assertThat(statusAndOpen).as("an open with a status request").isEqualTo(2);

        byte[] second = new byte[1000];
        java.util.Arrays.fill(second, (byte) 2);
        write(fs, path, second); // the same length, another inode
        assertThatThrownBy(() -> HadoopSource.open(fs, path, listed)).isInstanceOf(SourceChangedException.class)
                .hasMessageContaining("/inode/a.bin").hasMessageContaining("when the scan was planned");
        ListedFile relisted = FileLister.list(java.util.List.of(root() + "/inode"), "*.bin", false, HadoopConf.session()).files().get(0);
        try (FSDataOutputStream out = fs.append(path)) {
            out.write(3);
        }
        assertThatThrownBy(() -> HadoopSource.open(fs, path, relisted)).isInstanceOf(SourceChangedException.class)
                .hasMessageContaining("1000 bytes when the scan was planned, now 1001");
    }

    private static long readOps() {
        Long ops = FileSystem.getGlobalStorageStatistics().get("hdfs").getLong("readOps");
        return ops == null ? 0 : ops;
    }

    private static void write(FileSystem fs, org.apache.hadoop.fs.Path path, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(path, true)) {
            out.write(bytes);
        }
    }
}
