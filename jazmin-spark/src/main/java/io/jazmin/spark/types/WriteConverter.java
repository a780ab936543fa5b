package io.jazmin.spark.types;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jazmin.error.JazminValidationException;
import io.jazmin.mapping.JavaCells;
import io.jazmin.schema.JsonText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Turns Spark's internal values into the Java values {@link io.jazmin.JazminWriter} takes for the
 * columns of {@link SchemaMapper#toColumns}: whole numbers as {@code Long}, floats as {@code Double}
 * (exactly widened; the Java values Spark holds for these go through the engine's one Java-to-cell
 * table, {@link JavaCells}; strings, decimals, timestamps, arrays, structs and maps are Spark's own
 * internal forms, a different table, converted here), {@code BigDecimal}, {@code String}, {@code byte[]}, timestamps as {@code Instant}
 * (µs that are not whole milliseconds fail naming the column, or are truncated when asked), arrays as
 * lists, structs as maps by field name, maps as JSON objects. Built once per schema and task.
 */
public final class WriteConverter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Function<Object, Object>[] fields;
    private final DataType[] types;

    /**
     * @param schema         the schema of the rows written
     * @param truncateMicros whether timestamps are truncated to the millisecond instead of failing
     */
    @SuppressWarnings("unchecked")
    public WriteConverter(StructType schema, boolean truncateMicros) {
        StructField[] f = schema.fields();
        fields = new Function[f.length];
        types = new DataType[f.length];
        for (int i = 0; i < f.length; i++) {
            fields[i] = of(f[i].name(), f[i].dataType(), truncateMicros);
            types[i] = f[i].dataType();
        }
    }

    /** One row's values in schema order ({@code null} for a null cell). */
    public Object[] values(InternalRow row) {
        Object[] out = new Object[fields.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = row.isNullAt(i) ? null : fields[i].apply(row.get(i, types[i]));
        }
        return out;
    }

    private static Function<Object, Object> of(String name, DataType type, boolean truncate) {
        // Spark holds these as Java values: cells already, or narrower numbers the engine's table widens.
        if (type instanceof BooleanType || type instanceof LongType || type instanceof DoubleType || type instanceof BinaryType) {
            return Function.identity();
        }
        if (type instanceof ByteType) {
            return JavaCells.toCellFunction(Byte.class);
        }
        if (type instanceof ShortType) {
            return JavaCells.toCellFunction(Short.class);
        }
        if (type instanceof IntegerType) {
            return JavaCells.toCellFunction(Integer.class);
        }
        if (type instanceof FloatType) {
            return JavaCells.toCellFunction(Float.class);
        }
        if (type instanceof DecimalType) {
            return v -> ((Decimal) v).toJavaBigDecimal();
        }
        if (type instanceof StringType) {
            return Object::toString;
        }
        if (type instanceof TimestampType) {
            return v -> instant(name, (Long) v, truncate);
        }
        if (type instanceof ArrayType a) {
            Function<Object, Object> item = of(name, a.elementType(), truncate);
            return v -> list((ArrayData) v, a.elementType(), item);
        }
        if (type instanceof StructType s) {
            return struct(name, s, truncate);
        }
        if (type instanceof MapType m) {
            return v -> json(name, v, m);
        }
        throw new JazminValidationException("column '" + name + "': Spark type " + type.simpleString() + " cannot be written");
    }

    private static Object instant(String name, long micros, boolean truncate) {
        if (micros % 1000 != 0 && !truncate) {
            throw new JazminValidationException("column '" + name + "': timestamp " + ofMicros(micros) + " has microseconds, but JAZMIN keeps milliseconds (option truncateMicros=true truncates them)");
        }
        return Instant.ofEpochMilli(Math.floorDiv(micros, 1000L));
    }

    private static Instant ofMicros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    private static List<Object> list(ArrayData a, DataType itemType, Function<Object, Object> item) {
        List<Object> out = new ArrayList<>(a.numElements());
        for (int i = 0; i < a.numElements(); i++) {
            out.add(a.isNullAt(i) ? null : item.apply(a.get(i, itemType)));
        }
        return out;
    }

    private static Function<Object, Object> struct(String name, StructType s, boolean truncate) {
        StructField[] f = s.fields();
        @SuppressWarnings("unchecked")
        Function<Object, Object>[] converters = new Function[f.length];
        for (int i = 0; i < f.length; i++) {
            converters[i] = of(name + "." + f[i].name(), f[i].dataType(), truncate);
        }
        return v -> {
            InternalRow row = (InternalRow) v;
            Map<String, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < f.length; i++) {
                out.put(f[i].name(), row.isNullAt(i) ? null : converters[i].apply(row.get(i, f[i].dataType())));
            }
            return out;
        };
    }

    /** A map as a JSON object: keys as their text, values as JSON (binary as base64, timestamps as ISO text). */
    private static Object json(String name, Object v, MapType type) {
        try {
            return JsonText.of(JSON.writeValueAsString(plain(v, type)));
        } catch (JsonProcessingException e) {
            throw new JazminValidationException("column '" + name + "': map value cannot be written as JSON: " + e.getOriginalMessage());
        }
    }

    /** A Spark value as plain Java values Jackson writes as JSON. */
    private static Object plain(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        if (type instanceof MapType m) {
            MapData map = (MapData) v;
            Map<String, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < map.numElements(); i++) {
                Object value = map.valueArray().isNullAt(i) ? null : map.valueArray().get(i, m.valueType());
                out.put(String.valueOf(plain(map.keyArray().get(i, m.keyType()), m.keyType())), plain(value, m.valueType()));
            }
            return out;
        }
        if (type instanceof ArrayType a) {
            ArrayData array = (ArrayData) v;
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < array.numElements(); i++) {
                out.add(array.isNullAt(i) ? null : plain(array.get(i, a.elementType()), a.elementType()));
            }
            return out;
        }
        if (type instanceof StructType s) {
            InternalRow row = (InternalRow) v;
            Map<String, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < s.fields().length; i++) {
                DataType t = s.fields()[i].dataType();
                out.put(s.fields()[i].name(), row.isNullAt(i) ? null : plain(row.get(i, t), t));
            }
            return out;
        }
        if (type instanceof TimestampType) {
            return ofMicros((Long) v).toString();
        }
        if (type instanceof BinaryType) {
            return Base64.getEncoder().encodeToString((byte[]) v);
        }
        if (type instanceof DecimalType) {
            return ((Decimal) v).toJavaBigDecimal();
        }
        if (type instanceof StringType) {
            return v.toString();
        }
        return v;
    }
}
