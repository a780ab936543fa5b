package io.jazmin.spark.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.mapping.JavaCells;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.JsonText;
import io.jazmin.testing.JavaCellSamples;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Every Java type of the engine's Java-to-cell table round-trips through Spark: its cell read into
 * Spark's value ({@link CatalystConverter}) and written back ({@link WriteConverter}) is the cell
 * the table reads the value from, for the Spark type {@link SchemaMapper} gives the column and for
 * the narrower ones a catalog table may declare (the Java values both converters take from the table).
 */
class JavaCellsSparkTest {
    @Test
    void everyJavaTypeOfTheTableRoundTripsThroughSparksValues() {
        int checked = 0;
        for (Map.Entry<Class<?>, List<Object>> e : JavaCellSamples.values().entrySet()) {
            Class<?> type = e.getKey();
            Column column = Column.of("c", JavaCells.columnType(type));
            for (DataType spark : sparkTypes(type, column)) {
                Function<Object, Object> read = CatalystConverter.of(column, spark);
                WriteConverter write = new WriteConverter(new StructType().add("c", spark), false);
                for (Object value : e.getValue()) {
                    Object cell = JavaCells.toCell(value);
                    Object written = write.values(new GenericInternalRow(new Object[] {read.apply(cell)}))[0];
                    if (cell instanceof JsonText json) {
                        // Spark has no JSON type: a json column is read, and written back, as its text.
                        assertThat(written).isEqualTo(json.text());
                        continue;
                    }
                    Object back = JavaCells.fromCell(written, type);
                    assertThat(JavaCellSamples.same(back, value)).as("%s as Spark %s came back as %s", value,
                            spark.simpleString(), back).isTrue();
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(JavaCellSamples.values().size());
    }

    /** The column's Spark type, and the narrower ones for narrower Java numbers; decimals as a decimal type. */
    private static List<DataType> sparkTypes(Class<?> type, Column column) {
        List<DataType> out = new ArrayList<>();
        // Decimal columns map to text by default; a user schema's decimal type keeps them numbers.
        out.add(column.type() == ColumnType.DECIMAL ? DataTypes.createDecimalType(38, 9) : SchemaMapper.toType(column));
        if (type == Byte.class) {
            out.add(DataTypes.ByteType);
        } else if (type == Short.class) {
            out.add(DataTypes.ShortType);
        } else if (type == Integer.class) {
            out.add(DataTypes.IntegerType);
        } else if (type == Float.class) {
            out.add(DataTypes.FloatType);
        }
        return out;
    }
}
