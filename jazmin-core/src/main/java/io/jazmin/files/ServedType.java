package io.jazmin.files;

import java.util.Locale;
import java.util.Set;

/**
 * How an embedded file of a given stored type is served over HTTP (spec §1.23: stored files are
 * untrusted, and so is their stored type), by the starter's file handler and the CLI's viewer.
 * Only an allow-list of types that no browser runs script in is shown inline; the package's pages
 * may be shown inline under its content-security policy in a sandbox; everything else, every XML
 * type and every unknown type included, is an attachment. An allow-list rather than a list of
 * dangerous types because browsers render any {@code …+xml} type (Atom, RSS, MathML, XSLT, ...)
 * as an XML document that runs XHTML-namespaced scripts, and new such types keep appearing.
 */
public enum ServedType {
    /** Shown inline, no policy needed: images but SVG, PDF, plain text, audio and video. */
    INLINE,
    /** A page of the package (HTML, XHTML, SVG): inline under its policy, in a sandbox. */
    PAGE,
    /**
     * Everything else: {@code Content-Disposition: attachment}, so a browser navigating to it
     * downloads it, and {@link #DOWNLOAD_POLICY} in case a client renders it anyway. A page's own
     * subresources (scripts, styles, data it fetches) still load: browsers ignore both headers for them.
     */
    ATTACHMENT;

    /** The {@code Content-Security-Policy} of a file served as an attachment: nothing loads, nothing runs, in a unique origin. */
    public static final String DOWNLOAD_POLICY = "default-src 'none'; sandbox";

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
     * How a file of media type {@code type} (parameters allowed; {@code null} or blank: an unknown
     * type) is served; with {@code sandbox} off, HTML and XHTML pages still show inline (the
     * application chose to trust them) but SVG, an image nobody needs to open as a page, becomes an
     * attachment.
     */
    public static ServedType of(String type, boolean sandbox) {
        String essence = essence(type);
        if (INLINE_TYPES.contains(essence)) {
            return INLINE;
        }
        if (PAGES.contains(essence) && (sandbox || !SVG.equals(essence))) {
            return PAGE;
        }
        return ATTACHMENT;
    }

    /** {@code type/subtype} in lower case, without parameters or spaces; empty for {@code null}. */
    public static String essence(String type) {
        if (type == null) {
            return "";
        }
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }
}
