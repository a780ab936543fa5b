package io.jazmin.mapping;

import io.jazmin.data.Row;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;
import java.util.Set;

/**
 * Readers of one member's value from the row being mapped ({@link MappingContext#row()}), as method
 * handles {@code (MappingContext) -> value} that {@link RowMapper} feeds straight to the constructor.
 *
 * <p>A member whose converter is the built-in one of its own type, reading a column of exactly that
 * storage type, is read directly: {@code long}, {@code int}, {@code Integer}, {@code double} and
 * {@code boolean} from the column's primitive values (no boxed cell in between), and types whose
 * conversion is the identity as the cell itself, with no converter call. Their checks are the
 * converters' own (null policy, {@code int} range, text length), with the same errors. Every other
 * member (adapters, lenient conversions, nested columns, other types) goes through its converter.
 */
final class SlotReaders {
    private static final MethodHandle CONVERTED = find("converted", Object.class);
    private static final MethodHandle SAME = find("same", Object.class);
    private static final MethodHandle TEXT = find("text", Object.class);
    private static final MethodHandle LONG = find("int64", long.class);
    private static final MethodHandle INT = find("int32", int.class);
    private static final MethodHandle INTEGER = find("integer", Integer.class);
    private static final MethodHandle DOUBLE = find("float64", double.class);
    private static final MethodHandle BOOLEAN = find("bool", boolean.class);
    /** Member types whose built-in converter returns the cell as it is. */
    private static final Set<Class<?>> SAME_TYPES = Set.of(Long.class, Double.class, Boolean.class, Instant.class);

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
        if (member == long.class) {
            return LONG;
        }
        if (member == int.class) {
            return INT;
        }
        if (member == Integer.class) {
            return INTEGER;
        }
        if (member == double.class) {
            return DOUBLE;
        }
        if (member == boolean.class) {
            return BOOLEAN;
        }
        if (member == String.class) {
            return TEXT;
        }
        return SAME_TYPES.contains(member) ? SAME : CONVERTED;
    }

    private static Object converted(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        return s.read(ctx.row().get(i), ctx);
    }

    private static Object same(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        Object cell = ctx.row().get(i);
        return cell == null ? s.nullCell(ctx) : cell;
    }

    private static Object text(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        Object cell = ctx.row().get(i);
        return cell == null ? s.nullCell(ctx) : Scalars.text(cell, ctx);
    }

    private static long int64(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getLong(i);
    }

    private static int int32(RowMapper.Slot s, int i, MappingContext ctx) {
        return narrow(present(s, i, ctx).getLong(i), ctx);
    }

    private static Integer integer(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        Row row = ctx.row();
        return row.isNull(i) ? (Integer) s.nullCell(ctx) : Integer.valueOf(narrow(row.getLong(i), ctx));
    }

    private static double float64(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getDouble(i);
    }

    private static boolean bool(RowMapper.Slot s, int i, MappingContext ctx) {
        return present(s, i, ctx).getBoolean(i);
    }

    /** The row, once its cell {@code i} is known not null (a primitive member cannot take null). */
    private static Row present(RowMapper.Slot s, int i, MappingContext ctx) {
        ctx.column(s.column());
        Row row = ctx.row();
        if (row.isNull(i)) {
            throw s.nullRefused(ctx);
        }
        return row;
    }

    private static int narrow(long value, MappingContext ctx) {
        return (int) Scalars.range(value, Integer.MIN_VALUE, Integer.MAX_VALUE, "Integer", ctx);
    }

    private static MethodHandle find(String name, Class<?> returns) {
        return OwnHandles.find(MethodHandles.lookup(), name,
                MethodType.methodType(returns, RowMapper.Slot.class, int.class, MappingContext.class));
    }
}
