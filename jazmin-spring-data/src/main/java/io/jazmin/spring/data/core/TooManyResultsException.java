package io.jazmin.spring.data.core;

import org.springframework.dao.DataRetrievalFailureException;

/**
 * A read would have put more rows into one list than {@link JazminTemplate#setMaxResultRows} allows
 * ({@code jazmin.max-result-rows}); page, limit or stream the query instead. Thrown as soon as the
 * row past the limit is read, so the list is never built.
 */
public class TooManyResultsException extends DataRetrievalFailureException {
    private final String file;
    private final long limit;

    public TooManyResultsException(String file, long limit) {
        super("a read of JAZMIN file '" + file + "' returns more than " + limit + " rows (jazmin.max-result-rows); "
                + "page, limit or stream the query instead");
        this.file = file;
        this.limit = limit;
    }

    /** The configured file read. */
    public String getFile() {
        return file;
    }

    /** The most rows one list may hold. */
    public long getLimit() {
        return limit;
    }
}
