package io.jazmin.internal.shape;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.internal.shape.ShapeNode.Aggregate;
import io.jazmin.internal.shape.ShapeNode.Link;
import io.jazmin.internal.shape.ShapeNode.Members;
import io.jazmin.internal.shape.ShapeNode.Rows;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema (draft 2020-12) of a compiled shape's JSON output (design §4): objects list every
 * member as required and allow no others; a column value has its column's JSON type, plus null when
 * the column is nullable, is a float (non-finite values are written as null) or is read from a set
 * that may be empty (the root); sums, minima and maxima may be null, counts are non-negative
 * integers; a {@code $one} link is null when nothing is linked.
 */
public final class ShapeSchema {
    /** The {@code $schema} of the schemas made here. */
    public static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ShapeSchema() {
    }

    /** The schema of {@code shape}'s output, as compact JSON text. */
    public static String of(CompiledShape shape) {
        ObjectNode root = NODES.objectNode();
        root.put("$schema", DRAFT);
        root.setAll(schema(shape.template(), true));
        return JSON.writeValueAsString(root);
    }

    private static ObjectNode schema(ShapeNode node, boolean mayBeEmpty) {
        if (node instanceof ShapeNode.Value v) {
            ObjectNode s = column(v.column());
            return v.column().nullable() || mayBeEmpty || v.column().type().isFloatingPoint() ? nullable(s) : s;
        }
        if (node instanceof ShapeNode.Literal l) {
            ObjectNode s = NODES.objectNode();
            s.set("const", l.value() == null ? NODES.nullNode() : l.value());
            return s;
        }
        if (node instanceof ShapeNode.Meta) {
            return NODES.objectNode();
        }
        if (node instanceof Aggregate a) {
            if (a.kind() == Aggregate.Kind.COUNT) {
                ObjectNode s = NODES.objectNode();
                s.put("type", "integer");
                s.put("minimum", 0);
                return s;
            }
            return nullable(scalar(a.column().type()));
        }
        if (node instanceof Members m) {
            ObjectNode s = NODES.objectNode();
            s.put("type", "object");
            ObjectNode properties = s.putObject("properties");
            ArrayNode required = NODES.arrayNode();
            for (int i = 0; i < m.names().size(); i++) {
                properties.set(m.names().get(i), schema(m.members().get(i), mayBeEmpty));
                required.add(m.names().get(i));
            }
            s.set("required", required);
            s.put("additionalProperties", false);
            return s;
        }
        if (node instanceof Rows r) {
            return array(schema(r.list().item(), false));
        }
        Link l = (Link) node;
        return l.one() != null ? nullable(schema(l.one(), false)) : array(schema(l.list().item(), false));
    }

    private static ObjectNode array(ObjectNode items) {
        ObjectNode s = NODES.objectNode();
        s.put("type", "array");
        s.set("items", items);
        return s;
    }

    /** The schema of a column's values: lists and objects with their items and fields. */
    private static ObjectNode column(Column c) {
        if (c.type().hasItems()) {
            return array(part(c.item()));
        }
        if (c.type().hasFields()) {
            ObjectNode s = NODES.objectNode();
            s.put("type", "object");
            ObjectNode properties = s.putObject("properties");
            ArrayNode required = NODES.arrayNode();
            for (Column f : c.fields()) {
                properties.set(f.name(), part(f));
                required.add(f.name());
            }
            s.set("required", required);
            s.put("additionalProperties", false);
            return s;
        }
        return scalar(c.type());
    }

    /** An item or field: null allowed when nullable, and for floats. */
    private static ObjectNode part(Column c) {
        return c.nullable() || c.type().isFloatingPoint() ? nullable(column(c)) : column(c);
    }

    private static ObjectNode scalar(ColumnType type) {
        ObjectNode s = NODES.objectNode();
        switch (type) {
            case BOOL -> s.put("type", "boolean");
            case INT -> s.put("type", "integer");
            case FLOAT, DECIMAL -> s.put("type", "number");
            case STRING -> s.put("type", "string");
            case DATETIME -> {
                s.put("type", "string");
                s.put("format", "date-time");
            }
            case BINARY -> {
                s.put("type", "string");
                s.put("contentEncoding", "base64");
            }
            case JSON -> {
                // any value
            }
            case LIST, OBJECT -> throw new IllegalStateException("nested types are described by column");
        }
        return s;
    }

    /** {@code schema} also allowing null (a schema without a type allows it already). */
    private static ObjectNode nullable(ObjectNode schema) {
        if (!schema.has("type")) {
            return schema;
        }
        ObjectNode s = schema.deepCopy();
        ArrayNode types = NODES.arrayNode();
        types.add(schema.get("type").asString());
        types.add("null");
        s.set("type", types);
        return s;
    }
}
