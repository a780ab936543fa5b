package io.jazmin.spring.boot.web;

import io.jazmin.files.ServedType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The content-security policy of a file's documents (spec §1.23): stored files are untrusted, and
 * the policy comes only from the package's settings. The package's {@code allowedOrigins} are the
 * only network access (scripts, styles, images, fonts, media, requests) besides where the files
 * themselves are served from; {@code allowWasm} allows WebAssembly compilation; {@code eval} never.
 * The same policy as the reference viewer's, so one document behaves alike in both.
 */
final class DocumentPolicy {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** An https origin and nothing else: a value that could add directives to the header is dropped. */
    private static final Pattern HTTPS_ORIGIN = Pattern.compile("https://[A-Za-z0-9.-]+(:[0-9]{1,5})?");
    private static final String SANDBOX = "sandbox allow-scripts allow-downloads allow-popups";
    /** The policy of a file served as an attachment: nothing loads, nothing runs, in a unique origin. */
    static final String DOWNLOAD = ServedType.DOWNLOAD_POLICY;

    private DocumentPolicy() {
    }

    /**
     * The {@code Content-Security-Policy} value for a page of a file whose package is
     * {@code packageJson}, its own files being reachable as {@code 'self'}; with {@code sandbox}
     * the page also runs in a unique origin.
     */
    static String of(Optional<String> packageJson, boolean sandbox) {
        JsonNode settings = packageJson.map(DocumentPolicy::parse).orElse(null);
        List<String> origins = new ArrayList<>(List.of("'self'"));
        boolean wasm = false;
        if (settings != null && settings.isObject()) {
            JsonNode allowed = settings.get("allowedOrigins");
            if (allowed != null && allowed.isArray()) {
                for (JsonNode origin : allowed) {
                    if (origin.isString() && HTTPS_ORIGIN.matcher(origin.asString()).matches()) {
                        origins.add(origin.asString());
                    }
                }
            }
            JsonNode allowWasm = settings.get("allowWasm");
            wasm = allowWasm != null && allowWasm.isBoolean() && allowWasm.booleanValue();
        }
        String extra = " " + String.join(" ", origins);
        List<String> directives = List.of(
                "default-src 'none'",
                "script-src 'unsafe-inline' blob:" + (wasm ? " 'wasm-unsafe-eval'" : "") + extra,
                "style-src 'unsafe-inline' blob:" + extra,
                "img-src blob: data:" + extra,
                "font-src blob: data:" + extra,
                "media-src blob: data:" + extra,
                "object-src blob:",
                "frame-src blob:",
                "worker-src blob:",
                "connect-src blob: data:" + extra);
        return String.join("; ", directives) + (sandbox ? "; " + SANDBOX : "");
    }

    /** A package the engine could not parse gets the strictest policy (no origins, no WebAssembly). */
    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JacksonException e) {
            return null;
        }
    }
}
