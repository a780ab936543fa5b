package io.jazmin.mapping;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.Optional;
import java.util.OptionalDouble;
import tools.jackson.databind.JsonNode;

/**
 * The {@code REJECT} NaN/±Infinity policy of one member marked {@code @JazminFinite}
 * (typed-values.md §3.5): the member's own converter, refusing non-finite values on write and on
 * read. The file format itself would hold them; the member's contract is that they never occur.
 */
final class FiniteConverter extends WrappingConverter {

    private FiniteConverter(ValueConverter inner) {
        super(inner);
    }

    /** {@code inner} with the policy; {@code where} names the member when it is not floating point. */
    static FiniteConverter of(ValueConverter inner, String where) {
        if (!inner.storage().isFloatingPoint()) {
            throw MappingException.schema(MappingException.Reason.UNSUPPORTED_TYPE, where, "@JazminFinite is for "
                    + "double, float, their boxes and optionals, not a " + inner.storage().typeName() + " column");
        }
        return new FiniteConverter(inner);
    }

    /** {@code value} (a Double, Float or an optional of one), refused when it is NaN or infinite. */
    private static Object finite(Object value, MappingContext ctx) {
        Object v = value instanceof Optional<?> o ? o.orElse(null)
                : value instanceof OptionalDouble o && o.isPresent() ? (Object) o.getAsDouble() : value;
        if (v instanceof Number n && !Double.isFinite(n.doubleValue())) {
            throw ctx.fail(MappingException.Reason.NOT_FINITE, n + " is not finite, and the member is @JazminFinite");
        }
        return value;
    }

    @Override
    public Column define(String name, boolean nullable, String description) {
        return inner.define(name, nullable, description);
    }

    @Override
    public boolean isNull(Object value) {
        return inner.isNull(value);
    }

    @Override
    public Object nullValue() {
        return inner.nullValue();
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        return inner.toCell(finite(value, ctx), ctx);
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        return finite(inner.fromCell(cell, ctx), ctx);
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return inner.toJson(finite(value, ctx), ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return finite(inner.fromJson(node, ctx), ctx);
    }

    @Override
    public Object fromForeignCell(ColumnType type, Object cell, MappingContext ctx) {
        return finite(inner.fromForeignCell(type, cell, ctx), ctx);
    }
}
