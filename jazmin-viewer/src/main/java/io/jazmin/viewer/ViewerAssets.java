package io.jazmin.viewer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/** The viewer's web UI: plain HTML, CSS and JS in the jar ({@code io/jazmin/viewer/ui/}), no build at run time. */
final class ViewerAssets {
    private static final String FOLDER = "/io/jazmin/viewer/ui/";
    private static final Map<String, String> TYPES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "viewer.css", "text/css; charset=utf-8",
            "viewer.js", "text/javascript; charset=utf-8");

    private ViewerAssets() {
    }

    /**
     * The asset at {@code path} ({@code ""} is the page) under the UI's policy, or {@code 404} for
     * any other path.
     */
    static ViewerResponse answer(String path) {
        String name = path.isEmpty() ? "index.html" : path;
        String type = TYPES.get(name);
        if (type == null) {
            return ViewerResponse.text(404, "text/plain; charset=utf-8", Map.of(), "not found\n");
        }
        return new ViewerResponse(200, type, Map.of("Content-Security-Policy", Viewer.UI_POLICY,
                "Cache-Control", "no-cache"), ViewerResponse.Body.of(read(name)));
    }

    private static byte[] read(String name) {
        try (InputStream in = ViewerAssets.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the viewer's asset " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the viewer's asset " + name, e);
        }
    }
}
