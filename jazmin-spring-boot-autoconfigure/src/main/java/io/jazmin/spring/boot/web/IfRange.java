package io.jazmin.spring.boot.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;
import org.springframework.http.HttpHeaders;

/**
 * {@code If-Range} (RFC 9110 §13.1.5), which Spring MVC's resource handling does not evaluate: a
 * {@code Range} is honoured only when {@code If-Range} names the file's current entity tag, by
 * strong comparison; otherwise the client's copy is stale and the whole file is sent ({@code 200}),
 * so it never splices a part of the new file into the old one. A date never matches: embedded
 * files are served without {@code Last-Modified}, their SHA-256 being the validator.
 */
final class IfRange {
    private IfRange() {
    }

    /**
     * {@code request}, or a view of it without its {@code Range} header when it has an
     * {@code If-Range} that does not match {@code etag} (the file's SHA-256, unquoted).
     */
    static HttpServletRequest apply(HttpServletRequest request, String etag) {
        String condition = request.getHeader(HttpHeaders.IF_RANGE);
        if (condition == null || request.getHeader(HttpHeaders.RANGE) == null
                || condition.strip().equals("\"" + etag + "\"")) {
            return request;
        }
        return new WithoutRange(request);
    }

    /** The request with its {@code Range} and {@code If-Range} headers removed. */
    private static final class WithoutRange extends HttpServletRequestWrapper {
        WithoutRange(HttpServletRequest request) {
            super(request);
        }

        private static boolean removed(String name) {
            return HttpHeaders.RANGE.equalsIgnoreCase(name) || HttpHeaders.IF_RANGE.equalsIgnoreCase(name);
        }

        @Override
        public String getHeader(String name) {
            return removed(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return removed(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                    .filter(name -> !removed(name)).toList());
        }
    }
}
