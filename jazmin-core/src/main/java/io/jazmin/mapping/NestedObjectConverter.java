package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A record or POJO stored as an {@code object} column (spec §1.10): one field per mapped member,
 * in member order, the cell a {@link Map} of field cells. Fields missing from a cell (an older,
 * shorter definition) read as null. Inside json cells it is the JSON object of
 * {@link ObjectConverter}.
 */
final class NestedObjectConverter implements ValueConverter {
    private final ObjectConverter json;
    private final ClassModel model;
    private final ValueConverter[] members;

    NestedObjectConverter(ObjectConverter json, ClassModel model, List<ValueConverter> members) {
        this.json = json;
        this.model = model;
        this.members = members.toArray(ValueConverter[]::new);
    }

    @Override
    public ColumnType storage() {
        return ColumnType.OBJECT;
    }

    @Override
    public String javaType() {
        return json.javaType();
    }

    @Override
    public String legacyJavaType() {
        return json.legacyJavaType();
    }

    @Override
    public Column define(String name, boolean nullable, String description) {
        List<Property> properties = model.properties();
        List<Column> fields = new ArrayList<>(members.length);
        for (int i = 0; i < members.length; i++) {
            Property p = properties.get(i);
            fields.add(members[i].define(p.name(), !p.required(), p.description()));
        }
        return new Column(name, ColumnType.OBJECT, nullable, description, SchemaDeriver.attributes(this), null,
                fields);
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        ctx.enter(value);
        Map<String, Object> out = new LinkedHashMap<>();
        List<Property> properties = model.properties();
        for (int i = 0; i < members.length; i++) {
            Property p = properties.get(i);
            ctx.push("." + p.name());
            Object v = p.get(value);
            if (members[i].isNull(v)) {
                if (p.required()) {
                    throw ctx.fail(MappingException.Reason.NULL_VALUE, "null in non-null member " + p.member());
                }
                out.put(p.name(), null);
            } else {
                out.put(p.name(), members[i].toCell(v, ctx));
            }
            ctx.pop();
        }
        ctx.exit(value);
        return out;
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        Map<?, ?> fields = (Map<?, ?>) cell;
        ctx.enter(null);
        List<Property> properties = model.properties();
        Object[] values = new Object[members.length];
        for (int i = 0; i < members.length; i++) {
            Property p = properties.get(i);
            ctx.push("." + p.name());
            Object field = fields.get(p.name());
            if (field == null) {
                if (p.required()) {
                    throw ctx.fail(MappingException.Reason.NULL_VALUE, "missing or null, but " + p.member()
                            + " cannot be null");
                }
                values[i] = members[i].nullValue();
            } else {
                values[i] = members[i].fromCell(field, ctx);
            }
            ctx.pop();
        }
        ctx.exit(null);
        return model.create(values, ctx);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return json.toJson(value, ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return json.fromJson(node, ctx);
    }
}
