package io.jazmin.spark.types;

import io.jazmin.error.JazminValidationException;
import io.jazmin.mapping.JavaCells;
import io.jazmin.mapping.MappingException;
import io.jazmin.schema.Column;
import io.jazmin.schema.JsonText;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Turns the Java values of a JAZMIN column into Spark's internal values for a Spark type: the
 * mapped type of {@link SchemaMapper}, or, for decimals, a {@link DecimalType} of a user schema (a
 * value of smaller scale is widened exactly; one of larger scale or too many digits fails); ints may
 * be read as int, smallint or tinyint and floats as float (as a catalog table declares them, whose
 * writes widened them), a value that does not fit failing (those Java values through the engine's
 * one Java-to-cell table, {@link JavaCells}; the rest are Spark's internal forms, a table of their own).
 * Built once per column and file, so rows pay no type dispatch.
 */
public final class CatalystConverter {
    private CatalystConverter() {
    }

    /**
     * The converter for {@code column} read as {@code type}; it maps {@code null} to {@code null}.
     *
     * @throws JazminValidationException when the column's type cannot be read as {@code type}
     */
    public static Function<Object, Object> of(Column column, DataType type) {
        Function<Object, Object> f = nonNull(column, type);
        return v -> v == null ? null : f.apply(v);
    }

    private static Function<Object, Object> nonNull(Column column, DataType type) {
        return switch (column.type()) {
            case BOOL -> expect(column, type, DataTypes.BooleanType, Function.identity());
            case INT -> {
                Class<?> narrower = type instanceof IntegerType ? Integer.class : type instanceof ShortType ? Short.class
                        : type instanceof ByteType ? Byte.class : null;
                if (narrower != null) {
                    Function<Object, Object> read = JavaCells.fromCellFunction(narrower);
                    yield v -> narrow(column, v, type, read);
                }
                yield expect(column, type, DataTypes.LongType, Function.identity());
            }
            case FLOAT -> {
                if (type instanceof FloatType) {
                    Function<Object, Object> read = JavaCells.fromCellFunction(Float.class);
                    yield v -> toFloat(column, v, read);
                }
                yield expect(column, type, DataTypes.DoubleType, Function.identity());
            }
            case STRING -> expect(column, type, DataTypes.StringType, v -> UTF8String.fromString((String) v));
            case JSON -> expect(column, type, DataTypes.StringType, v -> UTF8String.fromString(((JsonText) v).text()));
            case BINARY -> expect(column, type, DataTypes.BinaryType, Function.identity());
            case DATETIME -> expect(column, type, DataTypes.TimestampType, v -> micros(column, (Instant) v));
            case DECIMAL -> {
                if (type instanceof DecimalType d) {
                    yield v -> decimal(column, (BigDecimal) v, d);
                }
                yield expect(column, type, DataTypes.StringType, v -> UTF8String.fromString(((BigDecimal) v).toPlainString()));
            }
            case LIST -> {
                if (type instanceof ArrayType a) {
                    Function<Object, Object> item = of(column.item(), a.elementType());
                    yield v -> new GenericArrayData(((List<?>) v).stream().map(item).toArray());
                }
                throw mismatch(column, type);
            }
            case OBJECT -> {
                if (type instanceof StructType s) {
                    yield struct(column, s);
                }
                throw mismatch(column, type);
            }
        };
    }

    private static Function<Object, Object> struct(Column column, StructType type) {
        StructField[] fields = type.fields();
        String[] names = new String[fields.length];
        @SuppressWarnings("unchecked")
        Function<Object, Object>[] converters = new Function[fields.length];
        for (int i = 0; i < fields.length; i++) {
            StructField wanted = fields[i];
            names[i] = wanted.name();
            Column field = column.fields().stream().filter(c -> c.name().equals(wanted.name())).findFirst().orElse(null);
            // A field the file's schema lacks (added later elsewhere) reads as null.
            converters[i] = field == null ? v -> null : of(field, wanted.dataType());
        }
        return v -> {
            Map<?, ?> object = (Map<?, ?>) v;
            Object[] values = new Object[names.length];
            for (int i = 0; i < names.length; i++) {
                values[i] = converters[i].apply(object.get(names[i]));
            }
            return new GenericInternalRow(values);
        };
    }

    private static Function<Object, Object> expect(Column column, DataType actual, DataType wanted, Function<Object, Object> f) {
        if (!actual.sameType(wanted)) {
            throw mismatch(column, actual);
        }
        return f;
    }

    private static JazminValidationException mismatch(Column column, DataType type) {
        return new JazminValidationException("column '" + column.name() + "' is " + column.type().typeName()
                + " in the file and cannot be read as Spark " + type.simpleString());
    }

    /**
     * An int read as a narrower Spark integer (a table declared {@code INT}, {@code SMALLINT} or
     * {@code TINYINT}, whose writes widened to JAZMIN's int), by the engine's table: a value out of
     * its range fails.
     */
    private static Object narrow(Column column, Object v, DataType type, Function<Object, Object> read) {
        try {
            return read.apply(v);
        } catch (MappingException e) {
            throw new JazminValidationException("column '" + column.name() + "': " + v + " does not fit Spark "
                    + type.simpleString() + " (read it as bigint)");
        }
    }

    /** A float read as Spark's 4-byte float: only values a float holds exactly (NaN and infinities too). */
    private static Object toFloat(Column column, Object v, Function<Object, Object> read) {
        try {
            return read.apply(v);
        } catch (MappingException e) {
            throw new JazminValidationException("column '" + column.name() + "': " + v + " is not exactly a Spark float"
                    + " (read it as double)");
        }
    }

    private static Object micros(Column column, Instant v) {
        return timestampMicros(column, v.toEpochMilli());
    }

    /**
     * A datetime of {@code column} (epoch milliseconds) as Spark's timestamp (epoch microseconds).
     *
     * @throws JazminValidationException when it lies outside Spark's timestamp range
     */
    public static long timestampMicros(Column column, long epochMillis) {
        try {
            return Math.multiplyExact(epochMillis, 1000L);
        } catch (ArithmeticException e) {
            throw new JazminValidationException("column '" + column.name() + "': datetime " + Instant.ofEpochMilli(epochMillis)
                    + " is outside Spark's timestamp range");
        }
    }

    private static Object decimal(Column column, BigDecimal v, DecimalType type) {
        BigDecimal scaled;
        try {
            scaled = v.setScale(type.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new JazminValidationException("column '" + column.name() + "': " + v.toPlainString()
                    + " has more than " + type.scale() + " decimal places");
        }
        if (Math.max(scaled.precision() - scaled.scale(), 0) > type.precision() - type.scale()) {
            throw new JazminValidationException("column '" + column.name() + "': " + v.toPlainString()
                    + " has more digits than " + type.simpleString() + " holds");
        }
        return Decimal.apply(scaled, type.precision(), type.scale());
    }
}
