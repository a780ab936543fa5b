package io.jazmin.spark.read;

import io.jazmin.Explain;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.types.CatalystConverter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The matching rows of one byte range of a file, as Spark rows: the range is opened
 * ({@link OpenRange}) and only its chunks are queried through the public engine API, only the read
 * schema's file columns, up to a limit; partition columns hold the values of the file's folders.
 * With no file column to read (a bare {@code count()}, or partition columns only), it gives as many
 * rows as the engine counts.
 */
final class FileRangeRows implements AutoCloseable {
    private final String path;
    private final OpenRange range;
    private final Explain plan;
    private final Stream<Row> stream;
    private final Iterator<Row> rows;
    /** Each row's partition values at their positions (null elsewhere). */
    private final Object[] constants;
    /** The positions in the row of the file columns read, in the engine row's order. */
    private final int[] dataAt;
    private final Function<Object, Object>[] converters;
    private long countedRowsLeft;

    @SuppressWarnings("unchecked")
    FileRangeRows(FileRange range, StructType schema, ScanLayout layout, JazminOptions options, Configuration conf,
                  Filter filter, long limit) {
        this.path = range.path();
        this.range = new OpenRange(range, layout, options, conf);
        try {
            JazminTable table = this.range.table();
            StructField[] fields = schema.fields();
            List<String> keys = List.of(layout.partitionColumns().fieldNames());
            constants = new Object[fields.length];
            List<Integer> at = new ArrayList<>();
            List<Function<Object, Object>> convert = new ArrayList<>();
            for (int i = 0; i < fields.length; i++) {
                int key = keys.indexOf(fields[i].name());
                if (key >= 0) {
                    constants[i] = PartitionColumns.value(fields[i].name(), range.partitionValues().get(key), fields[i].dataType());
                } else {
                    at.add(i);
                    convert.add(CatalystConverter.of(column(table, fields[i].name()), fields[i].dataType()));
                }
            }
            dataAt = at.stream().mapToInt(Integer::intValue).toArray();
            converters = convert.toArray(new Function[0]);
            Set<Integer> chunks = this.range.chunks();
            plan = table.explain(filter, chunks);
            if (dataAt.length == 0) {
                long count = table.count(filter, chunks);
                countedRowsLeft = limit < 0 ? count : Math.min(count, limit);
                stream = null;
                rows = null;
            } else {
                List<String> names = Arrays.stream(dataAt).mapToObj(i -> fields[i].name()).toList();
                stream = table.find(filter, new RowQuery(names, 0, limit), chunks);
                rows = stream.iterator();
            }
        } catch (RuntimeException e) {
            this.range.close();
            throw e;
        }
    }

    private Column column(JazminTable table, String name) {
        return table.columns().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new JazminValidationException(path + ": table '" + table.name()
                        + "' has no column '" + name + "' (files of one read must share the schema)"));
    }

    /** The next row, or {@code null} when the range has no more. */
    InternalRow next() {
        if (rows == null) {
            if (countedRowsLeft == 0) {
                return null;
            }
            countedRowsLeft--;
            return new GenericInternalRow(constants.clone());
        }
        if (!rows.hasNext()) {
            return null;
        }
        Row row = rows.next();
        Object[] values = constants.clone();
        for (int i = 0; i < dataAt.length; i++) {
            try {
                values[dataAt[i]] = converters[i].apply(row.get(i));
            } catch (JazminValidationException e) {
                throw new JazminValidationException(path + ", row " + row.rowId() + ": " + e.getMessage(), e);
            }
        }
        return new GenericInternalRow(values);
    }

    /** The range's chunks, and those of them the filter ruled out. */
    Explain plan() {
        return plan;
    }

    /** Bytes of sections read from the file so far. */
    long bytesRead() {
        return range.bytesRead();
    }

    /** Whether the file is local (see {@link OpenRange#local()}). */
    boolean local() {
        return range.local();
    }

    @Override
    public void close() {
        try {
            if (stream != null) {
                stream.close();
            }
        } finally {
            range.close();
        }
    }
}
