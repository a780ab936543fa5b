package io.jazmin.viewer;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A request to the {@link Viewer}, as any HTTP server hands it over.
 *
 * @param method the HTTP method
 * @param path   the path below the viewer's root, without a leading slash: {@code ""} for the page,
 *               {@code "viewer.js"}, {@code "api/rows"}
 * @param params the query parameters, percent-decoded (the first value of a parameter given twice)
 */
public record ViewerRequest(String method, String path, Map<String, String> params) {
    /** Checks the parts and copies the parameters. */
    public ViewerRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        params = Map.copyOf(params);
    }

    /** A {@code GET} of {@code path} with {@code params}. */
    public static ViewerRequest get(String path, Map<String, String> params) {
        return new ViewerRequest("GET", path, params);
    }

    /**
     * The parameters of a raw (still percent-encoded) query string, decoded; a parameter given
     * twice keeps its first value, and one whose encoding is malformed is left out (the API then
     * says what it misses).
     *
     * @param rawQuery the query, or {@code null} for none
     */
    public static Map<String, String> queryParams(String rawQuery) {
        Map<String, String> params = new HashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                params.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // A malformed percent-encoding: left out, as documented.
            }
        }
        return params;
    }
}
