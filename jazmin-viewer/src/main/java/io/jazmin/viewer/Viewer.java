package io.jazmin.viewer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The web viewer of one or more JAZMIN files, independent of any HTTP server: a
 * {@link ViewerRequest} in, a {@link ViewerResponse} out. A server mounts it at a root ending in
 * {@code /} and hands it the path below that root: {@code ""} is the page, {@code viewer.js} and
 * {@code viewer.css} its script and styles (the UI uses relative addresses only, so any root
 * works), {@code api/...} the JSON API ({@link #API_ENDPOINTS}). Read-only: only {@code GET} and
 * {@code HEAD} are answered ({@code 405} otherwise). Every answer has
 * {@code X-Content-Type-Options: nosniff} and {@code Referrer-Policy: no-referrer}; the pages run
 * only their own script and styles ({@link #UI_POLICY}). The files' secrets stay in the
 * {@link ViewerFile}s: no answer carries them.
 *
 * <p>Who may reach it is the server's decision: {@code jazmin view} listens on the loopback address
 * and checks the {@code Host} header ({@link LoopbackRule}); the Spring Boot starter's console
 * refuses non-loopback clients unless told otherwise, behind the application's security.
 */
public final class Viewer {
    /** The UI's content-security policy: its script, styles and API only; previews are images from the API. */
    public static final String UI_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    /**
     * The API's endpoints, below {@code api/}: {@code sources} (the files' names), {@code file}
     * (what {@code jazmin inspect} prints, plus the storage figures), {@code rows} ({@code table},
     * {@code offset}, {@code limit}, {@code sort}, {@code dir}, {@code where}: one page read through
     * the engine), {@code explain} (same parameters), {@code files}, {@code file-content}
     * ({@code path}, {@code download}), {@code shapes}, {@code export} ({@code name}, {@code format}
     * json or xml). Each but {@code sources} takes {@code source}, the file's name (default: the
     * first file). A bad parameter or filter is a {@code 400} whose JSON body's {@code error} says
     * what is wrong.
     */
    public static final List<String> API_ENDPOINTS = List.of("sources", "file", "rows", "explain", "files",
            "file-content", "shapes", "export");

    private final ViewerApi api;

    /**
     * A viewer of {@code files}, shown in this order.
     *
     * @throws IllegalArgumentException when there is no file or two have one name
     */
    public Viewer(List<? extends ViewerFile> files) {
        this.api = new ViewerApi(files);
    }

    /** The answer to {@code request}. */
    public ViewerResponse answer(ViewerRequest request) {
        ViewerResponse response;
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            response = ViewerResponse.text(405, "text/plain; charset=utf-8", Map.of("Allow", "GET, HEAD"),
                    "only GET and HEAD\n");
        } else if (request.path().startsWith("api/")) {
            response = api.answer(request.path().substring("api/".length()), request.params());
        } else {
            response = ViewerAssets.answer(request.path());
        }
        Map<String, String> headers = new LinkedHashMap<>(response.headers());
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        return new ViewerResponse(response.status(), response.contentType(), headers, response.body());
    }
}
