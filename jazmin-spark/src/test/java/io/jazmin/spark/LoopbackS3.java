package io.jazmin.spark;

import java.net.URI;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * An S3-compatible server in the test JVM: S3Proxy over an in-memory store, on a loopback port,
 * with one bucket, read and written through Hadoop's {@code s3a://} file system.
 */
final class LoopbackS3 implements AutoCloseable {
    private static final String IDENTITY = "jazmin-test";
    private static final String CREDENTIAL = "jazmin-test-credential";
    private final S3Proxy proxy;
    private final String bucket;

    LoopbackS3(String bucket) throws Exception {
        this.bucket = bucket;
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        store.createContainer(bucket);
        proxy = S3Proxy.builder().blobStore(store).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, IDENTITY, CREDENTIAL).build();
        proxy.start();
        for (int i = 0; i < 200 && !proxy.getState().equals("STARTED"); i++) {
            Thread.sleep(25);
        }
        if (!proxy.getState().equals("STARTED")) {
            throw new IllegalStateException("S3Proxy did not start: " + proxy.getState());
        }
    }

    /** The bucket's root, {@code s3a://<bucket>}. */
    String root() {
        return "s3a://" + bucket;
    }

    /**
     * The Hadoop settings that point {@code s3a://} at this server (path-style, plain HTTP, static
     * keys). S3Proxy ignores the {@code If-Match} condition S3A sends by default to detect an object
     * replaced while it is read (AWS S3 honours it), so S3A compares each response's ETag itself.
     */
    Map<String, String> hadoopSettings() {
        return Map.of(
                "fs.s3a.change.detection.mode", "client",
                "fs.s3a.endpoint", "http://127.0.0.1:" + proxy.getPort(),
                "fs.s3a.endpoint.region", "us-east-1",
                "fs.s3a.path.style.access", "true",
                "fs.s3a.connection.ssl.enabled", "false",
                "fs.s3a.access.key", IDENTITY,
                "fs.s3a.secret.key", CREDENTIAL,
                "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
                "fs.s3a.attempts.maximum", "1",
                "fs.s3a.retry.limit", "1");
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
