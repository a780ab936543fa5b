package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checks a writer makes on the {@code package}, on each file's {@code actions} and on page
 * settings (spec §1.23, §1.22): writers must reject anything the format does not define, so every
 * refusal is a {@link JazminValidationException} naming the field ({@code package.pdf.scale}).
 */
final class DocumentSettings {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final Set<String> FORMATS = Set.of("A0", "A1", "A2", "A3", "A4", "A5", "A6", "Letter", "Legal",
            "Tabloid", "Ledger");
    private static final Set<String> PAGE_FLAGS = Set.of("landscape", "printBackground", "preferCSSPageSize");
    private static final Set<String> MARGINS = Set.of("top", "right", "bottom", "left");
    private static final Set<String> ACTION_FLAGS = Set.of("open", "save", "print", "image");
    private static final Set<ColumnType> KEY_TYPES = Set.of(ColumnType.STRING, ColumnType.INT, ColumnType.DECIMAL,
            ColumnType.DATETIME, ColumnType.BOOL);
    private static final Pattern LENGTH = Pattern.compile("(0|(\\d+(\\.\\d+)?|\\.\\d+)(px|in|cm|mm))");

    private DocumentSettings() {
    }

    /**
     * Checks a {@code package} JSON object text.
     *
     * @param paths  the paths the new version stores ({@code entry} must be one of them), or
     *               {@code null} when they are not known yet
     * @param tables the new version's tables and their columns, in file order ({@code edit} must
     *               name existing columns), or {@code null} when they are not known yet
     */
    static void checkPackage(String json, Collection<String> paths, Map<String, List<Column>> tables) {
        JsonNode root = object(parse(json, "package"), "package");
        for (Map.Entry<String, JsonNode> m : root.properties()) {
            String field = "package." + m.getKey();
            JsonNode v = m.getValue();
            switch (m.getKey()) {
                case "entry" -> {
                    text(v, field);
                    if (paths != null && !paths.contains(v.stringValue())) {
                        throw new JazminValidationException(field + " '" + v.stringValue()
                                + "' is not an embedded file of this file");
                    }
                }
                case "title" -> text(v, field);
                case "allowWasm" -> bool(v, field);
                case "allowedOrigins" -> origins(v, field);
                case "pdf" -> checkPageSettings(v, field);
                case "edit" -> {
                    edit(v, field);
                    if (tables != null) {
                        editColumns(v, field, tables);
                    }
                }
                default -> throw new JazminValidationException(field + " is not a package setting (entry, title, "
                        + "allowedOrigins, allowWasm, pdf, edit)");
            }
        }
    }

    /** The {@code entry} a stored {@code package} names, or {@code null} (none, or not readable). */
    static String entryOf(String json) {
        try {
            JsonNode entry = JSON.readTree(json).get("entry");
            return entry != null && entry.isString() ? entry.stringValue() : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    /** Checks one file's {@code actions} JSON object text; {@code path} names the file in errors. */
    static void checkActions(String json, String path) {
        String name = "actions of '" + path + "'";
        JsonNode root = object(parse(json, name), name);
        for (Map.Entry<String, JsonNode> m : root.properties()) {
            String field = name + ": " + m.getKey();
            if (ACTION_FLAGS.contains(m.getKey())) {
                bool(m.getValue(), field);
            } else if (m.getKey().equals("pdf")) {
                if (!m.getValue().isBoolean()) {
                    checkPageSettings(m.getValue(), field);
                }
            } else {
                throw new JazminValidationException(field + " is not an action (open, save, print, pdf, image)");
            }
        }
    }

    private static void checkPageSettings(JsonNode v, String field) {
        object(v, field);
        for (Map.Entry<String, JsonNode> m : v.properties()) {
            String name = field + "." + m.getKey();
            JsonNode value = m.getValue();
            if (PAGE_FLAGS.contains(m.getKey())) {
                bool(value, name);
            } else if (m.getKey().equals("format")) {
                if (!value.isString() || !FORMATS.contains(value.stringValue())) {
                    throw new JazminValidationException(name + " must be one of A0-A6, Letter, Legal, Tabloid, "
                            + "Ledger, got " + value);
                }
            } else if (m.getKey().equals("scale")) {
                if (!value.isNumber() || value.doubleValue() < 0.1 || value.doubleValue() > 2) {
                    throw new JazminValidationException(name + " must be a number from 0.1 to 2, got " + value);
                }
            } else if (m.getKey().equals("margin")) {
                margin(value, name);
            } else {
                throw new JazminValidationException(name + " is not a page setting (format, landscape, "
                        + "printBackground, preferCSSPageSize, scale, margin)");
            }
        }
    }

    private static void margin(JsonNode v, String field) {
        object(v, field);
        for (Map.Entry<String, JsonNode> m : v.properties()) {
            String name = field + "." + m.getKey();
            if (!MARGINS.contains(m.getKey())) {
                throw new JazminValidationException(name + " is not a margin (top, right, bottom, left)");
            }
            JsonNode value = m.getValue();
            boolean zero = value.isNumber() && value.doubleValue() == 0;
            if (!zero && !(value.isString() && LENGTH.matcher(value.stringValue()).matches())) {
                throw new JazminValidationException(name + " must be 0 or a number with px, in, cm or mm, got "
                        + value);
            }
        }
    }

    private static void origins(JsonNode v, String field) {
        if (!v.isArray()) {
            throw new JazminValidationException(field + " must be an array of https origins");
        }
        for (JsonNode o : v) {
            if (!o.isString() || !isHttpsOrigin(o.stringValue())) {
                throw new JazminValidationException(field + " must hold https origins (https://host[:port]), got "
                        + o);
            }
        }
    }

    private static boolean isHttpsOrigin(String text) {
        try {
            URI uri = new URI(text);
            return "https".equals(uri.getScheme()) && uri.getHost() != null && uri.getRawUserInfo() == null
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty()) && uri.getRawQuery() == null
                    && uri.getRawFragment() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** {@code package.edit} (spec §1.22): its shape; the columns it names are checked against the table by the reader of changes. */
    private static void edit(JsonNode v, String field) {
        object(v, field);
        boolean allows = false;
        for (Map.Entry<String, JsonNode> m : v.properties()) {
            String name = field + "." + m.getKey();
            JsonNode value = m.getValue();
            switch (m.getKey()) {
                case "table" -> text(value, name);
                case "key" -> {
                    names(value, name);
                    if (value.isEmpty()) {
                        throw new JazminValidationException(name + " must name at least one column");
                    }
                }
                case "columns" -> {
                    names(value, name);
                    allows |= !value.isEmpty();
                }
                case "add", "delete" -> {
                    bool(value, name);
                    allows |= value.booleanValue();
                }
                default -> throw new JazminValidationException(name + " is not an edit setting (table, key, "
                        + "columns, add, delete)");
            }
        }
        if (!v.has("key")) {
            throw new JazminValidationException(field + ".key is missing: name the key columns");
        }
        if (!allows) {
            throw new JazminValidationException(field + " allows nothing: give columns, add or delete");
        }
    }

    /** Spec §1.22: the table exists; keys are existing string/int/decimal/datetime/bool columns; with add, no required column is left out. */
    private static void editColumns(JsonNode edit, String field, Map<String, List<Column>> tables) {
        String table = edit.has("table") ? edit.get("table").stringValue()
                : tables.keySet().stream().findFirst().orElse("");
        List<Column> columns = tables.get(table);
        if (columns == null) {
            throw new JazminValidationException(field + ".table '" + table + "' is not a table of this file");
        }
        Map<String, Column> byName = new LinkedHashMap<>();
        columns.forEach(c -> byName.put(c.name(), c));
        Set<String> named = new HashSet<>();
        for (JsonNode k : edit.get("key")) {
            Column c = column(byName, k.stringValue(), field + ".key");
            if (!KEY_TYPES.contains(c.type())) {
                throw new JazminValidationException(field + ".key: column '" + c.name() + "' is "
                        + c.type().name().toLowerCase(Locale.ROOT) + "; key columns are string, int, decimal, "
                        + "datetime or bool");
            }
            named.add(c.name());
        }
        if (edit.has("columns")) {
            for (JsonNode n : edit.get("columns")) {
                named.add(column(byName, n.stringValue(), field + ".columns").name());
            }
        }
        if (edit.has("add") && edit.get("add").booleanValue()) {
            for (Column c : columns) {
                if (!c.nullable() && !named.contains(c.name())) {
                    throw new JazminValidationException(field + ".add: column '" + c.name() + "' is not nullable, "
                            + "so added rows need it: make it a key or editable column");
                }
            }
        }
    }

    private static Column column(Map<String, Column> byName, String name, String field) {
        Column c = byName.get(name);
        if (c == null) {
            throw new JazminValidationException(field + ": the table has no column '" + name + "'");
        }
        return c;
    }

    private static void names(JsonNode v, String field) {
        if (!v.isArray()) {
            throw new JazminValidationException(field + " must be an array of column names");
        }
        for (JsonNode n : v) {
            if (!n.isString() || n.stringValue().isEmpty()) {
                throw new JazminValidationException(field + " must hold column names, got " + n);
            }
        }
    }

    private static JsonNode parse(String json, String field) {
        try {
            return JSON.readTree(json);
        } catch (JacksonException e) {
            throw new JazminValidationException(field + " is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static JsonNode object(JsonNode v, String field) {
        if (v == null || !v.isObject()) {
            throw new JazminValidationException(field + " must be a JSON object");
        }
        return v;
    }

    private static void text(JsonNode v, String field) {
        if (!v.isString()) {
            throw new JazminValidationException(field + " must be a string, got " + v);
        }
    }

    private static void bool(JsonNode v, String field) {
        if (!v.isBoolean()) {
            throw new JazminValidationException(field + " must be true or false, got " + v);
        }
    }
}
