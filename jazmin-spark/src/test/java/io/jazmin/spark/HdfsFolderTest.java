package io.jazmin.spark;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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
}
