package io.jazmin.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jazmin.viewer.LoopbackRule;
import io.jazmin.viewer.Viewer;
import io.jazmin.viewer.ViewerRequest;
import io.jazmin.viewer.ViewerResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The viewer's HTTP server: the JDK's server bound to the loopback address only, handing every
 * request to a {@link Viewer} (normally {@link Viewer#answer}) at the root {@code /}. A request
 * whose {@code Host} is not the loopback address or {@code localhost} is refused ({@code 421}), so a
 * web page cannot reach the server through a DNS name rebound to 127.0.0.1
 * ({@link LoopbackRule#loopbackHost}). Bodies are streamed as the viewer writes them. Requests are
 * answered one at a time, on the server's thread.
 */
final class ViewerServer implements AutoCloseable {
    private final HttpServer server;
    private final Function<ViewerRequest, ViewerResponse> viewer;

    private ViewerServer(HttpServer server, Function<ViewerRequest, ViewerResponse> viewer) {
        this.server = server;
        this.viewer = viewer;
    }

    /**
     * Starts serving {@code viewer} on the loopback address at {@code port} (0: a free port).
     *
     * @throws UncheckedIOException when the port cannot be listened on
     */
    static ViewerServer start(Function<ViewerRequest, ViewerResponse> viewer, int port) {
        Objects.requireNonNull(viewer, "viewer");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on port " + port + " of the loopback address", e);
        }
        ViewerServer served = new ViewerServer(server, viewer);
        server.createContext("/", served::handle);
        server.start();
        return served;
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
            if (!LoopbackRule.loopbackHost(exchange.getRequestHeaders().getFirst("Host"))) {
                exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
                byte[] body = "the viewer answers only to 127.0.0.1 and localhost\n".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
                exchange.sendResponseHeaders(421, body.length);
                exchange.getResponseBody().write(body);
                return;
            }
            URI uri = exchange.getRequestURI();
            Map<String, String> params = ViewerRequest.queryParams(uri.getRawQuery());
            send(exchange, viewer.apply(new ViewerRequest(exchange.getRequestMethod(), uri.getPath().substring(1), params)));
        }
    }

    private static void send(HttpExchange exchange, ViewerResponse response) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        response.headers().forEach(exchange.getResponseHeaders()::set);
        long length = response.body().length();
        if (exchange.getRequestMethod().equals("HEAD") || length == 0) {
            exchange.sendResponseHeaders(response.status(), -1);
            return;
        }
        // 0 asks the JDK's server for chunks: the length is known only once written.
        exchange.sendResponseHeaders(response.status(), length < 0 ? 0 : length);
        try (OutputStream out = exchange.getResponseBody()) {
            response.body().writeTo(out);
        }
    }
}
