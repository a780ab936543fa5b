package io.jazmin.spring.data.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Turns Java values into the cell values the engine compares, the way the engine's object mapping
 * stores them: enums by name, {@code LocalDate} as midnight UTC, {@code LocalDateTime} read as UTC,
 * {@code BigInteger} as a decimal, other non-engine types by their text. Used for operands of
 * derived queries and keyset positions, whose Java type need not be the member's (an {@code int}
 * argument for a {@code long} member, a collection for {@code In}), and for rows given as maps.
 * Values of a member's own type (ids, entity rows written by appends, sort keys) go through the
 * engine's object mapping instead ({@link io.jazmin.mapping.JazminMapper#cellValue}), which also
 * knows the types these rules do not ({@code Duration}, {@code LocalTime}, type adapters).
 * {@link #fromCell} goes back for values read without the object mapping (interface projections).
 */
public final class CellValues {
    private CellValues() {
    }

    /**
     * The cell value of {@code value} ({@code null} stays {@code null}; collections item by item; an
     * {@code Optional} as its content, empty as {@code null}, like the object mapping stores it).
     */
    public static Object toCell(Object value) {
        if (value instanceof Optional<?> o) {
            return toCell(o.orElse(null));
        }
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Instant
                || value instanceof BigDecimal || value instanceof Long || value instanceof Double) {
            return value;
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float f) {
            return f.doubleValue();
        }
        if (value instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        if (value instanceof LocalDate d) {
            return d.atStartOfDay().toInstant(ZoneOffset.UTC);
        }
        if (value instanceof LocalDateTime t) {
            return t.toInstant(ZoneOffset.UTC);
        }
        if (value instanceof Date d) {
            return d.toInstant();
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(CellValues::toCell).toList();
        }
        if (value instanceof Object[] array) {
            return List.of(array).stream().map(CellValues::toCell).toList();
        }
        return value.toString();
    }

    /**
     * Whether {@link #fromCell} turns the cells of a member of {@code type} into values of that
     * type: the engine's own value types, their primitive and narrower forms and the types this
     * class converts. Members of other types (collections, nested objects, type adapters,
     * {@code Duration}, ...) need the object mapping.
     */
    public static boolean readsAs(Class<?> type) {
        return type.isPrimitive() || type.isEnum() || CELL_TYPES.contains(type);
    }

    private static final Set<Class<?>> CELL_TYPES = Set.of(String.class, Boolean.class, Long.class, Integer.class,
            Short.class, Byte.class, Double.class, Float.class, BigDecimal.class, BigInteger.class, Instant.class,
            LocalDate.class, LocalDateTime.class, UUID.class);

    /**
     * {@code cell} as a value of {@code type} where the cell's Java type differs from the one the
     * object mapping would produce (int cells into {@code Integer}, text into enums, datetimes into
     * dates); other values are returned unchanged.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object fromCell(Object cell, Class<?> type) {
        if (cell == null || type.isInstance(cell)) {
            return cell;
        }
        if (cell instanceof Long n) {
            if (type == int.class || type == Integer.class) {
                return Math.toIntExact(n);
            }
            if (type == short.class || type == Short.class) {
                return n.shortValue();
            }
            if (type == byte.class || type == Byte.class) {
                return n.byteValue();
            }
        }
        if (cell instanceof Double d && (type == float.class || type == Float.class)) {
            return d.floatValue();
        }
        if (cell instanceof BigDecimal d && type == BigInteger.class) {
            return d.toBigIntegerExact();
        }
        if (cell instanceof String s) {
            if (type.isEnum()) {
                return Enum.valueOf((Class<? extends Enum>) type, s);
            }
            if (type == UUID.class) {
                return UUID.fromString(s);
            }
        }
        if (cell instanceof Instant at) {
            if (type == LocalDate.class) {
                return LocalDate.ofInstant(at, ZoneOffset.UTC);
            }
            if (type == LocalDateTime.class) {
                return LocalDateTime.ofInstant(at, ZoneOffset.UTC);
            }
        }
        return cell;
    }
}
