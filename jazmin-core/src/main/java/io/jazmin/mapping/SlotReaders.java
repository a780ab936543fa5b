package io.jazmin.mapping;

import io.jazmin.internal.column.ColumnVector;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;

/**
 * Readers of one member's value from the row being mapped (the decoded vectors
 * {@link MappingContext#vector} views), as method handles {@code (MappingContext) -> value} that
 * {@link RowMapper} feeds straight to the constructor.
 *
 * <p>A member whose converter is the built-in one of its own type, reading a column of exactly that
 * storage type, is read directly from the column's vector, the reader chosen by the column's type
 * when the mapper is compiled rather than by a switch per cell: {@code long}, {@code int},
 * {@code Integer}, {@code double} and {@code boolean} from its primitive values (no boxed cell in
 * between), {@code Long}, {@code Double}, {@code Boolean} and {@code Instant} boxed as
 * {@link io.jazmin.data.Row#get(int)} boxes them, and strings as the cell itself, with no converter
 * call. Their checks are the converters' own (null policy, {@code int} range, text length), with the
 * same errors. Every other member (adapters, lenient conversions, nested columns, other types) goes
 * through its converter.
 */
final class SlotReaders {
    private static final MethodHandle CONVERTED = find("converted", Object.class);
    private static final MethodHandle TEXT = find("text", Object.class);
    private static final MethodHandle LONG = find("int64", long.class);
    private static final MethodHandle INT = find("int32", int.class);
    private static final MethodHandle INTEGER = find("integer", Integer.class);
    private static final MethodHandle DOUBLE = find("float64", double.class);
    private static final MethodHandle BOOLEAN = find("bool", boolean.class);
    private static final MethodHandle BOXED = find("boxed", Object.class);

    private SlotReaders() {
    }

    /**
     * The reader of {@code slot}'s member, declared as {@code member}, taking its cell at
     * {@code position} of the row (-1: the file has no such column, so the member's null value).
     */
    static MethodHandle of(RowMapper.Slot slot, int position, Class<?> member) {
        if (position < 0) {
            return MethodHandles.dropArguments(MethodHandles.constant(Object.class, slot.converter().nullValue()), 0,
                    MappingContext.class);
        }
        return MethodHandles.insertArguments(reader(slot, member), 0, slot, position);
    }

    private static MethodHandle reader(RowMapper.Slot slot, Class<?> member) {
        if (slot.foreign() || slot.converter() != Scalars.find(member)) {
            return CONVERTED;
        }
        MethodHandle direct = switch (slot.fileType()) {
            case INT -> member == long.class ? LONG : member == int.class ? INT : member == Integer.class ? INTEGER
                    : member == Long.class ? BOXED : null;
            case FLOAT -> member == double.class ? DOUBLE : member == Double.class ? BOXED : null;
            case BOOL -> member == boolean.class ? BOOLEAN : member == Boolean.class ? BOXED : null;
            case DATETIME -> member == Instant.class ? BOXED : null;
            case STRING -> member == String.class ? TEXT : null;
            case DECIMAL, BINARY, JSON, LIST, OBJECT -> null;
        };
        return direct != null ? direct : CONVERTED;
    }

    private static Object converted(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        return s.read(ctx.cell(i), ctx);
    }

    private static Object text(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        ColumnVector v = ctx.vector(i);
        int p = ctx.position();
        if (v.isNull(p)) {
            return s.nullCell(ctx);
        }
        // A chunk's strings whose bytes are within the limit are not measured one by one (each a load
        // of a string another thread built).
        return v.textsAtMost(ctx.maxTextLength()) ? v.objectAt(p) : Scalars.text(v.objectAt(p), ctx);
    }

    private static long int64(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getLong(ctx.position());
    }

    private static int int32(RowMapper.Slot s, int i, MappingContext ctx) {
        return narrow(present(s, i, ctx).getLong(ctx.position()), ctx);
    }

    private static Integer integer(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        ColumnVector v = ctx.vector(i);
        int p = ctx.position();
        return v.isNull(p) ? (Integer) s.nullCell(ctx) : Integer.valueOf(narrow(v.getLong(p), ctx));
    }

    private static double float64(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getDouble(ctx.position());
    }

    private static boolean bool(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getBoolean(ctx.position());
    }

    /**
     * A boxed member ({@code Long}, {@code Double}, {@code Boolean}, {@code Instant}) of a column of its
     * own type: the box {@link io.jazmin.data.Row#get(int)} makes. The slot is a constant of the compiled
     * handle, so the switch over its column's type is decided once, not per cell.
     */
    private static Object boxed(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        ColumnVector v = ctx.vector(i);
        int p = ctx.position();
        if (v.isNull(p)) {
            return s.nullCell(ctx);
        }
        return switch (s.fileType()) {
            case INT -> Long.valueOf(v.getLong(p));
            case FLOAT -> Double.valueOf(v.getDouble(p));
            case BOOL -> Boolean.valueOf(v.getBoolean(p));
            case DATETIME -> Instant.ofEpochMilli(v.getLong(p));
            case STRING, DECIMAL, BINARY, JSON, LIST, OBJECT -> throw new IllegalStateException(
                    "no boxed reader of a " + s.fileType().typeName() + " column");
        };
    }

    /** The vector holding cell {@code i}, once the cell is known not null (a primitive member cannot take null). */
    private static ColumnVector present(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        ColumnVector v = ctx.vector(i);
        if (v.isNull(ctx.position())) {
            throw s.nullRefused(ctx);
        }
        return v;
    }

    private static int narrow(long value, MappingContext ctx) {
        return (int) Scalars.range(value, Integer.MIN_VALUE, Integer.MAX_VALUE, "Integer", ctx);
    }

    private static MethodHandle find(String name, Class<?> returns) {
        return OwnHandles.find(MethodHandles.lookup(), name,
                MethodType.methodType(returns, RowMapper.Slot.class, int.class, MappingContext.class));
    }
}
