package io.jazmin.spring.boot.web;

import io.jazmin.spring.data.core.JazminOperations;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.resource.AbstractResourceResolver;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceResolverChain;
import org.springframework.web.util.UriUtils;

/**
 * Serves the embedded files of one configured JAZMIN file by path, as Spring MVC serves static
 * resources: {@code GET} and {@code HEAD}, byte ranges ({@code 206}, several ranges as
 * {@code multipart/byteranges}, {@code 416} when unsatisfiable), {@code ETag} = the file's SHA-256
 * and {@code 304} on {@code If-None-Match}, {@code Content-Type} from the stored type. Only paths
 * the file stores are served ({@code 404} otherwise), so nothing outside it is reachable. Every
 * answer has {@code X-Content-Type-Options: nosniff} and {@code Cache-Control: private, no-cache};
 * pages and other types a browser runs script in get the content-security policy of the file's
 * {@code package} ({@code allowedOrigins}, {@code allowWasm}), sandboxed unless told otherwise.
 * Map it to a path ending in {@code /**} in a {@code HandlerMapping}; call
 * {@link #afterPropertiesSet()} when it is not a bean.
 */
public class JazminEmbeddedFilesHandler extends ResourceHttpRequestHandler {
    /** Types a browser runs script in (spec §1.23: stored files are untrusted). */
    private static final Set<String> ACTIVE = Set.of("text/html", "application/xhtml+xml", "image/svg+xml",
            "text/xml", "application/xml");
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
    protected MediaType getMediaType(HttpServletRequest request, Resource resource) {
        return ((JazminFileResource) resource).mediaType();
    }

    @Override
    protected void setHeaders(HttpServletResponse response, Resource resource, MediaType mediaType)
            throws IOException {
        super.setHeaders(response, resource, mediaType);
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (mediaType != null && ACTIVE.contains(mediaType.getType().toLowerCase(Locale.ROOT) + "/"
                + mediaType.getSubtype().toLowerCase(Locale.ROOT))) {
            response.setHeader("Content-Security-Policy", DocumentPolicy.of(operations.packageJson(file), sandbox));
        }
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
