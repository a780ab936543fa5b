package io.jazmin.mapping;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.ColumnType;
import java.util.Set;
import java.util.function.Function;

/**
 * The one table of Java scalar types and their cells (typed-values.md §3.2): for each Java type,
 * the column type it is stored in and how a value becomes a cell and back. The object mapping's
 * members use it, and so do the modules that convert values without a mapped type: Spring's query
 * operands and projections ({@code CellValues}) and Spark's writes and reads of narrower Java
 * numbers ({@code WriteConverter}, {@code CatalystConverter}). Adding a type to the table adds it
 * everywhere. The types and their rules are listed on the mapper's scalar table: the column types'
 * own Java values, narrower numbers, {@code BigInteger}, {@code Duration}, {@code java.time} types,
 * {@code UUID}, {@code URI}, enums by name and the others.
 *
 * <p>Conversions here use {@link MappingOptions#defaults()} (strict, sub-millisecond instants
 * refused); a value the table cannot store, or a cell that is not a value of the type, is a
 * {@link MappingException}.
 */
public final class JavaCells {
    private static final MappingOptions OPTIONS = MappingOptions.defaults();
    private static final JsonCodec JSON = new JsonCodec(OPTIONS);
    /** Scalar conversions never nest, so one context per thread serves every call. */
    private static final ThreadLocal<MappingContext> CONTEXT = ThreadLocal.withInitial(() -> new MappingContext(OPTIONS, JSON));
    private static final ClassValue<ScalarConverter> ENUMS = new ClassValue<>() {
        @Override
        protected ScalarConverter computeValue(Class<?> type) {
            return Scalars.forEnum(type);
        }
    };
    /**
     * The converter of a value's class: the table names abstract types ({@code ZoneId}, {@code Path},
     * {@code InetAddress}, {@code ByteBuffer}), whose values are of a subclass or an implementation.
     */
    private static final ClassValue<ScalarConverter> OF_VALUE = new ClassValue<>() {
        @Override
        protected ScalarConverter computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                ScalarConverter found = converter(c);
                if (found != null) {
                    return found;
                }
                for (Class<?> i : c.getInterfaces()) {
                    ScalarConverter byInterface = Scalars.find(i);
                    if (byInterface != null) {
                        return byInterface;
                    }
                }
            }
            return null;
        }
    };

    private JavaCells() {
    }

    /** Every Java type the table names (boxed types for primitives), enums apart: every enum is stored by name. */
    public static Set<Class<?>> types() {
        return Scalars.types();
    }

    /** Whether the table names {@code type}: one of {@link #types()}, its primitive, or an enum. */
    public static boolean names(Class<?> type) {
        return converter(type) != null;
    }

    /**
     * Whether {@link #toCell} converts {@code value}: its class, a superclass or an interface of it is
     * named ({@code Inet4Address} through {@code InetAddress}, an enum constant's class through its enum).
     */
    public static boolean converts(Object value) {
        return value != null && OF_VALUE.get(value.getClass()) != null;
    }

    /** Whether {@code value} is already a cell: a value of a scalar column type's own Java class ({@link ColumnType#valueClass()}). */
    public static boolean isCell(Object value) {
        if (value == null) {
            return false;
        }
        ScalarConverter c = OF_VALUE.get(value.getClass());
        return c != null && c.javaType() == null;
    }

    /**
     * The column type values of {@code type} are stored in.
     *
     * @throws JazminValidationException when the table does not name {@code type}
     */
    public static ColumnType columnType(Class<?> type) {
        return require(type).storage();
    }

    /**
     * The cell of {@code value} ({@code null} stays {@code null}).
     *
     * @throws JazminValidationException when the table does not name the value's type
     * @throws MappingException           when the value cannot be stored (a sub-millisecond instant, a
     *                                    decimal of negative scale, a date outside years 1 to 9999, ...)
     */
    public static Object toCell(Object value) {
        if (value == null) {
            return null;
        }
        return toCell(ofValue(value), value);
    }

    /**
     * The cell a filter compares {@code value} as ({@code null} stays {@code null}): {@link #toCell},
     * except that a datetime keeps its sub-millisecond digits and any year, since the engine compares
     * operands exactly and never stores them.
     *
     * @throws JazminValidationException when the table does not name the value's type
     * @throws MappingException           when the value has no cell otherwise
     */
    public static Object toOperand(Object value) {
        if (value == null) {
            return null;
        }
        ScalarConverter c = ofValue(value);
        MappingContext ctx = context();
        ctx.operands(true);
        try {
            return c.toCell(value, ctx);
        } finally {
            ctx.operands(false);
        }
    }

    /**
     * The conversion of values of {@code type} to cells, looked up once ({@code null} stays
     * {@code null}), for callers converting many values of one type.
     *
     * @throws JazminValidationException when the table does not name {@code type}
     */
    public static Function<Object, Object> toCellFunction(Class<?> type) {
        ScalarConverter c = require(type);
        return v -> v == null ? null : toCell(c, v);
    }

    /**
     * {@code cell} as a value of {@code type} ({@code null} stays {@code null}).
     *
     * @throws JazminValidationException when the table does not name {@code type}, or {@code cell} is
     *                                    not a value of the column type {@code type} is stored in
     * @throws MappingException           when the cell is no value of {@code type} (out of its range,
     *                                    not its text form, ...)
     */
    public static Object fromCell(Object cell, Class<?> type) {
        return fromCellFunction(type).apply(cell);
    }

    /**
     * The conversion of cells to values of {@code type}, looked up once ({@code null} stays
     * {@code null}); it throws as {@link #fromCell} does.
     *
     * @throws JazminValidationException when the table does not name {@code type}
     */
    public static Function<Object, Object> fromCellFunction(Class<?> type) {
        ScalarConverter c = require(type);
        Class<?> cells = c.storage().valueClass();
        return cell -> {
            if (cell == null) {
                return null;
            }
            if (!cells.isInstance(cell)) {
                throw new JazminValidationException(cell.getClass().getName() + " is not a cell of type "
                        + c.storage().typeName() + ", which " + type.getName() + " is read from");
            }
            return c.fromCell(cell, context());
        };
    }

    private static Object toCell(ScalarConverter c, Object value) {
        try {
            return c.toCell(value, context());
        } catch (ClassCastException e) {
            throw new JazminValidationException(value.getClass().getName() + " is not a value of the type converted here");
        }
    }

    private static MappingContext context() {
        MappingContext ctx = CONTEXT.get();
        ctx.startRow(-1, null);
        return ctx;
    }

    private static ScalarConverter converter(Class<?> type) {
        ScalarConverter c = Scalars.find(type);
        return c != null || !type.isEnum() ? c : ENUMS.get(type);
    }

    private static ScalarConverter ofValue(Object value) {
        ScalarConverter c = OF_VALUE.get(value.getClass());
        if (c == null) {
            throw new JazminValidationException(value.getClass().getName() + " is not a Java type of the cell table (JavaCells.types())");
        }
        return c;
    }

    private static ScalarConverter require(Class<?> type) {
        ScalarConverter c = converter(type);
        if (c == null) {
            throw new JazminValidationException(type.getName() + " is not a Java type of the cell table (JavaCells.types())");
        }
        return c;
    }
}
