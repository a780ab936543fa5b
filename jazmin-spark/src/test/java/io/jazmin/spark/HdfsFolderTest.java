package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.ChunkSummary;
import io.jazmin.data.Filter;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.FlushPointFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
