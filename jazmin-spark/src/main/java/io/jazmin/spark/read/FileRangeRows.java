package io.jazmin.spark.read;

import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.types.CatalystConverter;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.StructType;

/**
 * The matching rows of one byte range of a file, as Spark rows: the range is opened
 * ({@link OpenRange}) and only its chunks are queried through the public engine API, only the read
 * schema's file columns, up to a limit; partition columns hold the values of the file's folders.
 * With no file column to read (a bare {@code count()}, or partition columns only), it gives as many
 * rows as the engine counts.
 */
final class FileRangeRows extends RangeCursor<InternalRow> {
    private final String path;
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
        super(range, layout, options, conf, filter);
        this.path = range.path();
        try {
            JazminTable table = range().table();
            ReadFields fields = ReadFields.of(schema, layout, range, table);
            constants = fields.constants();
            dataAt = fields.dataAt();
            converters = new Function[dataAt.length];
            for (int i = 0; i < dataAt.length; i++) {
                converters[i] = CatalystConverter.of(fields.columns()[i], fields.fields()[dataAt[i]].dataType());
            }
            Set<Integer> chunks = range().chunks();
            if (dataAt.length == 0) {
                long count = table.count(filter, chunks);
                countedRowsLeft = limit < 0 ? count : Math.min(count, limit);
                stream = null;
                rows = null;
            } else {
                stream = table.find(filter, new RowQuery(fields.dataNames(), 0, limit), chunks);
                rows = stream.iterator();
            }
        } catch (RuntimeException e) {
            range().close();
            throw e;
        }
    }

    /** The next row, or {@code null} when the range has no more. */
    @Override
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

    @Override
    void release() {
        if (stream != null) {
            stream.close();
        }
    }
}
