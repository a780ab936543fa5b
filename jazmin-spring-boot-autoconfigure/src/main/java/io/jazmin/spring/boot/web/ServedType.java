package io.jazmin.spring.boot.web;

import java.util.Locale;
import java.util.Set;
import org.springframework.http.MediaType;

/**
 * How an embedded file of a given stored type is served (spec §1.23: stored files are untrusted,
 * and so is their stored type). Only an allow-list of types that no browser runs script in is
 * shown inline; the package's pages are shown inline under its content-security policy in a
 * sandbox; everything else, every XML type and every unknown type included, is an attachment.
 * An allow-list rather than a list of dangerous types because browsers render any
 * {@code …+xml} type (Atom, RSS, MathML, XSLT, ...) as an XML document that runs
 * XHTML-namespaced scripts, and new such types keep appearing.
 */
enum ServedType {
    /** Shown inline, no policy needed: images but SVG, PDF, plain text, audio and video. */
    INLINE,
    /** A page of the package (HTML, XHTML, SVG): inline under its policy, in a sandbox. */
    PAGE,
    /**
     * Everything else: {@code Content-Disposition: attachment}, so a browser navigating to it
     * downloads it, and {@code Content-Security-Policy: default-src 'none'; sandbox} in case a
     * client renders it anyway. A page's own subresources (scripts, styles, data it fetches) still
     * load: browsers ignore both headers for them.
     */
    ATTACHMENT;

    private static final Set<String> INLINE_TYPES = Set.of(
            "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/apng", "image/bmp",
            "image/x-icon", "image/vnd.microsoft.icon",
            "application/pdf", "text/plain",
            "audio/mpeg", "audio/mp4", "audio/aac", "audio/ogg", "audio/opus", "audio/wav", "audio/x-wav",
            "audio/webm", "audio/flac",
            "video/mp4", "video/webm", "video/ogg");
    private static final Set<String> PAGES = Set.of("text/html", "application/xhtml+xml", "image/svg+xml");
    private static final String SVG = "image/svg+xml";

    /**
     * How a file of type {@code type} is served; with {@code sandbox} off, HTML and XHTML pages
     * still show inline (the application chose to trust them) but SVG, an image nobody needs to
     * open as a page, becomes an attachment.
     */
    static ServedType of(MediaType type, boolean sandbox) {
        String essence = type.getType().toLowerCase(Locale.ROOT) + "/" + type.getSubtype().toLowerCase(Locale.ROOT);
        if (INLINE_TYPES.contains(essence)) {
            return INLINE;
        }
        if (PAGES.contains(essence) && (sandbox || !SVG.equals(essence))) {
            return PAGE;
        }
        return ATTACHMENT;
    }
}
