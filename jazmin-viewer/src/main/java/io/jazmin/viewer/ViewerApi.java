package io.jazmin.viewer;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import io.jazmin.convert.XmlShapeOutput;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.error.JazminException;
import io.jazmin.export.SavedShape;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileActions;
import io.jazmin.files.ServedType;
import io.jazmin.schema.Column;
import io.jazmin.schema.Storage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The viewer's JSON API ({@link Viewer#API_ENDPOINTS}) over its files: an endpoint name and
 * query parameters in, a {@link ViewerResponse} out. Each request reads through
 * {@link ViewerFile#read}; the secrets stay in the files' options.
 */
final class ViewerApi {
    /** The most rows one page returns. */
    static final int MAX_LIMIT = 500;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String JSON_TYPE = "application/json; charset=utf-8";

    private final Map<String, ViewerFile> files = new LinkedHashMap<>();

    ViewerApi(List<? extends ViewerFile> files) {
        for (ViewerFile file : files) {
            if (this.files.putIfAbsent(file.name(), file) != null) {
                throw new IllegalArgumentException("two viewer files are named '" + file.name() + "'");
            }
        }
        if (this.files.isEmpty()) {
            throw new IllegalArgumentException("a viewer needs at least one file");
        }
    }

    /** The answer to {@code endpoint} (the path below {@code api/}) with query parameters {@code params}. */
    ViewerResponse answer(String endpoint, Map<String, String> params) {
        try {
            if (endpoint.equals("sources")) {
                return json(sources());
            }
            ViewerFile file = source(params);
            return switch (endpoint) {
                case "file" -> json(facts(file));
                case "rows" -> json(file.read(reader -> rows(reader, params)));
                case "explain" -> json(file.read(reader -> explain(reader, params)));
                case "files" -> json(file.read(ViewerApi::files));
                case "file-content" -> file.read(reader -> fileContent(file, reader, params));
                case "shapes" -> json(file.read(ViewerApi::shapes));
                case "export" -> file.read(reader -> export(file, reader, params));
                default -> error(404, "no endpoint '" + endpoint + "'");
            };
        } catch (JazminException e) {
            // Engine messages name what and where, never a secret (the project's rule for every message).
            return error(400, e.getMessage());
        } catch (BadRequest e) {
            return error(e.status, e.getMessage());
        }
    }

    private String sources() {
        ArrayNode list = JSON.createArrayNode();
        files.keySet().forEach(name -> list.addObject().put("name", name));
        return JSON.writeValueAsString(list);
    }

    private ViewerFile source(Map<String, String> params) {
        String name = params.get("source");
        if (name == null || name.isEmpty()) {
            return files.values().iterator().next();
        }
        ViewerFile file = files.get(name);
        if (file == null) {
            throw new BadRequest(404, "no file '" + name + "'");
        }
        return file;
    }

    /** What {@code jazmin inspect} prints, the file's name and its storage figures (read anew each time). */
    private static String facts(ViewerFile file) {
        Storage storage = JazminFile.storage(file.path(), file.readOptions());
        String report = file.read(reader -> {
            var grants = reader.accessControlled() && reader.ownerKey()
                    ? JazminFile.listGrants(file.path(), file.readOptions().key()) : null;
            return new InspectReport().describe(reader, JazminFile.facts(file.path()), reader.tables(), grants);
        });
        ObjectNode root = (ObjectNode) JSON.readTree(report);
        root.put("name", file.name());
        ObjectNode bytes = root.putObject("storage");
        bytes.put("fileBytes", storage.fileBytes()).put("liveBytes", storage.liveBytes())
                .put("deadBytes", storage.deadBytes()).put("hiddenBytes", storage.hiddenBytes())
                .put("appendCount", storage.appendCount()).put("appended", storage.appended())
                .put("recovered", storage.recovered());
        return JSON.writeValueAsString(root);
    }

    private static String rows(JazminReader reader, Map<String, String> params) {
        JazminTable table = table(reader, params);
        long offset = number(params, "offset", 0, Long.MAX_VALUE);
        long limit = number(params, "limit", 50, MAX_LIMIT);
        RowQuery query = order(table, params).withOffset(offset).withLimit(limit);
        Filter filter = filter(params);
        StringWriter lines = new StringWriter();
        try (Stream<Row> rows = table.find(filter, query);
             RowSink sink = RowSinks.open(lines, RowFormat.JSON_LINES, table.columns(), JsonStyle.HUMAN)) {
            rows.forEach(row -> sink.writeRow(row.toMap()));
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("table", table.name()).put("offset", offset).put("limit", limit);
        ArrayNode columns = root.putArray("columns");
        for (Column c : table.columns()) {
            columns.addObject().put("name", c.name()).put("type", c.type().typeName())
                    .put("ordered", c.type().isOrdered());
        }
        ArrayNode list = root.putArray("rows");
        lines.toString().lines().filter(line -> !line.isBlank()).forEach(line -> list.add(JSON.readTree(line)));
        return JSON.writeValueAsString(root);
    }

    private static String explain(JazminReader reader, Map<String, String> params) {
        JazminTable table = table(reader, params);
        return JSON.writeValueAsString(table.explain(filter(params), order(table, params)).toMap());
    }

    private static String files(JazminReader reader) {
        ArrayNode list = JSON.createArrayNode();
        for (EmbeddedFile f : reader.files()) {
            FileActions actions = reader.fileActions(f.path());
            list.addObject().put("path", f.path()).put("type", f.type()).put("size", f.size())
                    .put("sha256", f.sha256()).put("open", actions.open()).put("save", actions.save())
                    .put("served", ServedType.of(f.type(), true).name().toLowerCase(Locale.ROOT))
                    .put("preview", previewable(f, actions));
        }
        return JSON.writeValueAsString(list);
    }

    /**
     * An embedded file's bytes under the HTTP handler's rules: {@code nosniff} always; inline only
     * the {@link ServedType#INLINE} types, and only when the file's actions allow opening it
     * (previews); everything else, pages included (the viewer shows no package pages), an
     * attachment under {@link ServedType#DOWNLOAD_POLICY}, and only when its actions allow saving.
     * The bytes are streamed from the file when the server sends the body.
     */
    private static ViewerResponse fileContent(ViewerFile file, JazminReader reader, Map<String, String> params) {
        String path = required(params, "path");
        EmbeddedFile entry = embedded(reader, path);
        FileActions actions = reader.fileActions(path);
        boolean download = "1".equals(params.get("download"));
        boolean inline = !download && previewable(entry, actions);
        if (!inline && !actions.save()) {
            return error(403, "the file's actions do not allow saving '" + path + "'");
        }
        if (!download && !inline) {
            return error(403, "'" + path + "' cannot be previewed: download it");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Cache-Control", "private, no-cache");
        headers.put("ETag", "\"" + entry.sha256() + "\"");
        headers.put("Content-Security-Policy", ServedType.DOWNLOAD_POLICY);
        String type = "application/octet-stream";
        if (inline) {
            type = ServedType.essence(entry.type());
        } else {
            String name = path.substring(path.lastIndexOf('/') + 1).replaceAll("[\\p{Cntrl}\"\\\\;]", "_");
            headers.put("Content-Disposition", "attachment; filename=\"" + name.replaceAll("[^\\x20-\\x7e]", "_")
                    + "\"; filename*=UTF-8''" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return new ViewerResponse(200, type, headers, new StreamedBody(file, entry.size(), (r, out) -> {
            // A pooled reader may be of a newer version than the one the headers were made from.
            if (!embedded(r, path).sha256().equals(entry.sha256())) {
                throw new IOException("'" + path + "' changed while its answer was being sent");
            }
            try (InputStream in = r.openFile(path)) {
                in.transferTo(out);
            }
        }));
    }

    private static EmbeddedFile embedded(JazminReader reader, String path) {
        return reader.files().stream().filter(f -> f.path().equals(path)).findFirst()
                .orElseThrow(() -> new BadRequest(400, "the file stores no embedded file '" + path + "'"));
    }

    private static boolean previewable(EmbeddedFile f, FileActions actions) {
        return actions.open() && ServedType.of(f.type(), true) == ServedType.INLINE;
    }

    private static String shapes(JazminReader reader) {
        ArrayNode list = JSON.createArrayNode();
        for (SavedShape s : reader.shapes()) {
            list.addObject().put("name", s.name()).put("description", s.description()).put("table", s.table())
                    .put("default", s.isDefault());
        }
        return JSON.writeValueAsString(list);
    }

    /**
     * Runs a saved shape into a download (the viewer's exports are of files a browser holds anyway),
     * checked first and streamed when the server sends the body.
     */
    private static ViewerResponse export(ViewerFile file, JazminReader reader, Map<String, String> params) {
        String shapeName = required(params, "name");
        SavedShape shape = reader.shape(shapeName);
        String format = params.getOrDefault("format", "json");
        if (!format.equals("json") && !format.equals("xml")) {
            throw new BadRequest(400, "format must be json or xml, not '" + format + "'");
        }
        reader.validateShape(shape.shape(), shape.table());
        String name = shape.name().replaceAll("[^A-Za-z0-9._-]", "_") + "." + format;
        return new ViewerResponse(200, format.equals("json") ? JSON_TYPE : "application/xml; charset=utf-8",
                Map.of("Content-Disposition", "attachment; filename=\"" + name + "\"",
                        "Content-Security-Policy", ServedType.DOWNLOAD_POLICY),
                new StreamedBody(file, -1, (r, out) -> {
                    SavedShape current = r.shape(shapeName);
                    r.export(current.shape(), current.table(), null,
                            format.equals("json") ? new JsonShapeOutput(out) : new XmlShapeOutput(out));
                }));
    }

    private static JazminTable table(JazminReader reader, Map<String, String> params) {
        String name = params.get("table");
        if (name == null || name.isEmpty()) {
            return reader.table();
        }
        if (!reader.tableNames().contains(name)) {
            throw new BadRequest(400, "no table '" + name + "'");
        }
        return reader.table(name);
    }

    private static Filter filter(Map<String, String> params) {
        String where = params.get("where");
        return where == null || where.isBlank() ? null : Filter.parse(where);
    }

    /** The query ordering by {@code sort} ({@code dir} asc or desc), or file order. */
    private static RowQuery order(JazminTable table, Map<String, String> params) {
        String sort = params.get("sort");
        if (sort == null || sort.isEmpty()) {
            return RowQuery.all();
        }
        if (table.columns().stream().noneMatch(c -> c.name().equals(sort))) {
            throw new BadRequest(400, "no column '" + sort + "'");
        }
        if (!table.column(sort).type().isOrdered()) {
            throw new BadRequest(400, "column '" + sort + "' is " + table.column(sort).type().typeName()
                    + ", which has no order");
        }
        String dir = params.getOrDefault("dir", "asc");
        SortKey key = switch (dir) {
            case "asc" -> SortKey.asc(sort);
            case "desc" -> SortKey.desc(sort);
            default -> throw new BadRequest(400, "dir must be asc or desc, not '" + dir + "'");
        };
        return RowQuery.all().withOrder(List.of(key));
    }

    private static long number(Map<String, String> params, String name, long fallback, long max) {
        String text = params.get(name);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text);
            if (value >= 0 && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new BadRequest(400, name + " must be a number from 0 to " + max + ", not '" + text + "'");
    }

    private static String required(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null || value.isEmpty()) {
            throw new BadRequest(400, "parameter '" + name + "' is missing");
        }
        return value;
    }

    private static ViewerResponse json(String body) {
        return ViewerResponse.text(200, JSON_TYPE, Map.of(), body);
    }

    private static ViewerResponse error(int status, String message) {
        return ViewerResponse.text(status, JSON_TYPE, Map.of(),
                JSON.writeValueAsString(JSON.createObjectNode().put("error", message)));
    }

    /** Writes a body from an open reader of the file. */
    @FunctionalInterface
    private interface ReaderWrite {
        void write(JazminReader reader, OutputStream out) throws IOException;
    }

    /** A body read from the file only when the server sends it, with a reader held for just that time. */
    private record StreamedBody(ViewerFile file, long length, ReaderWrite write) implements ViewerResponse.Body {
        @Override
        public void writeTo(OutputStream out) throws IOException {
            try {
                file.read(reader -> {
                    try {
                        write.write(reader, out);
                        return null;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }

    /** A request parameter the API cannot use, with the status to answer. */
    private static final class BadRequest extends RuntimeException {
        private final int status;

        BadRequest(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }
}
