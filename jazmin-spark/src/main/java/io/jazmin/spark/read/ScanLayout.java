package io.jazmin.spark.read;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.spark.types.SchemaMapper;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * What the files of one scan share, checked and added by every task: the columns of the first file
 * (sorted by path), which gave the read's schema and which every file must have alike, and the
 * columns of the partition folders.
 *
 * @param firstFile        the first file's name (without credentials)
 * @param fileColumns      the first file's columns as Spark columns
 * @param partitionColumns the partition folders' columns, with the types the table reads them as
 */
public record ScanLayout(String firstFile, StructType fileColumns, StructType partitionColumns) implements Serializable {

    /** The partition columns' names. */
    Set<String> partitionKeys() {
        return Set.of(partitionColumns.fieldNames());
    }

    /**
     * Refuses a file whose columns differ from the first file's: a column missing, extra or of
     * another type, or nullable where the first file's is required (Spark would then trust a
     * non-null column that holds nulls).
     *
     * @param file    the file's name for the message (without credentials)
     * @param columns the file's table's columns
     * @throws JazminValidationException naming the file, the first file and every difference
     */
    void check(String file, List<Column> columns) {
        StructType actual = SchemaMapper.toStruct(columns);
        List<String> differences = new ArrayList<>();
        for (StructField expected : fileColumns.fields()) {
            Option<Object> at = actual.getFieldIndex(expected.name());
            if (at.isEmpty()) {
                differences.add("no column '" + expected.name() + "'");
                continue;
            }
            StructField found = actual.fields()[(Integer) at.get()];
            if (!found.dataType().sameType(expected.dataType())) {
                differences.add("'" + expected.name() + "' is " + found.dataType().simpleString() + ", not "
                        + expected.dataType().simpleString());
            } else if (found.nullable() && !expected.nullable()) {
                differences.add("'" + expected.name() + "' may be null, where the first file's is required");
            }
        }
        Set<String> known = Set.of(fileColumns.fieldNames());
        differences.addAll(columns.stream().map(Column::name).filter(n -> !known.contains(n))
                .map(n -> "an extra column '" + n + "'").collect(Collectors.toList()));
        if (!differences.isEmpty()) {
            throw new JazminValidationException(file + ": its columns disagree with those of " + firstFile
                    + " (the first file, which gives the read's schema): " + String.join(", ", differences)
                    + "; the files of one read must have the same columns");
        }
    }
}
