package io.jazmin.source;

import io.jazmin.error.JazminIoException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file read over HTTP(S) with {@code Range} requests through the JDK's {@link HttpClient}.
 *
 * <p>Opening asks for the last {@link Builder#tailBytes(int) tail} bytes (a suffix range), which
 * gives the file's size ({@code Content-Range}), its {@code ETag} and {@code Last-Modified}, and
 * the trailer and header the reader reads first. Every later range is asked {@code If-Match} the
 * first ETag (when it is a strong one, else {@code If-Unmodified-Since} the first modification
 * time), and each answer's ETag, size and range are checked, so a file replaced while it is read
 * fails the read with {@link SourceChangedException} instead of mixing two versions. A server that
 * ignores {@code Range} (200 with the whole body) is read whole once, if the file is no larger than
 * {@link Builder#wholeBodyLimit(long)}, and served from memory; else the read fails. An answer
 * longer than asked, shorter than promised or slower than the {@link Builder#timeout(Duration)
 * timeout} is an {@link IOException}, so a lying or stalled server never hangs a reader or fills the
 * heap.
 *
 * <p>Short reads (catalog sections, index pages) are rounded to cached blocks
 * ({@link Builder#blocks(int, int)}); longer ones, and the column ranges the engine reads once
 * ({@link #readOnce}), are asked for exactly.
 *
 * <p>{@link #isCurrent()} asks the server whether the file still has the version opened (one
 * conditional request, answered 304 while it has): what a pool of readers asks before reusing one.
 *
 * <p>{@link #requests()}, {@link #bytesRequested()} and {@link #bytesReceived()} count what was asked
 * of the server, for reports. {@link #name()} is the URL without user info, query or fragment:
 * signed URLs and credentials never reach a message. Credentials in the URL's user info are sent as
 * HTTP Basic authentication. Threads may read at once.
 */
public final class HttpSource implements RandomAccessSource {
    /** {@code bytes first-last/total}, or {@code bytes *}/total for an unsatisfiable range. */
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes\\s+(?:(\\d+)-(\\d+)|\\*)/(\\d+|\\*)");
    /** Bytes of an error answer's body kept: it is discarded, but must not be read without end. */
    private static final int ERROR_BODY_LIMIT = 1 << 12;

    private final HttpClient client;
    private final URI target;
    private final String name;
    private final Map<String, String> headers;
    private final Duration timeout;
    private final long wholeBodyLimit;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bytesRequested = new AtomicLong();
    private final AtomicLong bytesReceived = new AtomicLong();
    private long size;
    private String etag;
    private String lastModified;
    /** The last bytes of the file, read when it was opened, and where they start. */
    private byte[] tail = new byte[0];
    private long tailStart;
    /** Reads shorter than this go through aligned blocks of this size, kept in {@link #blocks}; 0: none. */
    private final int blockSize;
    /** The last blocks read, least recently used first. */
    private final Map<Long, byte[]> blocks;
    /** The whole file, once a server ignored a range request; then every read is served from it. */
    private volatile byte[] whole;

    private HttpSource(Builder b) {
        this.client = b.client != null ? b.client : HttpClient.newBuilder().connectTimeout(b.timeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.timeout = b.timeout;
        this.wholeBodyLimit = b.wholeBodyLimit;
        this.blockSize = b.blockSize;
        int kept = b.cachedBlocks;
        this.blocks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                return size() > kept;
            }
        };
        this.headers = new LinkedHashMap<>(b.headers);
        String userInfo = b.uri.getRawUserInfo();
        if (userInfo != null) {
            String decoded = java.net.URLDecoder.decode(userInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
            headers.putIfAbsent("Authorization", "Basic "
                    + Base64.getEncoder().encodeToString(decoded.getBytes(StandardCharsets.UTF_8)));
        }
        this.target = withoutUserInfo(b.uri);
        this.name = nameOf(b.uri);
    }

    /**
     * Starts the settings of a source reading {@code url} ({@code http} or {@code https}).
     *
     * @throws IllegalArgumentException when the URL is not an absolute http(s) URL
     */
    public static Builder to(URI url) {
        return new Builder(url);
    }

    /** Settings of an {@link HttpSource}; {@link #open()} makes the first request. */
    public static final class Builder {
        private final URI uri;
        private HttpClient client;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Duration timeout = Duration.ofSeconds(30);
        private long wholeBodyLimit = 16L << 20;
        private int tailBytes = 1 << 16;
        private int blockSize = 1 << 16;
        private int cachedBlocks = 32;

        private Builder(URI uri) {
            Objects.requireNonNull(uri, "url");
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL: " + nameOf(uri));
            }
            this.uri = uri;
        }

        /** The client to send requests with (its own timeouts, proxy, TLS); default: a new one following redirects. */
        public Builder client(HttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
            return this;
        }

        /** A header sent with every request, such as {@code Authorization}; never shown in messages. */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** How long one request may take, from sending it to its last body byte (default 30 seconds). */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * The largest file read whole from a server that ignores {@code Range} requests (default
         * 16 MiB); a larger one fails instead of filling the heap. 0 refuses such servers.
         */
        public Builder wholeBodyLimit(long bytes) {
            if (bytes < 0 || bytes > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("wholeBodyLimit must be 0 to " + (Integer.MAX_VALUE - 8) + ": " + bytes);
            }
            this.wholeBodyLimit = bytes;
            return this;
        }

        /** Bytes read from the file's end when it is opened, where the reader starts (default 64 KiB; at least 1). */
        public Builder tailBytes(int bytes) {
            if (bytes < 1 || bytes > 1 << 26) {
                throw new IllegalArgumentException("tailBytes must be 1 to " + (1 << 26) + ": " + bytes);
            }
            this.tailBytes = bytes;
            return this;
        }

        /**
         * Reads shorter than a quarter of {@code bytes} (catalog sections, index pages) are made of
         * aligned blocks of that size, of which the last {@code cached} are kept: the many small
         * reads of an open or a lookup then cost few requests (default 64 KiB blocks, as the
         * reference library's URL reader, and 32 of them; 0 blocks of 0 bytes: each read is one
         * request). Longer reads (chunk parts) and the column ranges of a chunk part
         * ({@link #readOnce}) are one request each, never kept.
         */
        public Builder blocks(int bytes, int cached) {
            if (bytes < 0 || bytes > 1 << 24 || cached < 0 || (bytes == 0) != (cached == 0)) {
                throw new IllegalArgumentException("blocks must be 1 byte to 16 MiB with at least one kept, or 0 and 0: "
                        + bytes + ", " + cached);
            }
            this.blockSize = bytes;
            this.cachedBlocks = cached;
            return this;
        }

        /**
         * Makes the first request: the file's size, version and last bytes.
         *
         * @throws JazminIoException when the server cannot be reached, answers with an error, or
         *                           ignores ranges for a file larger than the whole-body limit
         */
        public HttpSource open() {
            HttpSource source = new HttpSource(this);
            try {
                source.openTail(tailBytes);
            } catch (IOException e) {
                throw new JazminIoException("cannot open", source.name, e);
            }
            return source;
        }
    }

    private void openTail(int tailBytes) throws IOException {
        Answer a = send("bytes=-" + tailBytes, null, tailBytes);
        switch (a.status) {
            case 206 -> {
                Range r = contentRange(a.response, "bytes=-" + tailBytes);
                if (r.first < 0 || r.total < 0 || r.last != r.total - 1 || r.length() != a.body.length
                        || r.length() > tailBytes) {
                    throw new IOException(name + " answered the range of its last " + tailBytes + " bytes with "
                            + header(a.response, "Content-Range") + " and " + a.body.length + " bytes");
                }
                size = r.total;
                tail = a.body;
                tailStart = r.first;
            }
            case 200 -> {
                size = a.body.length;
                whole = a.body;
            }
            case 416 -> {
                // Only an empty file has no last byte; the reader then reports it as too short.
                Range r = contentRange(a.response, "bytes=-" + tailBytes);
                if (r.total != 0) {
                    throw new IOException(name + " refused the range of its last " + tailBytes + " bytes (416)");
                }
                size = 0;
            }
            default -> throw statusError(a.status, "its last " + tailBytes + " bytes");
        }
        etag = header(a.response, "ETag");
        lastModified = header(a.response, "Last-Modified");
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long position, ByteBuffer into) throws IOException {
        int length = into.remaining();
        if (position < 0 || position + length > size) {
            throw new IOException("byte range " + position + "+" + length + " lies outside " + name + " ("
                    + size + " bytes)");
        }
        if (length == 0) {
            return;
        }
        byte[] all = whole;
        if (all != null) {
            into.put(all, (int) position, length);
            return;
        }
        if (position >= tailStart && position + length <= tailStart + tail.length) {
            into.put(tail, (int) (position - tailStart), length);
            return;
        }
        // Reads of a quarter block or more (chunk parts, their first blocks) are asked for exactly.
        if (length >= blockSize / 4 || blockSize == 0) {
            into.put(fetch(position, length));
            return;
        }
        readBlocks(position, into);
    }

    /** Reads just these bytes, by one request (or from the tail read on opening), and keeps nothing. */
    @Override
    public void readOnce(long position, ByteBuffer into) throws IOException {
        int length = into.remaining();
        if (whole != null || position < 0 || position + length > size
                || (position >= tailStart && position + length <= tailStart + tail.length)) {
            read(position, into);
            return;
        }
        into.put(fetch(position, length));
    }

    /**
     * A short read (a trailer, a directory, an index page) through the cache of aligned blocks: the
     * blocks it spans that are not cached are fetched by one request, so the many small reads of an
     * open or a lookup cost few round trips.
     */
    private void readBlocks(long position, ByteBuffer into) throws IOException {
        long first = position / blockSize;
        long last = (position + into.remaining() - 1) / blockSize;
        byte[][] got = new byte[(int) (last - first + 1)][];
        long missingFrom = -1;
        synchronized (blocks) {
            for (long b = first; b <= last; b++) {
                got[(int) (b - first)] = blocks.get(b);
                if (got[(int) (b - first)] == null && missingFrom < 0) {
                    missingFrom = b;
                }
            }
        }
        if (missingFrom >= 0) {
            long missingTo = last;
            while (got[(int) (missingTo - first)] != null) {
                missingTo--;
            }
            long from = missingFrom * blockSize;
            long to = Math.min(size, (missingTo + 1) * blockSize);
            byte[] bytes = fetch(from, (int) (to - from));
            synchronized (blocks) {
                for (long b = missingFrom; b <= missingTo; b++) {
                    int at = (int) ((b - missingFrom) * blockSize);
                    byte[] block = java.util.Arrays.copyOfRange(bytes, at, (int) Math.min(bytes.length, at + (long) blockSize));
                    got[(int) (b - first)] = block;
                    blocks.put(b, block);
                }
            }
        }
        long at = position;
        while (into.hasRemaining()) {
            byte[] block = got[(int) (at / blockSize - first)];
            int off = (int) (at % blockSize);
            int n = Math.min(into.remaining(), block.length - off);
            into.put(block, off, n);
            at += n;
        }
    }

    /** Bytes {@code [position, position + length)} of the version opened, by one request. */
    private byte[] fetch(long position, int length) throws IOException {
        String range = "bytes=" + position + "-" + (position + length - 1);
        Answer a = send(range, condition(), length);
        checkVersion(a.response);
        switch (a.status) {
            case 206 -> {
                Range r = contentRange(a.response, range);
                if (r.total != size) {
                    throw new SourceChangedException(name, "its size " + size + " became " + r.total);
                }
                if (r.first != position || r.last != position + length - 1 || a.body.length != length) {
                    throw new IOException(name + " answered " + range + " with " + header(a.response, "Content-Range")
                            + " and " + a.body.length + " bytes");
                }
                return a.body;
            }
            case 200 -> {
                // The server ignored the range: the body is the whole file, read once and kept.
                if (a.body.length != size) {
                    throw new SourceChangedException(name, "its size " + size + " became " + a.body.length);
                }
                whole = a.body;
                return java.util.Arrays.copyOfRange(a.body, (int) position, (int) position + length);
            }
            case 412 -> throw new SourceChangedException(name, etag != null ? "ETag " + etag + " no longer matches"
                    : "modified since " + lastModified);
            case 416 -> {
                Range r = contentRange(a.response, range);
                throw r.total != size ? new SourceChangedException(name, "its size " + size + " became " + r.total)
                        : new IOException(name + " refused " + range + " (416)");
            }
            default -> throw statusError(a.status, range);
        }
    }

    /**
     * Whether the URL still serves the version this source opened, asked now by one request for the
     * file's last byte carrying {@code If-None-Match} the ETag (or {@code If-Modified-Since} the
     * modification time), which a server answers 304 without a body while the file is unchanged. Any
     * other ETag, size or modification time, a missing file, an error answer or no answer within the
     * timeout is {@code false}. Without ETag and {@code Last-Modified} only the size can be compared.
     */
    @Override
    public boolean isCurrent() {
        String[] condition = etag != null ? new String[] {"If-None-Match", etag}
                : lastModified != null ? new String[] {"If-Modified-Since", lastModified} : null;
        try {
            Answer a = send("bytes=-1", condition, 1);
            return switch (a.status) {
                case 304 -> true;
                case 206 -> contentRange(a.response, "bytes=-1").total == size && sameValidators(a.response);
                case 200 -> a.body.length == size && sameValidators(a.response);
                // Only an empty file has no last byte.
                case 416 -> size == 0 && contentRange(a.response, "bytes=-1").total == 0 && sameValidators(a.response);
                default -> false;
            };
        } catch (IOException e) {
            return false; // unreachable or lying: a reader opened anew says why
        }
    }

    /** Whether an answer gives the validators the file had when opened (servers ignoring the condition). */
    private boolean sameValidators(HttpResponse<?> response) {
        String now = header(response, "ETag");
        if (etag != null) {
            return now != null && weakEquals(etag, now);
        }
        return now == null && (lastModified == null || lastModified.equals(header(response, "Last-Modified")));
    }

    /** The condition later requests carry, so a replaced file answers 412 instead of other bytes. */
    private String[] condition() {
        if (etag != null && !etag.startsWith("W/")) {
            return new String[] {"If-Match", etag};
        }
        if (lastModified != null) {
            return new String[] {"If-Unmodified-Since", lastModified};
        }
        return null;
    }

    /** An answer's validators must be the ones the file had when opened (servers ignoring the condition). */
    private void checkVersion(HttpResponse<?> response) throws SourceChangedException {
        if (response.statusCode() != 200 && response.statusCode() != 206) {
            return;
        }
        String now = header(response, "ETag");
        if (etag != null && now != null && !weakEquals(etag, now)) {
            throw new SourceChangedException(name, "ETag " + etag + " became " + now);
        }
        String modified = header(response, "Last-Modified");
        if (etag == null && now == null && lastModified != null && modified != null && !lastModified.equals(modified)) {
            throw new SourceChangedException(name, "Last-Modified " + lastModified + " became " + modified);
        }
    }

    private static boolean weakEquals(String a, String b) {
        return strip(a).equals(strip(b));
    }

    private static String strip(String etag) {
        return etag.startsWith("W/") ? etag.substring(2) : etag;
    }

    private IOException statusError(int status, String what) {
        return new IOException(name + " answered HTTP " + status + " to the request for " + what);
    }

    private record Answer(int status, HttpResponse<byte[]> response, byte[] body) {
    }

    private record Range(long first, long last, long total) {
        long length() {
            return last - first + 1;
        }
    }

    private Range contentRange(HttpResponse<?> response, String asked) throws IOException {
        String value = header(response, "Content-Range");
        Matcher m = value == null ? null : CONTENT_RANGE.matcher(value.trim());
        if (m == null || !m.matches()) {
            throw new IOException(name + " answered " + asked + " without a valid Content-Range (" + value + ")");
        }
        try {
            long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
            if (m.group(1) == null) {
                return new Range(-1, -1, total);
            }
            long first = Long.parseLong(m.group(1));
            long last = Long.parseLong(m.group(2));
            if (last < first) {
                throw new IOException(name + " answered " + asked + " with an empty Content-Range (" + value + ")");
            }
            return new Range(first, last, total);
        } catch (NumberFormatException e) {
            throw new IOException(name + " answered " + asked + " with a Content-Range out of bounds (" + value + ")");
        }
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /**
     * Sends one GET for {@code range} and reads its body: at most {@code expected} bytes for a 206,
     * at most the whole-body limit for a 200, a little (discarded) for anything else; more is an
     * error, and the whole exchange must end within the timeout. Sent again once when it fails
     * with an I/O error other than a timeout or an interrupt.
     */
    private Answer send(String range, String[] condition, long expected) throws IOException {
        try {
            return sendOnce(range, condition, expected);
        } catch (HttpTimeoutException | InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            // A GET of a range can be repeated: once, for a kept-alive connection the server closed
            // as it was reused (the answer then fails before its first byte).
            return sendOnce(range, condition, expected);
        }
    }

    /** One exchange of {@link #send}. */
    private Answer sendOnce(String range, String[] condition, long expected) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target).GET().timeout(timeout).header("Range", range);
        headers.forEach(request::header);
        if (condition != null) {
            request.header(condition[0], condition[1]);
        }
        requests.incrementAndGet();
        bytesRequested.addAndGet(expected);
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(request.build(), info -> {
            long limit = switch (info.statusCode()) {
                case 206 -> expected;
                case 200 -> wholeBodyLimit;
                default -> ERROR_BODY_LIMIT;
            };
            return new BoundedBody(limit, info.statusCode() == 200 || info.statusCode() == 206, name,
                    info.headers().firstValueAsLong("Content-Length").orElse(-1));
        });
        HttpResponse<byte[]> response;
        try {
            response = future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException(name + " did not answer " + range + " within " + timeout);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + name);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(name + ": " + cause, cause);
        }
        byte[] body = response.body() == null ? new byte[0] : response.body();
        bytesReceived.addAndGet(body.length);
        return new Answer(response.statusCode(), response, body);
    }

    /** Requests sent to the server so far. */
    public long requests() {
        return requests.get();
    }

    /** Bytes asked for by those requests (each range's length; the tail's when opening). */
    public long bytesRequested() {
        return bytesRequested.get();
    }

    /** Body bytes the server sent back (more than requested only when it ignored a range). */
    public long bytesReceived() {
        return bytesReceived.get();
    }

    /** The ETag of the version read, or {@code null} when the server gave none. */
    public String etag() {
        return etag;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "HttpSource[" + name + "]";
    }

    @Override
    public void close() {
        whole = null;
        synchronized (blocks) {
            blocks.clear();
        }
    }

    /**
     * The URL without user info, query or fragment, which may hold credentials or a signature: what
     * messages, logs and reports may show of it ({@link #name()}).
     */
    public static String nameOf(URI uri) {
        StringBuilder b = new StringBuilder();
        if (uri.getScheme() != null) {
            b.append(uri.getScheme()).append("://");
        }
        if (uri.getHost() != null) {
            b.append(uri.getHost());
            if (uri.getPort() != -1) {
                b.append(':').append(uri.getPort());
            }
        }
        if (uri.getRawPath() != null) {
            b.append(uri.getRawPath());
        }
        return b.toString();
    }

    private static URI withoutUserInfo(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri;
        }
        // From the raw parts: a signed query must reach the server byte for byte.
        return URI.create(nameOf(uri) + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }
}
