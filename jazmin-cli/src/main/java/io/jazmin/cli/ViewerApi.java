package io.jazmin.cli;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.convert.JsonStyle;
import io.jazmin.convert.RowFormat;
import io.jazmin.convert.RowSink;
import io.jazmin.convert.RowSinks;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.error.JazminException;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileActions;
import io.jazmin.files.ServedType;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.convert.XmlShapeOutput;
import io.jazmin.schema.Column;
import io.jazmin.schema.FileFacts;
import io.jazmin.schema.Storage;
import io.jazmin.export.SavedShape;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The viewer's JSON API over one opened file, independent of any HTTP server: given a request's
 * path (below {@code /api/}) and query parameters, it answers with a status, a content type,
 * headers and a body. The reader and the secret it was opened with stay here; no answer carries
 * them. {@link ViewerServer} maps it onto the JDK's HTTP server; another server (the starter's
 * console) can map it the same way.
 *
 * <p>Endpoints: {@code file} (what {@code inspect} prints, plus the storage figures), {@code rows}
 * ({@code table}, {@code offset}, {@code limit} at most {@value #MAX_LIMIT}, {@code sort},
 * {@code dir}, {@code where}: one page read through the engine), {@code explain} (same
 * parameters), {@code files}, {@code file-content} ({@code path}, {@code download}), {@code shapes},
 * {@code export} ({@code name}, {@code format} json or xml). A bad parameter or filter is a
 * {@code 400} whose JSON body's {@code error} says what is wrong.
 */
final class ViewerApi {
    /** The most rows one page returns. */
    static final int MAX_LIMIT = 500;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String JSON_TYPE = "application/json; charset=utf-8";

    private final JazminReader reader;
    private final Path file;
    private final List<JazminFile.GrantInfo> grants;
    private final Storage storage;

    /**
     * An API over {@code reader}, the open file at {@code file}.
     *
     * @param grants  a shared file's grants, for its owner key; {@code null} otherwise
     * @param storage the file's storage figures (live and dead bytes)
     */
    ViewerApi(JazminReader reader, Path file, List<JazminFile.GrantInfo> grants, Storage storage) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.file = Objects.requireNonNull(file, "file");
        this.grants = grants;
        this.storage = Objects.requireNonNull(storage, "storage");
    }

    /**
     * The API over {@code reader}, opened from {@code file} with {@code options}: the grants are
     * listed only for the owner key of a shared file.
     */
    static ViewerApi of(Path file, JazminReader reader, io.jazmin.options.ReadOptions options) {
        var grants = reader.accessControlled() && reader.ownerKey() ? JazminFile.listGrants(file, options.key()) : null;
        return new ViewerApi(reader, file, grants, JazminFile.storage(file, options));
    }

    /**
     * An answer to a request.
     *
     * @param status      the HTTP status
     * @param contentType the body's media type
     * @param headers     further headers
     * @param body        the body
     */
    record Answer(int status, String contentType, Map<String, String> headers, byte[] body) {
    }

    /** The answer to {@code endpoint} (the path below {@code /api/}) with query parameters {@code params}. */
    Answer answer(String endpoint, Map<String, String> params) {
        try {
            return switch (endpoint) {
                case "file" -> json(facts());
                case "rows" -> json(rows(params));
                case "explain" -> json(explain(params));
                case "files" -> json(files());
                case "file-content" -> fileContent(params);
                case "shapes" -> json(shapes());
                case "export" -> export(params);
                default -> error(404, "no endpoint '" + endpoint + "'");
            };
        } catch (JazminException e) {
            // Engine messages name what and where, never a secret (the project's rule for every message).
            return error(400, e.getMessage());
        } catch (BadRequest e) {
            return error(400, e.getMessage());
        }
    }

    private String facts() {
        FileFacts facts = JazminFile.facts(file);
        ObjectNode root = (ObjectNode) JSON.readTree(new InspectReport().describe(reader, facts, reader.tables(), grants));
        root.put("name", file.getFileName().toString());
        ObjectNode bytes = root.putObject("storage");
        bytes.put("fileBytes", storage.fileBytes()).put("liveBytes", storage.liveBytes())
                .put("deadBytes", storage.deadBytes()).put("hiddenBytes", storage.hiddenBytes())
                .put("appendCount", storage.appendCount()).put("appended", storage.appended())
                .put("recovered", storage.recovered());
        return JSON.writeValueAsString(root);
    }

    private String rows(Map<String, String> params) {
        JazminTable table = table(params);
        long offset = number(params, "offset", 0, Long.MAX_VALUE);
        long limit = number(params, "limit", 50, MAX_LIMIT);
        RowQuery query = order(table, params).withOffset(offset).withLimit(limit);
        Filter filter = filter(params);
        StringWriter lines = new StringWriter();
        try (Stream<Row> rows = table.find(filter, query);
             RowSink sink = RowSinks.open(lines, RowFormat.JSON_LINES, table.columns(), JsonStyle.HUMAN)) {
            rows.forEach(row -> sink.write(RowValues.of(row)));
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

    private String explain(Map<String, String> params) {
        JazminTable table = table(params);
        return JSON.writeValueAsString(table.explain(filter(params), order(table, params)).toMap());
    }

    private String files() {
        ArrayNode list = JSON.createArrayNode();
        for (EmbeddedFile f : reader.files()) {
            FileActions actions = reader.fileActions(f.path());
            ObjectNode node = list.addObject().put("path", f.path()).put("type", f.type()).put("size", f.size())
                    .put("sha256", f.sha256()).put("open", actions.open()).put("save", actions.save())
                    .put("served", ServedType.of(f.type(), true).name().toLowerCase(java.util.Locale.ROOT));
            node.put("preview", previewable(f, actions));
        }
        return JSON.writeValueAsString(list);
    }

    /**
     * An embedded file's bytes under the HTTP handler's rules: {@code nosniff} always; inline only
     * the {@link ServedType#INLINE} types, and only when the file's actions allow opening it
     * (previews); everything else, pages included (the viewer shows no package pages), an
     * attachment under {@link ServedType#DOWNLOAD_POLICY}, and only when its actions allow saving.
     */
    private Answer fileContent(Map<String, String> params) {
        String path = required(params, "path");
        EmbeddedFile entry = reader.files().stream().filter(f -> f.path().equals(path)).findFirst()
                .orElseThrow(() -> new BadRequest("the file stores no embedded file '" + path + "'"));
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
        if (inline) {
            headers.put("Content-Security-Policy", ServedType.DOWNLOAD_POLICY);
            return new Answer(200, ServedType.essence(entry.type()), headers, reader.readFile(path));
        }
        String name = path.substring(path.lastIndexOf('/') + 1).replaceAll("[\\p{Cntrl}\"\\\\;]", "_");
        headers.put("Content-Disposition", "attachment; filename=\"" + name.replaceAll("[^\\x20-\\x7e]", "_")
                + "\"; filename*=UTF-8''" + java.net.URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20"));
        headers.put("Content-Security-Policy", ServedType.DOWNLOAD_POLICY);
        return new Answer(200, "application/octet-stream", headers, reader.readFile(path));
    }

    private static boolean previewable(EmbeddedFile f, FileActions actions) {
        return actions.open() && ServedType.of(f.type(), true) == ServedType.INLINE;
    }

    private String shapes() {
        ArrayNode list = JSON.createArrayNode();
        for (SavedShape s : reader.shapes()) {
            list.addObject().put("name", s.name()).put("description", s.description()).put("table", s.table())
                    .put("default", s.isDefault());
        }
        return JSON.writeValueAsString(list);
    }

    /** Runs a saved shape into a download (the viewer's exports are of files a browser holds anyway). */
    private Answer export(Map<String, String> params) {
        SavedShape shape = reader.shape(required(params, "name"));
        String format = params.getOrDefault("format", "json");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8));
        reader.validateShape(shape.shape(), shape.table());
        reader.export(shape.shape(), shape.table(), null, switch (format) {
            case "json" -> new JsonShapeOutput(out);
            case "xml" -> new XmlShapeOutput(out);
            default -> throw new BadRequest("format must be json or xml, not '" + format + "'");
        });
        out.flush();
        String name = shape.name().replaceAll("[^A-Za-z0-9._-]", "_") + "." + format;
        return new Answer(200, format.equals("json") ? JSON_TYPE : "application/xml; charset=utf-8",
                Map.of("Content-Disposition", "attachment; filename=\"" + name + "\"",
                        "Content-Security-Policy", ServedType.DOWNLOAD_POLICY), bytes.toByteArray());
    }

    private JazminTable table(Map<String, String> params) {
        String name = params.get("table");
        if (name == null || name.isEmpty()) {
            return reader.table();
        }
        if (!reader.tableNames().contains(name)) {
            throw new BadRequest("no table '" + name + "'");
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
            throw new BadRequest("no column '" + sort + "'");
        }
        if (!table.column(sort).type().isOrdered()) {
            throw new BadRequest("column '" + sort + "' is " + table.column(sort).type().typeName()
                    + ", which has no order");
        }
        String dir = params.getOrDefault("dir", "asc");
        SortKey key = switch (dir) {
            case "asc" -> SortKey.asc(sort);
            case "desc" -> SortKey.desc(sort);
            default -> throw new BadRequest("dir must be asc or desc, not '" + dir + "'");
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
        throw new BadRequest(name + " must be a number from 0 to " + max + ", not '" + text + "'");
    }

    private static String required(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null || value.isEmpty()) {
            throw new BadRequest("parameter '" + name + "' is missing");
        }
        return value;
    }

    private static Answer json(String body) {
        return new Answer(200, JSON_TYPE, Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }

    private static Answer error(int status, String message) {
        ObjectNode node = JSON.createObjectNode().put("error", message);
        return new Answer(status, JSON_TYPE, Map.of(), JSON.writeValueAsString(node).getBytes(StandardCharsets.UTF_8));
    }

    /** A request parameter the API cannot use. */
    private static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message, null, false, false);
        }
    }
}
