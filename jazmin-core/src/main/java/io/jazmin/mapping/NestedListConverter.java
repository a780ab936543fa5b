package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A {@code List} or {@code Set} stored as a {@code list} column (spec §1.10): the cell is the
 * {@link List} of its item cells, items nullable. Inside json cells it is the JSON array of
 * {@link CollectionConverter}, which also builds the collection read.
 */
final class NestedListConverter implements ValueConverter {
    /** The name of a list column's item definition. */
    static final String ITEM = "item";

    private final CollectionConverter json;
    private final ValueConverter element;

    NestedListConverter(CollectionConverter json, ValueConverter element) {
        this.json = json;
        this.element = element;
    }

    @Override
    public ColumnType storage() {
        return ColumnType.LIST;
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
        return new Column(name, ColumnType.LIST, nullable, description, SchemaDeriver.attributes(this),
                element.define(ITEM, true, ""), List.of());
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        Collection<?> items = (Collection<?>) value;
        ctx.enter(value);
        ctx.checkItems(items.size());
        List<Object> out = new ArrayList<>(items.size());
        int i = 0;
        for (Object item : items) {
            ctx.push("[" + i++ + "]");
            out.add(element.isNull(item) ? null : element.toCell(item, ctx));
            ctx.pop();
        }
        ctx.exit(value);
        return out;
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        List<?> items = (List<?>) cell;
        ctx.enter(null);
        ctx.checkItems(items.size());
        Collection<Object> out = json.empty();
        for (int i = 0; i < items.size(); i++) {
            ctx.push("[" + i + "]");
            Object item = items.get(i);
            json.add(out, item == null ? element.nullValue() : element.fromCell(item, ctx), ctx);
            ctx.pop();
        }
        ctx.exit(null);
        return out;
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
