package io.jazmin.convert;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import io.jazmin.internal.json.JsonIo;
import io.jazmin.internal.json.JsonTexts;
import io.jazmin.internal.json.StrictUtf8Input;

/**
 * Reads and writes the schema file form of the conformance cases: a JSON array of
 * {@code {"name", "type", "nullable", "description", "attributes", "index", "item", "fields"}}.
 * {@code nullable} defaults to {@code true}; {@code attributes} is a JSON object (kept as compact
 * text); {@code index} is one kind or an array of kinds; items and fields need no name (an item is
 * called {@code item}).
 */
public final class SchemaFile {
    private SchemaFile() {
    }

    /**
     * Reads a schema file.
     *
     * @throws JazminValidationException when the file is not a valid schema
     * @throws IOException               when the file cannot be read
     */
    public static Schema read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /** Reads a schema from a stream (UTF-8 JSON); see {@link #read(Path)}. */
    public static Schema read(InputStream in) {
        try (JsonParser p = JsonIo.parser(in)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new JazminValidationException("schema: expected a JSON array of columns");
            }
            List<Column> columns = new ArrayList<>();
            Map<String, List<String>> indexes = new LinkedHashMap<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                ColumnEntry entry = readColumn(p, null);
                columns.add(entry.column);
                if (!entry.index.isEmpty()) {
                    indexes.put(entry.column.name(), entry.index);
                }
            }
            return new Schema(columns, indexes);
        } catch (JacksonException e) {
            StrictUtf8Input.Malformed badUtf8 = JsonIo.badUtf8(e);
            throw new JazminValidationException("schema: " + (badUtf8 != null ? badUtf8.getMessage()
                    : "invalid JSON: " + JsonIo.describe(e)));
        }
    }

    /** A column definition and the index kinds declared on it. */
    private record ColumnEntry(Column column, List<String> index) {
    }

    private static ColumnEntry readColumn(JsonParser p, String defaultName) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new JazminValidationException("schema: expected a column object");
        }
        String name = defaultName;
        ColumnType type = null;
        boolean nullable = true;
        String description = "";
        String attributes = "";
        List<String> index = List.of();
        Column item = null;
        List<Column> fields = List.of();
        MemberNames seen = new MemberNames();
        for (String member = p.nextName(); member != null; member = p.nextName()) {
            seen.add(member);
            JsonToken t = p.nextToken();
            switch (member) {
                case "name" -> name = text(p, member);
                case "type" -> type = ColumnType.fromName(text(p, member));
                case "nullable" -> nullable = bool(p, member);
                case "description" -> description = t == JsonToken.VALUE_NULL ? "" : text(p, member);
                case "attributes" -> attributes = attributes(p);
                case "index" -> index = kinds(p);
                case "item" -> item = readColumn(p, "item").column;
                case "fields" -> fields = readFields(p);
                default -> throw new JazminValidationException("schema: unknown member '" + member + "'");
            }
        }
        if (name == null || name.isEmpty()) {
            throw new JazminValidationException("schema: a column without a name");
        }
        if (type == null) {
            throw new JazminValidationException("schema: column '" + name + "' has no type");
        }
        return new ColumnEntry(new Column(name, type, nullable, description, attributes, item, fields), index);
    }

    private static List<Column> readFields(JsonParser p) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new JazminValidationException("schema: 'fields' must be an array");
        }
        List<Column> fields = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            fields.add(readColumn(p, null).column);
        }
        return fields;
    }

    private static String text(JsonParser p, String member) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw new JazminValidationException("schema: '" + member + "' must be a string");
        }
        return p.getString();
    }

    private static boolean bool(JsonParser p, String member) {
        if (!p.currentToken().isBoolean()) {
            throw new JazminValidationException("schema: '" + member + "' must be true or false");
        }
        return p.currentToken() == JsonToken.VALUE_TRUE;
    }

    private static String attributes(JsonParser p) {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return "";
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new JazminValidationException("schema: 'attributes' must be a JSON object");
        }
        return JsonTexts.copyCurrent(p);
    }

    private static List<String> kinds(JsonParser p) {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            return List.of(p.getString());
        }
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new JazminValidationException("schema: 'index' must be a kind or an array of kinds");
        }
        List<String> kinds = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            kinds.add(text(p, "index"));
        }
        return kinds;
    }

    /**
     * Writes a schema as a JSON array, one column per line. Members with default values (empty
     * description, empty attributes) are left out.
     *
     * @throws IOException when writing fails
     */
    public static void write(Writer out, Schema schema) throws IOException {
        out.write('[');
        String separator = "\n";
        for (Column c : schema.columns()) {
            out.write(separator);
            StringWriter line = new StringWriter();
            try (JsonGenerator g = JsonIo.generator(line)) {
                writeColumn(g, c, schema.indexes().getOrDefault(c.name(), List.of()), true);
            }
            out.write(line.toString());
            separator = ",\n";
        }
        out.write("\n]\n");
        out.flush();
    }

    private static void writeColumn(JsonGenerator g, Column c, List<String> index, boolean named) {
        g.writeStartObject();
        if (named) {
            g.writeStringProperty("name", c.name());
        }
        g.writeStringProperty("type", c.type().typeName());
        g.writeBooleanProperty("nullable", c.nullable());
        if (!c.description().isEmpty()) {
            g.writeStringProperty("description", c.description());
        }
        if (!c.attributes().isEmpty()) {
            g.writeName("attributes");
            g.writeRawValue(c.attributes());
        }
        if (index.size() == 1) {
            g.writeStringProperty("index", index.get(0));
        } else if (!index.isEmpty()) {
            g.writeName("index");
            g.writeStartArray();
            for (String kind : index) {
                g.writeString(kind);
            }
            g.writeEndArray();
        }
        if (c.item() != null) {
            g.writeName("item");
            writeColumn(g, c.item(), List.of(), false);
        }
        if (!c.fields().isEmpty()) {
            g.writeName("fields");
            g.writeStartArray();
            for (Column field : c.fields()) {
                writeColumn(g, field, List.of(), true);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}
