package io.jazmin.source;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body of at most {@code limit} bytes: a server sending more (or announcing
 * more in {@code Content-Length}) has its exchange cancelled and the read fails, so a lying server
 * never fills the heap. The buffer grows with what arrives, not with what is announced.
 */
final class BoundedBody implements BodySubscriber<byte[]> {
    private final long limit;
    private final boolean kept;
    private final String name;
    private final long announced;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;
    private byte[] bytes = new byte[0];
    private int size;

    /**
     * @param kept      whether the body is the answer (else it is read, within the limit, and dropped)
     * @param announced the {@code Content-Length}, or -1
     */
    BoundedBody(long limit, boolean kept, String name, long announced) {
        this.limit = limit;
        this.kept = kept;
        this.name = name;
        this.announced = announced;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (kept && announced > limit) {
            fail(announced);
            return;
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : items) {
            int n = b.remaining();
            if (size + (long) n > limit) {
                if (kept) {
                    fail(size + (long) n);
                } else {
                    // An error answer's body is only drained, and not past the limit.
                    subscription.cancel();
                    result.complete(new byte[0]);
                }
                return;
            }
            if (!kept) {
                b.position(b.limit());
                size += n;
                continue;
            }
            if (size + n > bytes.length) {
                long grown = Math.max(size + (long) n, 2L * bytes.length + 8192);
                bytes = Arrays.copyOf(bytes, (int) Math.min(limit, grown));
            }
            b.get(bytes, size, n);
            size += n;
        }
    }

    private void fail(long bytesSeen) {
        subscription.cancel();
        bytes = null;
        result.completeExceptionally(new IOException(name + " sent an answer of " + bytesSeen
                + " bytes or more where at most " + limit + " were expected"));
    }

    @Override
    public void onError(Throwable error) {
        bytes = null;
        result.completeExceptionally(error instanceof IOException ? error
                : new IOException(name + ": " + error.getMessage(), error));
    }

    @Override
    public void onComplete() {
        if (!result.isDone()) {
            result.complete(!kept ? new byte[0] : size == bytes.length ? bytes : Arrays.copyOf(bytes, size));
        }
    }
}
