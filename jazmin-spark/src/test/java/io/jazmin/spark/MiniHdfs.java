package io.jazmin.spark;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageStatistics;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * An HDFS name node and one data node in the test JVM (Hadoop's MiniDFSCluster), on loopback ports,
 * replication 1; the benchmark ({@code src/bench}) starts one too.
 */
public final class MiniHdfs implements AutoCloseable {
    private final MiniDFSCluster cluster;

    /** Starts the cluster with its storage under {@code dir} (formatted anew). */
    public MiniHdfs(Path dir) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toAbsolutePath().toString());
        conf.set("dfs.replication", "1");
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        cluster.waitActive();
    }

    /** The file system's root, {@code hdfs://localhost:<port>}. */
    public String root() {
        return cluster.getURI().toString();
    }

    /** The cluster's file system. */
    public FileSystem fileSystem() throws IOException {
        return cluster.getFileSystem();
    }

    /**
     * Bytes read from any {@code hdfs://} file system in this JVM so far: Hadoop's statistics for the
     * scheme, which every HDFS input stream adds to (a driver's reads and every task's alike).
     */
    public static long bytesRead() {
        StorageStatistics stats = FileSystem.getGlobalStorageStatistics().get("hdfs");
        Long bytes = stats == null ? null : stats.getLong("bytesRead");
        return bytes == null ? 0 : bytes;
    }

    @Override
    public void close() {
        cluster.shutdown();
    }
}
