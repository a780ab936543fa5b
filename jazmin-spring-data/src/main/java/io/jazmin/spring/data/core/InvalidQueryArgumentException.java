package io.jazmin.spring.data.core;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A query method was called with an argument the store cannot use: a {@code null} where the
 * operator needs a value, a {@code Like} pattern with no engine operator, a keyset scroll position
 * lacking a sort key. The values usually come from a request (the starter answers {@code 400} in
 * Spring MVC applications); the method itself is valid, unlike a query refused at start-up.
 */
public class InvalidQueryArgumentException extends InvalidDataAccessApiUsageException {
    private static final long serialVersionUID = 1L;

    public InvalidQueryArgumentException(String message) {
        super(message);
    }
}
