package io.jazmin.spring.boot.web;

import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.ServedType;
import io.jazmin.spring.data.core.JazminOperations;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import org.springframework.core.io.AbstractResource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * One embedded file of a configured JAZMIN file as a Spring {@link org.springframework.core.io.Resource}.
 * A controller can return it in a {@code ResponseEntity}, and Spring MVC answers byte ranges
 * ({@code 206}, several ranges too) and, given {@link #etag()}, {@code If-None-Match} with
 * {@code 304}:
 *
 * <pre>{@code
 * return JazminFileResource.of(operations, "customers", "docs/terms.pdf")
 *         .map(r -> ResponseEntity.ok().headers(r.servingHeaders(true)).eTag(r.etag())
 *                 .contentType(r.mediaType()).body((Resource) r))
 *         .orElse(ResponseEntity.notFound().build());
 * }</pre>
 *
 * Its stream reads the whole file checked against its SHA-256, or, when skipped into (a range),
 * only the blocks holding the bytes asked for. Each stream holds a reader of the file until closed.
 */
public final class JazminFileResource extends AbstractResource {
    private final JazminOperations operations;
    private final String file;
    private final EmbeddedFile entry;

    /** The embedded file {@code entry} of the configured file named {@code file}. */
    public JazminFileResource(JazminOperations operations, String file, EmbeddedFile entry) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.file = Objects.requireNonNull(file, "file");
        this.entry = Objects.requireNonNull(entry, "entry");
    }

    /**
     * The embedded file at {@code path} of the configured file named {@code file}, or empty when it
     * stores none there (only stored paths are found: nothing outside the file is ever reached).
     */
    public static Optional<JazminFileResource> of(JazminOperations operations, String file, String path) {
        return operations.file(file, path).map(entry -> new JazminFileResource(operations, file, entry));
    }

    /** The embedded file: path, type, size and SHA-256. */
    public EmbeddedFile entry() {
        return entry;
    }

    /** The name of the configured file holding it. */
    public String fileName() {
        return file;
    }

    /** Its SHA-256 in hex, the entity tag it is served with ({@code ResponseEntity.eTag} quotes it). */
    public String etag() {
        return entry.sha256();
    }

    /** Its stored type, or {@code application/octet-stream} when that is not a valid media type. */
    public MediaType mediaType() {
        try {
            return entry.type() == null || entry.type().isBlank() ? MediaType.APPLICATION_OCTET_STREAM
                    : MediaType.parseMediaType(entry.type());
        } catch (InvalidMediaTypeException e) {
            return MediaType.APPLICATION_OCTET_STREAM;
        }
    }

    /**
     * The headers that make serving it safe, as {@link JazminEmbeddedFilesHandler} sends them:
     * {@code X-Content-Type-Options: nosniff} always; for HTML, XHTML and SVG the
     * {@code Content-Security-Policy} of the file's {@code package} (with {@code sandbox}, its
     * pages also run in a unique origin); for any type outside the inline allow-list (images but
     * SVG, PDF, plain text, audio, video), every XML type and unknown types included,
     * {@code Content-Disposition: attachment} and {@code Content-Security-Policy: default-src
     * 'none'; sandbox}. With {@code sandbox} off SVG is an attachment too. A controller returning
     * this resource should send them ({@code ResponseEntity.ok().headers(r.servingHeaders(true))}).
     */
    public HttpHeaders servingHeaders(boolean sandbox) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("X-Content-Type-Options", "nosniff");
        switch (ServedType.of(mediaType().toString(), sandbox)) {
            case INLINE -> {
            }
            case PAGE -> headers.set("Content-Security-Policy", DocumentPolicy.of(operations.packageJson(file), sandbox));
            case ATTACHMENT -> {
                // Stored paths may hold control characters: none reaches a header.
                String name = getFilename().replaceAll("[\\p{Cntrl}\"\\\\]", "_");
                headers.setContentDisposition(ContentDisposition.attachment()
                        .filename(name, StandardCharsets.UTF_8).build());
                headers.set("Content-Security-Policy", DocumentPolicy.DOWNLOAD);
            }
        }
        return headers;
    }

    @Override
    public boolean exists() {
        return true;
    }

    @Override
    public long contentLength() {
        return entry.size();
    }

    @Override
    public String getFilename() {
        String path = entry.path();
        return path.substring(path.lastIndexOf('/') + 1);
    }

    @Override
    public InputStream getInputStream() {
        return new EmbeddedFileStream(operations, file, entry);
    }

    @Override
    public String getDescription() {
        return "embedded file '" + entry.path() + "' of JAZMIN file '" + file + "'";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof JazminFileResource r && r.file.equals(file) && r.entry.equals(entry);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, entry);
    }
}
