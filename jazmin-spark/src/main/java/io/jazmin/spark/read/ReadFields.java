package io.jazmin.spark.read;

import io.jazmin.JazminTable;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Where each field of a read schema comes from in one byte range: partition columns hold the
 * values of the file's {@code key=value} folders, every other field is the file column of its name.
 *
 * @param fields    the read schema's fields
 * @param constants per field, its partition value as Spark holds it (null for file columns and null values)
 * @param dataAt    the positions of the fields read from the file, in schema order
 * @param columns   the file's columns at those positions
 */
record ReadFields(StructField[] fields, Object[] constants, int[] dataAt, Column[] columns) {

    /**
     * @throws JazminValidationException when the table lacks a field's column (naming the file), or
     *                                   a folder's value is not of its partition column's type
     */
    static ReadFields of(StructType schema, ScanLayout layout, FileRange range, JazminTable table) {
        StructField[] fields = schema.fields();
        List<String> keys = List.of(layout.partitionColumns().fieldNames());
        Object[] constants = new Object[fields.length];
        List<Integer> at = new ArrayList<>();
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            int key = keys.indexOf(fields[i].name());
            if (key >= 0) {
                constants[i] = PartitionColumns.value(fields[i].name(), range.partitionValues().get(key), fields[i].dataType());
            } else {
                at.add(i);
                columns.add(column(table, fields[i].name(), range.path()));
            }
        }
        return new ReadFields(fields, constants, at.stream().mapToInt(Integer::intValue).toArray(), columns.toArray(new Column[0]));
    }

    private static Column column(JazminTable table, String name, String path) {
        return table.columns().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new JazminValidationException(path + ": table '" + table.name()
                        + "' has no column '" + name + "' (files of one read must share the schema)"));
    }

    /** The names of the file columns read, in schema order. */
    List<String> dataNames() {
        List<String> names = new ArrayList<>(dataAt.length);
        for (int i : dataAt) {
            names.add(fields[i].name());
        }
        return names;
    }
}
