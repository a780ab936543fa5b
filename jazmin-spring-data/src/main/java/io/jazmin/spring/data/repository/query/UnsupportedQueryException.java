package io.jazmin.spring.data.repository.query;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/** A repository method the engine cannot serve; names the method and the keyword. Raised at startup. */
public class UnsupportedQueryException extends InvalidDataAccessApiUsageException {

    public UnsupportedQueryException(String message) {
        super(message);
    }
}
