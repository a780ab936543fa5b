package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * {@code Optional<T>}, {@code OptionalInt}, {@code OptionalLong} and {@code OptionalDouble}: a nullable
 * column of the inner type, empty ⇄ null; a {@code null} Optional member is written as empty.
 */
final class OptionalConverter extends WrappingConverter {
    private final Predicate<Object> present;
    private final Function<Object, Object> unwrap;
    private final Function<Object, Object> wrap;
    private final Object empty;

    private OptionalConverter(ValueConverter inner, Predicate<Object> present, Function<Object, Object> unwrap,
                              Function<Object, Object> wrap, Object empty) {
        super(inner);
        this.present = present;
        this.unwrap = unwrap;
        this.wrap = wrap;
        this.empty = empty;
    }

    static OptionalConverter of(ValueConverter inner) {
        return new OptionalConverter(inner, o -> ((Optional<?>) o).isPresent(), o -> ((Optional<?>) o).get(),
                Optional::of, Optional.empty());
    }

    static OptionalConverter ofInt() {
        return new OptionalConverter(Scalars.find(Integer.class), o -> ((OptionalInt) o).isPresent(),
                o -> ((OptionalInt) o).getAsInt(), v -> OptionalInt.of((Integer) v), OptionalInt.empty());
    }

    static OptionalConverter ofLong() {
        return new OptionalConverter(Scalars.find(Long.class), o -> ((OptionalLong) o).isPresent(),
                o -> ((OptionalLong) o).getAsLong(), v -> OptionalLong.of((Long) v), OptionalLong.empty());
    }

    static OptionalConverter ofDouble() {
        return new OptionalConverter(Scalars.find(Double.class), o -> ((OptionalDouble) o).isPresent(),
                o -> ((OptionalDouble) o).getAsDouble(), v -> OptionalDouble.of((Double) v), OptionalDouble.empty());
    }

    @Override
    public boolean isNull(Object value) {
        return value == null || !present.test(value) || inner.isNull(unwrap.apply(value));
    }

    @Override
    public Object nullValue() {
        return empty;
    }

    @Override
    public Object toCell(Object value, MappingContext ctx) {
        return inner.toCell(unwrap.apply(value), ctx);
    }

    @Override
    public Object fromCell(Object cell, MappingContext ctx) {
        return wrap.apply(inner.fromCell(cell, ctx));
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        return inner.toJson(unwrap.apply(value), ctx);
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        return wrap.apply(inner.fromJson(node, ctx));
    }

    @Override
    public Object fromForeignCell(ColumnType type, Object cell, MappingContext ctx) {
        return wrap.apply(inner.fromForeignCell(type, cell, ctx));
    }
}
