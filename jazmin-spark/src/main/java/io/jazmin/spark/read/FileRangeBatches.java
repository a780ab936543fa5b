package io.jazmin.spark.read;

import io.jazmin.JazminTable;
import io.jazmin.data.ColumnArrays;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.spark.JazminOptions;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The matching rows of one byte range of a file as column batches, one per chunk of the range that
 * has matches, in file order: each chunk's file columns come from the engine as column arrays
 * ({@link JazminTable#columnArrays(Filter, RowQuery, Set)}: the filter, deleted rows and the limit
 * applied, no row objects) and fill one reused batch ({@link BatchVectors}). The read schema must
 * hold a file column ({@link BatchVectors#supports}).
 */
final class FileRangeBatches extends RangeCursor<ColumnarBatch> {
    private final String path;
    private final Filter filter;
    private final List<String> names;
    private final Iterator<Integer> chunks;
    private final BatchVectors vectors;
    /** Rows still to give, or {@code -1} for all. */
    private long left;

    FileRangeBatches(FileRange range, StructType schema, ScanLayout layout, JazminOptions options, Configuration conf,
                     Filter filter, long limit) {
        super(range, layout, options, conf, filter);
        this.path = range.path();
        this.filter = filter;
        this.left = limit;
        try {
            ReadFields fields = ReadFields.of(schema, layout, range, range().table());
            names = fields.dataNames();
            chunks = new TreeSet<>(range().chunks()).iterator();
            vectors = new BatchVectors(schema, fields);
        } catch (RuntimeException e) {
            range().close();
            throw e;
        }
    }

    /** The next chunk's matching rows, or {@code null} when the range has no more. */
    @Override
    ColumnarBatch next() {
        JazminTable table = range().table();
        while (left != 0 && chunks.hasNext()) {
            int chunk = chunks.next();
            ColumnArrays arrays = table.columnArrays(filter, new RowQuery(names, 0, left), Set.of(chunk));
            if (arrays.rowCount() == 0) {
                continue;
            }
            if (left > 0) {
                left -= arrays.rowCount();
            }
            return vectors.fill(arrays, i -> path + ", row " + rowId(chunk, i));
        }
        return null;
    }

    /** The id of the chunk's {@code i}-th matching row (for an error message: column arrays carry no row ids). */
    private long rowId(int chunk, int i) {
        try (Stream<Row> rows = range().table().find(filter, new RowQuery(names.subList(0, 1), i, 1), Set.of(chunk))) {
            return rows.findFirst().map(Row::rowId).orElse(-1L);
        }
    }

    @Override
    void release() {
        vectors.close();
    }
}
