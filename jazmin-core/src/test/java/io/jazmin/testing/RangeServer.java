package io.jazmin.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real HTTP server on a loopback port (the JDK's {@code com.sun.net.httpserver}) serving files
 * with {@code Range} requests, {@code ETag}, {@code If-Match} and {@code If-None-Match} as object stores
 * and CDNs do, and,
 * per file, the ways servers misbehave ({@link Behaviour}). Files can be replaced while served.
 * A test class holds one as {@code @RegisterExtension static final RangeServer server =
 * RangeServer.start();}, stopped after its tests.
 */
public final class RangeServer implements AutoCloseable, AfterAllCallback {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    /** How the server answers requests for one file. */
    public enum Behaviour {
        /** Ranges, ETag and If-Match as RFC 9110 says. */
        HONEST,
        /** Ranges and ETag, but If-Match and If-None-Match ignored (the client must compare the ETag itself). */
        IGNORES_IF_MATCH,
        /** Every request answered 200 with the whole file. */
        IGNORES_RANGES,
        /** Every request answered 200 with a body that never ends. */
        ENDLESS_BODY,
        /** Ranges answered from one byte further than asked, as the Content-Range says. */
        SHIFTED_RANGE,
        /** Ranges answered with a Content-Range whose total is larger than the file (after the first). */
        WRONG_TOTAL,
        /** Ranges answered with twice the bytes asked for (Content-Range as asked). */
        EXTRA_BYTES,
        /** After the first request, headers sent, then no body byte for a minute. */
        STALLS,
        /**
         * Every third request's connection closed without an answer, as a server closes a kept-alive
         * connection the client is about to reuse.
         */
        DROPS_EVERY_THIRD
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "range-server");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Served> files = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile String lastAuthorization;

    private record Served(byte[] bytes, String etag, Behaviour behaviour, AtomicInteger requests) {
    }

    /** Starts a server on a free loopback port. */
    public static RangeServer start() {
        try {
            return new RangeServer();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private RangeServer() throws IOException {
        // Small answers at once, as production servers send them (else each waits for a delayed ACK).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Serves {@code bytes} at {@code path} (starting with {@code /}) and returns its URL. */
    public URI serve(String path, byte[] bytes, Behaviour behaviour) {
        Served old = files.get(path);
        int version = old == null ? 1 : Integer.parseInt(old.etag.replaceAll("\\D", "")) + 1;
        files.put(path, new Served(bytes, "\"v" + version + "\"", behaviour, new AtomicInteger()));
        return url(path);
    }

    /** Replaces the file at {@code path} with {@code bytes}: a new ETag, as a new upload gets. */
    public void replace(String path, byte[] bytes) {
        serve(path, bytes, files.get(path).behaviour);
    }

    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** Requests the server has answered, all files together. */
    public int requests() {
        return requests.get();
    }

    /** The Authorization header of the last request, or {@code null}. */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            Served f = files.get(exchange.getRequestURI().getPath());
            if (f == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            int nth = f.requests.incrementAndGet();
            if (f.behaviour == Behaviour.DROPS_EVERY_THIRD && nth % 3 == 0) {
                return; // closing the exchange before any header closes the connection
            }
            exchange.getResponseHeaders().set("ETag", f.etag);
            String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
            if (ifMatch != null && !ifMatch.equals(f.etag) && f.behaviour != Behaviour.IGNORES_IF_MATCH) {
                exchange.sendResponseHeaders(412, -1);
                return;
            }
            String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
            if (ifNoneMatch != null && ifNoneMatch.equals(f.etag) && f.behaviour != Behaviour.IGNORES_IF_MATCH) {
                exchange.sendResponseHeaders(304, -1);
                return;
            }
            if (f.behaviour == Behaviour.IGNORES_RANGES) {
                send(exchange, 200, f.bytes, 0, f.bytes.length);
                return;
            }
            if (f.behaviour == Behaviour.ENDLESS_BODY) {
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                byte[] block = new byte[1 << 16];
                for (long sent = 0; sent < 1L << 34; sent += block.length) {
                    out.write(block);
                }
                return;
            }
            String range = exchange.getRequestHeaders().getFirst("Range");
            Matcher m = range == null ? null : RANGE.matcher(range);
            if (m == null || !m.matches()) {
                send(exchange, 200, f.bytes, 0, f.bytes.length);
                return;
            }
            long size = f.bytes.length;
            long first;
            long last;
            if (m.group(1).isEmpty()) {
                first = Math.max(0, size - Long.parseLong(m.group(2)));
                last = size - 1;
            } else {
                first = Long.parseLong(m.group(1));
                last = m.group(2).isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(m.group(2)));
            }
            if (first >= size || last < first) {
                exchange.getResponseHeaders().set("Content-Range", "bytes */" + size);
                exchange.sendResponseHeaders(416, -1);
                return;
            }
            boolean later = nth > 1;
            long total = size;
            int length = (int) (last - first + 1);
            int bodyLength = length;
            if (later && f.behaviour == Behaviour.SHIFTED_RANGE && last + 1 < size) {
                first++;
                last++;
            }
            if (later && f.behaviour == Behaviour.WRONG_TOTAL) {
                total = size + 1000;
            }
            if (later && f.behaviour == Behaviour.EXTRA_BYTES) {
                bodyLength = (int) Math.min(2L * length, size - first);
            }
            exchange.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + total);
            if (later && f.behaviour == Behaviour.STALLS) {
                exchange.sendResponseHeaders(206, length);
                exchange.getResponseBody().flush();
                sleep();
                return;
            }
            send(exchange, 206, f.bytes, (int) first, bodyLength);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] bytes, int from, int length) throws IOException {
        exchange.sendResponseHeaders(status, length);
        exchange.getResponseBody().write(bytes, from, length);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
