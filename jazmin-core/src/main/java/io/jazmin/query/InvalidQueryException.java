package io.jazmin.query;

import io.jazmin.error.JazminValidationException;

/**
 * A typed query that cannot be built: an accessor that is not a mapped column, a comparison the
 * column's type cannot serve, an order on a column without one, or a projection whose members are
 * not columns of the queried type. Thrown while the query is built, never when it runs. The
 * message starts with "Invalid query:".
 */
public class InvalidQueryException extends JazminValidationException {
    public InvalidQueryException(String message) {
        super("Invalid query: " + message);
    }
}
