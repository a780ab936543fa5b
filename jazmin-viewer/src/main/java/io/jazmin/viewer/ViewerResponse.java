package io.jazmin.viewer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link Viewer}'s answer, for any HTTP server to send: a status, a media type, further
 * headers and a body written when the server is ready for it (large bodies, embedded files and
 * shape exports, are streamed from the file then, never held whole).
 *
 * @param status      the HTTP status
 * @param contentType the body's media type
 * @param headers     further headers, one value each
 * @param body        the body
 */
public record ViewerResponse(int status, String contentType, Map<String, String> headers, Body body) {
    /** Checks the parts and copies the headers, keeping their order. */
    public ViewerResponse {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(body, "body");
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** A response with a UTF-8 text body. */
    static ViewerResponse text(int status, String contentType, Map<String, String> headers, String text) {
        return new ViewerResponse(status, contentType, headers, Body.of(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** This response with {@code name: value} added (or replaced). */
    public ViewerResponse withHeader(String name, String value) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put(name, value);
        return new ViewerResponse(status, contentType, all, body);
    }

    /** A response body: its length when known, and how to write it. */
    public interface Body {
        /** The length in bytes, or {@code -1} when only writing it tells (then sent in chunks). */
        long length();

        /**
         * Writes the body to {@code out} (left open). A failure after the first byte can no longer
         * change the status: the server then breaks off the response.
         */
        void writeTo(OutputStream out) throws IOException;

        /** A body of {@code bytes}. */
        static Body of(byte[] bytes) {
            byte[] copy = bytes.clone();
            return new Body() {
                @Override
                public long length() {
                    return copy.length;
                }

                @Override
                public void writeTo(OutputStream out) throws IOException {
                    out.write(copy);
                }
            };
        }
    }
}
