package io.jazmin.internal.parallel;

import io.jazmin.error.JazminException;

/** What a worker task threw, as the caller rethrows it. */
final class TaskFailure {
    private TaskFailure() {
    }

    /**
     * The unchecked exception to rethrow for {@code cause}: itself when unchecked; an error is thrown
     * here; a checked one (tasks are chunk work, which throws none) is kept inside a {@link JazminException}.
     */
    static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new JazminException("a worker task failed: " + cause, cause);
    }
}
