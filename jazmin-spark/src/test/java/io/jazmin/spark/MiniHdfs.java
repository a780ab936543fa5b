package io.jazmin.spark;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** An HDFS name node and one data node in the test JVM (Hadoop's MiniDFSCluster), on loopback ports. */
final class MiniHdfs implements AutoCloseable {
    private final MiniDFSCluster cluster;

    /** Starts the cluster with its storage under {@code dir}. */
    MiniHdfs(Path dir) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toString());
        conf.set("dfs.replication", "1");
        cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        cluster.waitActive();
    }

    /** The file system's root, {@code hdfs://localhost:<port>}. */
    String root() {
        return cluster.getURI().toString();
    }

    @Override
    public void close() {
        cluster.shutdown();
    }
}
