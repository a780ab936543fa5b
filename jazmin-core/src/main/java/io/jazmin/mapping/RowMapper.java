package io.jazmin.mapping;

import io.jazmin.ColumnType;
import io.jazmin.Row;
import java.util.List;

/**
 * Maps rows of one file schema to instances of one class, compiled by {@link RowMapperCompiler}:
 * per member, where its cell is and how to convert it. Immutable and shareable; the mutable state
 * lives in the {@link MappingContext} passed in.
 */
final class RowMapper<T> {
    /** How one member is filled. */
    record Slot(String column, int position, boolean required, ValueConverter converter, ColumnType fileType,
                boolean foreign) {
        Object read(Object cell, MappingContext ctx) {
            if (cell == null) {
                if (required) {
                    throw ctx.fail(MappingException.Reason.NULL_VALUE, "null cell for a member that cannot be null");
                }
                return converter.nullValue();
            }
            return foreign ? converter.fromForeignCell(fileType, cell, ctx) : converter.fromCell(cell, ctx);
        }
    }

    private final Class<T> type;
    private final ClassModel model;
    private final Slot[] slots;
    private final List<String> select;

    RowMapper(Class<T> type, ClassModel model, List<Slot> slots, List<String> select) {
        this.type = type;
        this.model = model;
        this.slots = slots.toArray(Slot[]::new);
        this.select = List.copyOf(select);
    }

    /** The columns to read, in the order {@link #map} expects them. */
    List<String> select() {
        return select;
    }

    /**
     * The instance for {@code row}.
     *
     * @param byName whether to look cells up by name ({@code row} has all columns) rather than by
     *               position in {@link #select()}
     */
    T map(Row row, MappingContext ctx, boolean byName) {
        ctx.startRow(row.rowId(), null);
        Object[] values = new Object[slots.length];
        for (int i = 0; i < slots.length; i++) {
            Slot s = slots[i];
            if (s.position < 0) {
                values[i] = s.converter.nullValue();
                continue;
            }
            ctx.column(s.column);
            values[i] = s.read(byName ? row.get(s.column) : row.get(s.position), ctx);
        }
        return type.cast(model.create(values, ctx));
    }
}
