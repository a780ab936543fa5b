package io.jazmin.sample;

import org.springframework.data.core.PropertyReferenceException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Client mistakes answer 400 with a short problem detail (RFC 9457) and no stack trace: bad
 * paging arguments ({@code ResponseStatusException}s of the controller), malformed parameters
 * (handled by the base class) and sorts by properties customers do not have.
 */
@RestControllerAdvice
class BadRequests extends ResponseEntityExceptionHandler {

    @ExceptionHandler(PropertyReferenceException.class)
    ProblemDetail unknownProperty(PropertyReferenceException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
                "no property '" + e.getPropertyName() + "' to sort by");
    }
}
