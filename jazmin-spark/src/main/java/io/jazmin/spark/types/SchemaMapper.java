package io.jazmin.spark.types;

import io.jazmin.schema.Column;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * JAZMIN columns as Spark types (design note §5): bool, int as long, float as double, datetime as
 * timestamp, binary; decimal and json as string (the canonical text, with its scale); lists as
 * arrays and objects as structs. A Spark column is nullable when the JAZMIN one is not required.
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
