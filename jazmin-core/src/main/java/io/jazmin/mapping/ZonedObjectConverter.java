package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * {@code OffsetDateTime} and {@code ZonedDateTime} as nested columns (typed-values.md §3.2): an
 * {@code object} column {@code {at: datetime, zone: string}}, the instant in a real datetime (so
 * range filters and sorted indexes of other readers work on it) and the offset or zone id beside
 * it, so that nothing is lost to UTC. The instant follows the datetime rules (milliseconds, the
 * sub-millisecond policy, years 0001-9999). Inside json cells it keeps the ISO text of its scalar
 * converter.
 */
final class ZonedObjectConverter implements ValueConverter {
    static final String AT = "at";
    static final String ZONE = "zone";

    private final ValueConverter text;
    private final Function<Object, Instant> instant;
    private final Function<Object, ZoneId> zone;
    private final BiFunction<Instant, String, Object> create;

    private ZonedObjectConverter(ValueConverter text, Function<Object, Instant> instant, Function<Object, ZoneId> zone,
                                 BiFunction<Instant, String, Object> create) {
        this.text = text;
        this.instant = instant;
        this.zone = zone;
        this.create = create;
    }

    /** The object-column converter of {@code type} when it is one of the two zoned types, else {@code null}. */
    static ZonedObjectConverter of(Class<?> type, ValueConverter text) {
        if (type == OffsetDateTime.class) {
            return new ZonedObjectConverter(text, v -> ((OffsetDateTime) v).toInstant(),
                    v -> ((OffsetDateTime) v).getOffset(), (at, z) -> OffsetDateTime.ofInstant(at, ZoneOffset.of(z)));
        }
        if (type == ZonedDateTime.class) {
            return new ZonedObjectConverter(text, v -> ((ZonedDateTime) v).toInstant(),
                    v -> ((ZonedDateTime) v).getZone(), (at, z) -> ZonedDateTime.ofInstant(at, ZoneId.of(z)));
        }
        return null;
    }

    @Override
    public ColumnType storage() {
        return ColumnType.OBJECT;
    }

    @Override
    public String javaType() {
        return text.javaType();
    }

    @Override
    public Column define(String name, boolean nullable, String description) {
        List<Column> fields = List.of(Column.required(AT, ColumnType.DATETIME), Column.required(ZONE, ColumnType.STRING));
        return new Column(name, ColumnType.OBJECT, nullable, description, SchemaDeriver.attributes(this), null,
                fields);
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        Map<String, Object> out = new LinkedHashMap<>();
        ctx.push("." + AT);
        out.put(AT, Scalars.millis(instant.apply(value), ctx));
        ctx.pop();
        out.put(ZONE, zone.apply(value).getId());
        return out;
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        Map<?, ?> fields = (Map<?, ?>) cell;
        Object at = fields.get(AT);
        Object z = fields.get(ZONE);
        if (at == null || z == null) {
            throw ctx.fail(MappingException.Reason.NULL_VALUE, "'" + AT + "' and '" + ZONE + "' cannot be null");
        }
        try {
            return create.apply((Instant) at, (String) z);
        } catch (DateTimeException e) {
            ctx.push("." + ZONE);
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "'" + z + "' is not a valid zone: "
                    + e.getMessage());
        }
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return text.toJson(value, ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return text.fromJson(node, ctx);
    }
}
