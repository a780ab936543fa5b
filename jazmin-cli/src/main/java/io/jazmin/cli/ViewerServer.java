package io.jazmin.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The viewer's HTTP server: the JDK's server bound to the loopback address only, serving the web
 * UI (plain HTML, CSS and JS from the jar's resources, {@code io/jazmin/cli/viewer/}) and
 * {@link ViewerApi} under {@code /api/}. Only {@code GET} and {@code HEAD}; a request whose
 * {@code Host} is not the loopback address or {@code localhost} is refused, so a web page cannot
 * reach the server through a DNS name rebound to 127.0.0.1. Every answer has
 * {@code X-Content-Type-Options: nosniff}; the UI's pages run only their own script and styles.
 * Requests are answered one at a time, on the server's thread.
 */
final class ViewerServer implements AutoCloseable {
    private static final String ASSETS = "/io/jazmin/cli/viewer/";
    private static final Map<String, String> ASSET_TYPES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "viewer.css", "text/css; charset=utf-8",
            "viewer.js", "text/javascript; charset=utf-8");
    /** The UI's own policy: its script, styles and API only; previews are images from the API. */
    static final String UI_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private final HttpServer server;
    private final BiFunction<String, Map<String, String>, ViewerApi.Answer> api;

    private ViewerServer(HttpServer server, BiFunction<String, Map<String, String>, ViewerApi.Answer> api) {
        this.server = server;
        this.api = api;
    }

    /**
     * Starts serving the UI and {@code api} on the loopback address at {@code port} (0: a free port).
     *
     * @param api answers a request below {@code /api/} given its endpoint and query parameters
     *            (normally {@link ViewerApi#answer})
     */
    static ViewerServer start(BiFunction<String, Map<String, String>, ViewerApi.Answer> api, int port) {
        Objects.requireNonNull(api, "api");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on port " + port + " of the loopback address", e);
        }
        ViewerServer viewer = new ViewerServer(server, api);
        server.createContext("/", viewer::handle);
        server.start();
        return viewer;
    }

    /** The UI's address, {@code http://127.0.0.1:PORT/}. */
    URI uri() {
        InetSocketAddress address = server.getAddress();
        return URI.create("http://" + address.getAddress().getHostAddress() + ":" + address.getPort() + "/");
    }

    /** Stops the server, letting an answer under way finish for at most a second. */
    @Override
    public void close() {
        server.stop(1);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, new ViewerApi.Answer(405, "text/plain; charset=utf-8", Map.of(),
                        "only GET and HEAD\n".getBytes(StandardCharsets.UTF_8)));
                return;
            }
            if (!loopbackHost(exchange.getRequestHeaders().getFirst("Host"))) {
                send(exchange, new ViewerApi.Answer(421, "text/plain; charset=utf-8", Map.of(),
                        "the viewer answers only to 127.0.0.1 and localhost\n".getBytes(StandardCharsets.UTF_8)));
                return;
            }
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/api/")) {
                send(exchange, api.apply(path.substring("/api/".length()), params(exchange.getRequestURI())));
            } else {
                send(exchange, asset(path.equals("/") ? "index.html" : path.substring(1)));
            }
        }
    }

    private static ViewerApi.Answer asset(String name) throws IOException {
        String type = ASSET_TYPES.get(name);
        if (type == null) {
            return new ViewerApi.Answer(404, "text/plain; charset=utf-8", Map.of(),
                    "not found\n".getBytes(StandardCharsets.UTF_8));
        }
        try (InputStream in = ViewerServer.class.getResourceAsStream(ASSETS + name)) {
            if (in == null) {
                throw new IOException("the viewer's asset " + name + " is missing from the jar");
            }
            return new ViewerApi.Answer(200, type, Map.of("Content-Security-Policy", UI_POLICY,
                    "Cache-Control", "no-cache"), in.readAllBytes());
        }
    }

    private static void send(HttpExchange exchange, ViewerApi.Answer answer) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", answer.contentType());
        answer.headers().forEach(exchange.getResponseHeaders()::set);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(answer.status(), head ? -1 : answer.body().length == 0 ? -1 : answer.body().length);
        if (!head && answer.body().length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer.body());
            }
        }
    }

    private static boolean loopbackHost(String host) {
        if (host == null) {
            return false;
        }
        String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1)
                : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
        return name.equals("127.0.0.1") || name.equals("localhost") || name.equals("[::1]");
    }

    /** The query's parameters, percent-decoded; a parameter given twice keeps its first value. */
    private static Map<String, String> params(URI uri) {
        Map<String, String> params = new HashMap<>();
        String query = uri.getRawQuery();
        if (query == null) {
            return params;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                params.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // A malformed percent-encoding: the parameter is left out, and the API says what it misses.
            }
        }
        return params;
    }
}
