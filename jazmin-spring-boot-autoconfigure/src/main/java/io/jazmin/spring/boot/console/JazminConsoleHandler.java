package io.jazmin.spring.boot.console;

import io.jazmin.viewer.LoopbackRule;
import io.jazmin.viewer.Viewer;
import io.jazmin.viewer.ViewerRequest;
import io.jazmin.viewer.ViewerResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.util.UrlPathHelper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves a {@link Viewer} at a path of a Spring MVC application (map it to {@code path} and
 * {@code path/**}): {@code path} itself is redirected to {@code path/} (the page addresses its
 * script and API relative to it), everything below is the viewer's. Unless remote access is
 * allowed, a request from an address other than a loopback address, or addressed to a name other
 * than {@code localhost} or a loopback address (a DNS name rebound to 127.0.0.1), is refused with a
 * {@code 403} problem detail naming {@value #ALLOW_REMOTE}. It runs behind the application's
 * filters, Spring Security's included.
 */
public final class JazminConsoleHandler implements HttpRequestHandler {
    /** The property that lets clients on other machines in. */
    public static final String ALLOW_REMOTE = "jazmin.console.allow-remote";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Viewer viewer;
    private final String path;
    private final boolean allowRemote;

    /**
     * Serves {@code viewer} at {@code path}.
     *
     * @param path        where it is mapped, starting with {@code /}, without a trailing {@code /}
     * @param allowRemote whether clients on other machines are answered
     */
    public JazminConsoleHandler(Viewer viewer, String path, boolean allowRemote) {
        this.viewer = Objects.requireNonNull(viewer, "viewer");
        this.path = Objects.requireNonNull(path, "path");
        this.allowRemote = allowRemote;
    }

    @Override
    public void handleRequest(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (!allowRemote && !LoopbackRule.loopbackAddress(request.getRemoteAddr())) {
            refuse(request, response, "The JAZMIN console is loopback-only: it answers requests from this machine "
                    + "only. Set " + ALLOW_REMOTE + "=true to allow remote access (behind your application's security).");
            return;
        }
        if (!allowRemote && !LoopbackRule.loopbackHost(request.getServerName())) {
            refuse(request, response, "The JAZMIN console is loopback-only: it answers requests addressed to localhost "
                    + "or a loopback address only. Set " + ALLOW_REMOTE + "=true to allow other names.");
            return;
        }
        // The path as the handler mapping matched it (below the context path and the servlet's mapping).
        String lookup = UrlPathHelper.defaultInstance.getLookupPathForRequest(request);
        if (lookup.equals(path)) {
            String query = request.getQueryString();
            response.sendRedirect(request.getRequestURI() + "/" + (query == null ? "" : "?" + query));
            return;
        }
        String below = lookup.startsWith(path + "/") ? lookup.substring(path.length() + 1) : lookup;
        send(request, response, viewer.answer(new ViewerRequest(request.getMethod(), below,
                ViewerRequest.queryParams(request.getQueryString()))));
    }

    private static void send(HttpServletRequest request, HttpServletResponse response, ViewerResponse answer)
            throws IOException {
        response.setStatus(answer.status());
        response.setContentType(answer.contentType());
        answer.headers().forEach(response::setHeader);
        long length = answer.body().length();
        if (length >= 0) {
            response.setContentLengthLong(length);
        }
        if (!request.getMethod().equals("HEAD") && length != 0) {
            answer.body().writeTo(response.getOutputStream());
        }
    }

    private static void refuse(HttpServletRequest request, HttpServletResponse response, String detail)
            throws IOException {
        ObjectNode problem = JSON.createObjectNode().put("type", "about:blank").put("title", "Forbidden")
                .put("status", 403).put("detail", detail).put("instance", request.getRequestURI());
        byte[] body = JSON.writeValueAsString(problem).getBytes(StandardCharsets.UTF_8);
        response.setStatus(403);
        response.setContentType("application/problem+json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    @Override
    public String toString() {
        return "JazminConsoleHandler[path=" + path + ", allowRemote=" + allowRemote + "]";
    }
}
