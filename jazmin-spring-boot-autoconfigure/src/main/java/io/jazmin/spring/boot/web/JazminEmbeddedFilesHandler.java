package io.jazmin.spring.boot.web;

import io.jazmin.spring.data.core.JazminOperations;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.resource.AbstractResourceResolver;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceResolverChain;
import org.springframework.web.util.UriUtils;

/**
 * Serves the embedded files of one configured JAZMIN file by path, as Spring MVC serves static
 * resources: {@code GET} and {@code HEAD}, byte ranges ({@code 206}, several ranges as
 * {@code multipart/byteranges}, {@code 416} when unsatisfiable), {@code ETag} = the file's SHA-256
 * and {@code 304} on {@code If-None-Match}, a {@code Range} under an {@code If-Range} that does
 * not match the entity tag answered with the whole file ({@link IfRange}), {@code Content-Type}
 * from the stored type. Only paths the file stores are served ({@code 404} otherwise), so nothing
 * outside it is reachable. Every answer has {@code X-Content-Type-Options: nosniff} and files
 * have {@code Cache-Control: private, no-cache}; an allow-list of types is shown inline, the
 * package's pages (HTML, XHTML, SVG) get the content-security policy of the file's
 * {@code package} ({@code allowedOrigins}, {@code allowWasm}), sandboxed unless told otherwise,
 * and every other type is an attachment under a policy that runs nothing
 * ({@link JazminFileResource#servingHeaders}). Map it to a path ending in {@code /**} in a {@code HandlerMapping}; call
 * {@link #afterPropertiesSet()} when it is not a bean.
 */
public class JazminEmbeddedFilesHandler extends ResourceHttpRequestHandler {
    private static final String NOSNIFF = "X-Content-Type-Options";
    private final JazminOperations operations;
    private final String file;
    private final boolean sandbox;

    /** Serves the embedded files of the configured file named {@code file}; {@code sandbox}: see the class. */
    public JazminEmbeddedFilesHandler(JazminOperations operations, String file, boolean sandbox) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.file = Objects.requireNonNull(file, "file");
        this.sandbox = sandbox;
        setResourceResolvers(List.of(new EmbeddedFileResolver()));
        setEtagGenerator(resource -> ((JazminFileResource) resource).etag());
        setUseLastModified(false);
        setCacheControl(CacheControl.noCache().cachePrivate());
    }

    /** The name of the configured file it serves. */
    public String fileName() {
        return file;
    }

    @Override
    public void handleRequest(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        // Every answer, 304, 404 and 416 included, before anything else sets headers.
        response.setHeader(NOSNIFF, "nosniff");
        HttpServletRequest checked = request;
        if (request.getHeader(HttpHeaders.IF_RANGE) != null && getResource(request) instanceof JazminFileResource r) {
            checked = IfRange.apply(request, r.etag());
        }
        super.handleRequest(checked, response);
    }

    @Override
    protected MediaType getMediaType(HttpServletRequest request, Resource resource) {
        return ((JazminFileResource) resource).mediaType();
    }

    @Override
    protected void setHeaders(HttpServletResponse response, Resource resource, MediaType mediaType)
            throws IOException {
        super.setHeaders(response, resource, mediaType);
        ((JazminFileResource) resource).servingHeaders(sandbox)
                .forEach((name, values) -> response.setHeader(name, values.get(0)));
    }

    @Override
    public String toString() {
        return "JazminEmbeddedFilesHandler[file=" + file + ", sandbox=" + sandbox + "]";
    }

    /** Finds a request's path among the file's stored paths, as given or percent-decoded. */
    private final class EmbeddedFileResolver extends AbstractResourceResolver {

        @Override
        protected Resource resolveResourceInternal(HttpServletRequest request, String path,
                                                   List<? extends Resource> locations, ResourceResolverChain chain) {
            return JazminFileResource.of(operations, file, path).or(() -> decoded(path)).orElse(null);
        }

        private Optional<JazminFileResource> decoded(String path) {
            if (path.indexOf('%') < 0) {
                return Optional.empty();
            }
            try {
                return JazminFileResource.of(operations, file, UriUtils.decode(path, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                return Optional.empty(); // not a valid percent-encoding: no stored path
            }
        }

        @Override
        protected String resolveUrlPathInternal(String resourceUrlPath, List<? extends Resource> locations,
                                                ResourceResolverChain chain) {
            return operations.file(file, resourceUrlPath).isPresent() ? resourceUrlPath : null;
        }
    }
}
