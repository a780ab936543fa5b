package io.jazmin.spring.boot.web;

import io.jazmin.spring.data.core.InvalidQueryArgumentException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers {@code 400 Bad Request} with a problem detail (RFC 9457) for the query mistakes a request
 * can cause: a sort by a property the entity does not have ({@code ?sort=nosuch}, Spring Data's
 * {@link PropertyReferenceException}) and a query argument the store cannot use
 * ({@link InvalidQueryArgumentException}). Ordered last, so the application's own
 * {@code @ExceptionHandler}s for these come first.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class JazminBadRequestAdvice {

    @ExceptionHandler(PropertyReferenceException.class)
    ProblemDetail unknownProperty(PropertyReferenceException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setProperty("property", e.getPropertyName());
        return problem;
    }

    @ExceptionHandler(InvalidQueryArgumentException.class)
    ProblemDetail invalidArgument(InvalidQueryArgumentException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
    }
}
