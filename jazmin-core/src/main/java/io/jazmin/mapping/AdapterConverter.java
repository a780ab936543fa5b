package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import tools.jackson.databind.JsonNode;

/** Runs a registered {@link JazminTypeAdapter}; its failures become {@code ADAPTER_FAILED} errors. */
final class AdapterConverter implements ValueConverter {
    private final JazminTypeAdapter<Object> adapter;

    @SuppressWarnings("unchecked")
    AdapterConverter(JazminTypeAdapter<?> adapter) {
        this.adapter = (JazminTypeAdapter<Object>) adapter;
    }

    @Override
    public ColumnType storage() {
        return adapter.storage();
    }

    @Override
    public String javaType() {
        return adapter.logicalName();
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        try {
            return adapter.write(value);
        } catch (RuntimeException e) {
            throw ctx.fail(MappingException.Reason.ADAPTER_FAILED, "adapter " + adapter.logicalName() + ": " + e);
        }
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        try {
            return adapter.read(cell);
        } catch (RuntimeException e) {
            throw ctx.fail(MappingException.Reason.ADAPTER_FAILED, "adapter " + adapter.logicalName() + ": " + e);
        }
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return Cells.toJson(storage(), toCell(value, ctx), ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return fromCell(Cells.fromJson(storage(), node, ctx), ctx);
    }
}
