package io.jazmin.spark.types;

import io.jazmin.schema.Column;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.schema.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * JAZMIN columns as Spark types (design note §5): bool, int as long, float as double, datetime as
 * timestamp, binary; decimal and json as string (the canonical text, with its scale); lists as
 * arrays and objects as structs. A Spark column is nullable when the JAZMIN one is not required.
 * Back for writes ({@link #toColumns}): boolean; byte, short, int and long as int; float and double
 * as float; decimal; string; binary; timestamp as datetime; arrays as lists, structs as objects,
 * maps as json.
 */
public final class SchemaMapper {
    private SchemaMapper() {
    }

    /** The Spark schema of a table's columns, in position order. */
    public static StructType toStruct(List<Column> columns) {
        StructField[] fields = new StructField[columns.size()];
        for (int i = 0; i < fields.length; i++) {
            Column c = columns.get(i);
            fields[i] = new StructField(c.name(), toType(c), c.nullable(), Metadata.empty());
        }
        return new StructType(fields);
    }

    /**
     * The JAZMIN columns a Spark schema is written as; a non-nullable field becomes a required column.
     *
     * @throws UnsupportedFeatureException for a type JAZMIN has no column for (date, timestamp_ntz,
     *                                     intervals, variant, …), naming the field
     */
    public static List<Column> toColumns(StructType schema) {
        List<Column> columns = new ArrayList<>();
        for (StructField f : schema.fields()) {
            columns.add(toColumn(f.name(), f.dataType(), f.nullable()));
        }
        return columns;
    }

    private static Column toColumn(String name, DataType type, boolean nullable) {
        if (type instanceof ArrayType a) {
            Column item = toColumn("item", a.elementType(), a.containsNull());
            return new Column(name, ColumnType.LIST, nullable, "", "", item, List.of());
        }
        if (type instanceof StructType s) {
            return new Column(name, ColumnType.OBJECT, nullable, "", "", null, toColumns(s));
        }
        return new Column(name, scalarType(name, type), nullable, "", "", null, List.of());
    }

    private static ColumnType scalarType(String name, DataType type) {
        if (type instanceof BooleanType) {
            return ColumnType.BOOL;
        }
        if (type instanceof ByteType || type instanceof ShortType || type instanceof IntegerType || type instanceof LongType) {
            return ColumnType.INT;
        }
        if (type instanceof FloatType || type instanceof DoubleType) {
            return ColumnType.FLOAT;
        }
        if (type instanceof DecimalType) {
            return ColumnType.DECIMAL;
        }
        if (type instanceof StringType) {
            return ColumnType.STRING;
        }
        if (type instanceof BinaryType) {
            return ColumnType.BINARY;
        }
        if (type instanceof TimestampType) {
            return ColumnType.DATETIME;
        }
        if (type instanceof MapType) {
            return ColumnType.JSON;
        }
        throw new UnsupportedFeatureException("spark-write-" + type.typeName(), "column '" + name + "': Spark type "
                + type.simpleString() + " has no JAZMIN column type (write a timestamp, string or long instead)");
    }

    /** The Spark type of one column. */
    public static DataType toType(Column column) {
        return switch (column.type()) {
            case BOOL -> DataTypes.BooleanType;
            case INT -> DataTypes.LongType;
            case FLOAT -> DataTypes.DoubleType;
            case DECIMAL, STRING, JSON -> DataTypes.StringType;
            case DATETIME -> DataTypes.TimestampType;
            case BINARY -> DataTypes.BinaryType;
            case LIST -> DataTypes.createArrayType(toType(column.item()), column.item().nullable());
            case OBJECT -> toStruct(column.fields());
        };
    }
}
