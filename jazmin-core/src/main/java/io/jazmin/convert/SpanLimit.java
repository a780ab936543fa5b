package io.jazmin.convert;

import io.jazmin.error.InputLimitException;
import java.io.InputStream;

/**
 * Stops a parser, with a typed error, once it has read more than a bound since its owner last
 * {@linkplain #restart() restarted the span} (a JSON row's start, an XML event). This bounds what a parser
 * buffers whole out of the owner's sight (Jackson's copy of a json value, the JDK's CDATA sections and
 * comments) before it is buffered. The count includes the parser's read-ahead, so it is exact to within one
 * of its buffers.
 */
final class SpanLimit extends CountingInput {
    /** Builds the error for a span that started at byte {@code start} and reached byte {@code offset}. */
    interface Failure {
        InputLimitException at(long start, long offset);
    }

    private final long limit;
    private final Failure failure;
    private long start;

    SpanLimit(InputStream in, long limit, Failure failure) {
        super(in);
        this.limit = limit;
        this.failure = failure;
    }

    /** Starts a new span at the bytes read so far. */
    void restart() {
        start = count();
    }

    /** Stops counting until the next {@link #restart()}. */
    void pause() {
        start = Long.MAX_VALUE;
    }

    @Override
    void counted(long count) {
        if (count - start > limit) {
            throw failure.at(start, count);
        }
    }
}
