package io.jazmin.mapping;

import io.jazmin.schema.ColumnType;
import io.jazmin.data.Row;
import io.jazmin.internal.column.ColumnVector;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.List;

/**
 * Maps rows of one file schema to instances of one class, compiled by {@link RowMapperCompiler}:
 * per member, where its cell is and how to convert it. Immutable and shareable; the mutable state
 * lives in the {@link MappingContext} passed in.
 *
 * <p>Each row is built by one method handle: the members' {@link SlotReaders readers} feed the
 * constructor directly, so values it takes as primitives are never boxed and no array of values is
 * made per row. The handle is called as a constant of a class of its own ({@link ConstantBuilders}),
 * so the JIT compiles readers and constructor into one piece.
 */
final class RowMapper<T> {
    /** Builds the instance for the context's row. */
    interface Builder {
        Object build(MappingContext ctx) throws Throwable;
    }

    /**
     * How one member is filled.
     *
     * @param position     the cell's position among {@link #select()}, -1 when the file lacks the column
     * @param filePosition the cell's position among the file's columns, -1 when it lacks the column
     */
    record Slot(String column, int position, int filePosition, boolean required, ValueConverter converter,
                ColumnType fileType, boolean foreign) {
        /** The member's value for {@code cell}, through its converter. */
        Object read(Object cell, MappingContext ctx) {
            if (cell == null) {
                return nullCell(ctx);
            }
            return foreign ? converter.fromForeignCell(fileType, cell, ctx) : converter.fromCell(cell, ctx);
        }

        /** The member's value for a null cell: refused when it cannot be null. */
        Object nullCell(MappingContext ctx) {
            if (required) {
                throw nullRefused(ctx);
            }
            return converter.nullValue();
        }

        MappingException nullRefused(MappingContext ctx) {
            return ctx.fail(MappingException.Reason.NULL_VALUE, "null cell for a member that cannot be null");
        }
    }

    private static final MethodHandle FILL_AND_CREATE = OwnHandles.find(MethodHandles.lookup(), "fillAndCreate",
            MethodType.methodType(Object.class, ClassModel.class, MethodHandle[].class, MappingContext.class));

    private final Class<T> type;
    private final List<String> select;
    /** The instance for the context's row, its cells in select order. */
    private final Builder bySelect;
    /** The same for rows holding every column of the file, in file order. */
    private final Builder byFile;

    RowMapper(Class<T> type, ClassModel model, List<Slot> slots, List<String> select) {
        this.type = type;
        this.select = List.copyOf(select);
        this.bySelect = ConstantBuilders.of(builder(model, slots, false));
        this.byFile = ConstantBuilders.of(builder(model, slots, true));
    }

    /** The columns to read, in the order {@link #map} expects them. */
    List<String> select() {
        return select;
    }

    /**
     * The instance for {@code row}.
     *
     * @param wholeRow whether {@code row} has every column of the file, in file order, rather than
     *                 the columns of {@link #select()}
     */
    T map(Row row, MappingContext ctx, boolean wholeRow) {
        ctx.startRow(row);
        return build(ctx, wholeRow ? byFile : bySelect);
    }

    /**
     * The instance for row {@code rowId}, at {@code position} of {@code vectors}, which hold the
     * columns of {@link #select()} in that order (a chunk as the engine decoded it).
     */
    T map(ColumnVector[] vectors, int position, long rowId, MappingContext ctx) {
        ctx.startRow(vectors, position, rowId);
        return build(ctx, bySelect);
    }

    private T build(MappingContext ctx, Builder builder) {
        try {
            return type.cast(builder.build(ctx));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            // A checked exception thrown by the type's own constructor or setters.
            throw ctx.fail(MappingException.Reason.INVALID_VALUE, "building " + type.getName()
                    + " failed: " + e).causedBy(e);
        }
    }

    /**
     * The constructor with each value read by its slot's reader: one handle {@code (MappingContext) -> Object}
     * from context to instance.
     */
    private static MethodHandle builder(ClassModel model, List<Slot> slots, boolean wholeRow) {
        List<Class<?>> members = model.valueTypes();
        MethodHandle[] readers = new MethodHandle[slots.size()];
        Class<?>[] valueTypes = new Class<?>[slots.size()];
        for (int i = 0; i < readers.length; i++) {
            Slot s = slots.get(i);
            readers[i] = SlotReaders.of(s, wholeRow ? s.filePosition() : s.position(), members.get(i));
            valueTypes[i] = readers[i].type().returnType();
        }
        if (!model.takesTyped(Arrays.asList(valueTypes))) {
            return wideBuilder(model, readers);
        }
        // (ctx, ..., ctx) -> Object: a context per reader, and the constructor's own last.
        MethodHandle filled = MethodHandles.filterArguments(
                model.constructor(MethodType.methodType(Object.class, valueTypes)), 0, readers);
        return MethodHandles.permuteArguments(filled, MethodType.methodType(Object.class, MappingContext.class),
                new int[readers.length + 1]);
    }

    /**
     * For classes wider than one method handle's parameters: the readers fill an array, then the
     * class is built from it (values boxed, still no reflection per row).
     */
    private static MethodHandle wideBuilder(ClassModel model, MethodHandle[] readers) {
        MethodHandle[] generic = new MethodHandle[readers.length];
        for (int i = 0; i < readers.length; i++) {
            generic[i] = readers[i].asType(MethodType.methodType(Object.class, MappingContext.class));
        }
        return MethodHandles.insertArguments(FILL_AND_CREATE, 0, model, generic);
    }

    private static Object fillAndCreate(ClassModel model, MethodHandle[] readers, MappingContext ctx)
            throws Throwable {
        Object[] values = new Object[readers.length];
        for (int i = 0; i < readers.length; i++) {
            values[i] = (Object) readers[i].invokeExact(ctx);
        }
        return model.create(values, ctx);
    }
}
