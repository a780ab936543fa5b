package io.jazmin.spring.data.core;

import io.jazmin.mapping.JavaCells;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;

/**
 * Turns Java values into the cell values the engine compares, by the engine's one Java-to-cell
 * table ({@link JavaCells}, the rules the object mapping stores members by: enums by name,
 * {@code LocalDate} as midnight UTC, {@code LocalDateTime} read as UTC, {@code BigInteger} as a
 * decimal, {@code Duration} as seconds, ...). Used for operands of derived queries and keyset
 * positions, whose Java type need not be the member's (an {@code int} argument for a {@code long}
 * member, a collection for {@code In}), and for rows given as maps; datetimes keep their
 * sub-millisecond digits ({@link JavaCells#toOperand}), as before. What is Spring's own here:
 * {@code Optional}s, collections and arrays item by item, {@link Date} (a Spring Data temporal type
 * the table does not name) as its instant, values that are already cells passed unchanged (so an
 * operand is compared as given), and any other type by its text. Values of a member's own type (ids,
 * entity rows written by appends, sort keys) go through the engine's object mapping instead
 * ({@link io.jazmin.mapping.JazminMapper#cellValue}), which also knows type adapters.
 * {@link #fromCell} goes back for values read without the object mapping (interface projections).
 */
public final class CellValues {
    private CellValues() {
    }

    /**
     * The cell value of {@code value} ({@code null} stays {@code null}; collections item by item; an
     * {@code Optional} as its content, empty as {@code null}, like the object mapping stores it).
     *
     * @throws io.jazmin.mapping.MappingException when the table refuses the value (a {@code Pattern}
     *                                            compiled with flags its text does not spell, say)
     */
    public static Object toCell(Object value) {
        if (value instanceof Optional<?> o) {
            return toCell(o.orElse(null));
        }
        if (value == null || JavaCells.isCell(value)) {
            return value;
        }
        if (JavaCells.converts(value)) {
            return JavaCells.toOperand(value);
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
     * type: the types the engine's Java-to-cell table names ({@link JavaCells#names}) and their
     * primitives. Members of other types (collections, nested objects, type adapters) need the
     * object mapping.
     */
    public static boolean readsAs(Class<?> type) {
        return JavaCells.names(type);
    }

    /**
     * {@code cell} as a value of {@code type} where the cell's Java type differs from the member's
     * (int cells into {@code Integer}, text into enums, datetimes into dates), by the engine's table;
     * values of another type than the table reads {@code type} from are returned unchanged.
     *
     * @throws io.jazmin.mapping.MappingException when the cell is no value of {@code type} (out of
     *                                            its range, an unknown enum constant, ...)
     */
    public static Object fromCell(Object cell, Class<?> type) {
        if (cell == null || type.isInstance(cell) || !JavaCells.names(type)
                || !JavaCells.columnType(type).valueClass().isInstance(cell)) {
            return cell;
        }
        return JavaCells.fromCell(cell, type);
    }
}
