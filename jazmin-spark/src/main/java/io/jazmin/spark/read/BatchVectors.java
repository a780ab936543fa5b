package io.jazmin.spark.read;

import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Utf8Column;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spark.types.CatalystConverter;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
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
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One column batch of a read schema, reused for every chunk of a byte range: Spark's on-heap
 * vectors filled from core's column arrays ({@link ColumnArrays}). Ints and floats read as bigint
 * and double are copied from their {@code long[]}/{@code double[]} in one call (narrower types value
 * by value, range checked), booleans and datetimes (milliseconds to
 * microseconds) value by value, nulls from the null bitmaps; strings read as strings are copied from
 * the stored UTF-8 bytes core hands out ({@link ColumnArrays#utf8(String)}: one buffer and offsets, no
 * {@code String} per value); json, decimals and binaries come from core as one Java object per value
 * ({@code ColumnArrays} gives {@code Object[]}) and are converted as the row path converts them
 * ({@link CatalystConverter}). Partition columns repeat the range's folder value.
 */
final class BatchVectors implements AutoCloseable {
    private final ReadFields fields;
    private final WritableColumnVector[] vectors;
    private final Function<Object, Object>[] converters;
    private final ColumnarBatch batch;
    /** Per field, whether it is a file column (else a partition column). */
    private final boolean[] fromFile;

    /**
     * @throws JazminValidationException when a file column cannot be read as its field's type
     */
    @SuppressWarnings("unchecked")
    BatchVectors(StructType schema, ReadFields fields) {
        this.fields = fields;
        converters = new Function[fields.dataAt().length];
        for (int i = 0; i < converters.length; i++) {
            converters[i] = CatalystConverter.of(fields.columns()[i], schema.fields()[fields.dataAt()[i]].dataType());
        }
        fromFile = new boolean[schema.fields().length];
        for (int f : fields.dataAt()) {
            fromFile[f] = true;
        }
        vectors = OnHeapColumnVector.allocateColumns(1024, schema);
        batch = new ColumnarBatch(vectors);
    }

    /**
     * Whether a read of {@code schema} can be columnar: it reads some file column, and every field
     * has a flat type Spark's vectors hold (boolean, bigint, int, smallint, tinyint, double, float,
     * string, binary, timestamp, decimal); arrays and structs are read as rows.
     */
    static boolean supports(StructType schema, Set<String> partitionKeys) {
        boolean readsFile = false;
        for (StructField f : schema.fields()) {
            if (!flat(f.dataType())) {
                return false;
            }
            readsFile |= !partitionKeys.contains(f.name());
        }
        return readsFile;
    }

    private static boolean flat(DataType t) {
        return t instanceof BooleanType || t instanceof LongType || t instanceof IntegerType || t instanceof ShortType
                || t instanceof ByteType || t instanceof DoubleType || t instanceof FloatType || t instanceof StringType || t instanceof BinaryType || t instanceof TimestampType || t instanceof DecimalType;
    }

    /**
     * The batch holding {@code arrays}' rows (the same batch object each time: Spark has consumed the
     * previous one by then).
     *
     * @param where names row {@code i} of the arrays for an error message (file and row id)
     * @throws JazminValidationException when a value does not fit its field (a timestamp out of
     *                                   range, a decimal of a larger scale), naming the row
     */
    ColumnarBatch fill(ColumnArrays arrays, IntFunction<String> where) {
        int n = arrays.rowCount();
        for (WritableColumnVector v : vectors) {
            v.reset();
            v.reserve(n);
        }
        Object[] constants = fields.constants();
        int[] dataAt = fields.dataAt();
        for (int f = 0; f < vectors.length; f++) {
            if (!fromFile[f]) {
                fillConstant(vectors[f], constants[f], n);
            }
        }
        for (int i = 0; i < dataAt.length; i++) {
            fillColumn(vectors[dataAt[i]], fields.columns()[i], converters[i], arrays, n, where);
        }
        batch.setNumRows(n);
        return batch;
    }

    /** Fills a partition column with its folder's value, or nulls. */
    private static void fillConstant(WritableColumnVector v, Object value, int n) {
        if (value == null) {
            v.putNulls(0, n);
        } else if (value instanceof Long l) {
            v.putLongs(0, n, l);
        } else if (value instanceof Integer i) {
            v.putInts(0, n, i);
        } else if (value instanceof Double d) {
            v.putDoubles(0, n, d);
        } else if (value instanceof UTF8String s) {
            byte[] bytes = s.getBytes();
            for (int r = 0; r < n; r++) {
                v.putByteArray(r, bytes);
            }
        } else {
            throw new UnsupportedFeatureException("partition-column-type", "a partition value of " + value.getClass().getSimpleName()
                    + " in a columnar read");
        }
    }

    private static void fillColumn(WritableColumnVector v, Column column, Function<Object, Object> convert, ColumnArrays arrays,
                                   int n, IntFunction<String> where) {
        String name = column.name();
        byte[] nulls = arrays.nulls(name);
        int r = 0;
        try {
            switch (column.type()) {
                case INT -> {
                    long[] values = arrays.longs(name);
                    if (v.dataType() instanceof LongType) {
                        v.putLongs(0, n, values, 0);
                    } else {
                        for (; r < n; r++) {
                            put(v, r, convert.apply(values[r])); // int, smallint or tinyint: range checked
                        }
                    }
                }
                case FLOAT -> {
                    double[] values = arrays.doubles(name);
                    if (v.dataType() instanceof DoubleType) {
                        v.putDoubles(0, n, values, 0);
                    } else {
                        for (; r < n; r++) {
                            put(v, r, convert.apply(values[r])); // float: exactness checked
                        }
                    }
                }
                case BOOL -> {
                    boolean[] values = arrays.booleans(name);
                    for (; r < n; r++) {
                        v.putBoolean(r, values[r]);
                    }
                }
                case DATETIME -> {
                    long[] millis = arrays.longs(name);
                    for (; r < n; r++) {
                        if (!isNull(nulls, r)) {
                            v.putLong(r, CatalystConverter.timestampMicros(column, millis[r]));
                        }
                    }
                }
                case STRING, JSON, DECIMAL, BINARY -> {
                    if (column.type() == ColumnType.STRING && v.dataType() instanceof StringType) {
                        // The stored UTF-8 bytes copied into the vector: no String, no UTF8String per value.
                        Utf8Column text = arrays.utf8(name);
                        byte[] bytes = text.bytes();
                        for (; r < n; r++) {
                            if (!isNull(nulls, r)) {
                                v.putByteArray(r, bytes, text.start(r), text.length(r));
                            }
                        }
                    } else {
                        Object[] values = arrays.objects(name);
                        for (; r < n; r++) {
                            if (values[r] != null) {
                                put(v, r, convert.apply(values[r]));
                            }
                        }
                    }
                }
                case LIST, OBJECT -> throw new UnsupportedFeatureException("spark-columnar-nested",
                        "column '" + name + "' is a " + column.type().typeName() + ", which is read as rows");
            }
        } catch (JazminValidationException e) {
            throw new JazminValidationException(where.apply(r) + ": " + e.getMessage(), e);
        }
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                if (isNull(nulls, i)) {
                    v.putNull(i);
                }
            }
        }
    }

    /** Whether bit {@code i} of an LSB-first null bitmap ({@code null}: no nulls) is set. */
    private static boolean isNull(byte[] nulls, int i) {
        return nulls != null && (nulls[i >>> 3] & (1 << (i & 7))) != 0;
    }

    /** Puts one converted value: a narrowed number, a string's UTF-8 bytes, a binary, or a decimal. */
    private static void put(WritableColumnVector v, int row, Object value) {
        if (value instanceof Integer i) {
            v.putInt(row, i);
        } else if (value instanceof Short h) {
            v.putShort(row, h);
        } else if (value instanceof Byte b) {
            v.putByte(row, b);
        } else if (value instanceof Float f) {
            v.putFloat(row, f);
        } else if (value instanceof UTF8String s) {
            v.putByteArray(row, s.getBytes());
        } else if (value instanceof byte[] b) {
            v.putByteArray(row, b);
        } else if (value instanceof Decimal d) {
            v.putDecimal(row, d, ((DecimalType) v.dataType()).precision());
        } else {
            throw new UnsupportedFeatureException("spark-columnar-type", "a " + value.getClass().getSimpleName()
                    + " value in a columnar read of " + v.dataType().simpleString());
        }
    }

    @Override
    public void close() {
        batch.close();
    }
}
