package io.jazmin.testing;

import java.util.concurrent.Executor;

/**
 * An executor that runs each task on a thread of its own before {@code execute} returns, so a read-ahead
 * task is never left for the caller to run itself (which the pipeline does with a task not started yet):
 * for tests of what a read-ahead thread, not the caller, does.
 */
public final class OtherThreadExecutor {
    /** The executor. */
    public static final Executor INSTANCE = task -> {
        Thread t = new Thread(task);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    };

    private OtherThreadExecutor() {
    }
}
