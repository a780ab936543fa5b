package io.jazmin.spark.read;

import io.jazmin.Explain;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.Column;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.metrics.ChunksPrunedMetric;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import io.jazmin.spark.metrics.TaskMetric;
import io.jazmin.spark.types.CatalystConverter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Reads one file's matching rows through the public engine API ({@link JazminTable#find}), only
 * the read schema's columns, stopping at the limit. With no column to read (a bare
 * {@code count()}), it returns as many empty rows as {@link JazminTable#count} gives, decoding nothing.
 */
final class JazminRowReader implements PartitionReader<InternalRow> {
    private final String path;
    private final JazminReader reader;
    private final Explain plan;
    private final Stream<Row> stream;
    private final Iterator<Row> rows;
    private final Function<Object, Object>[] converters;
    private long emptyRowsLeft;
    private InternalRow current;

    @SuppressWarnings("unchecked")
    JazminRowReader(JazminInputPartition partition, StructType schema, JazminOptions options, String filterJson, int limit) {
        this.path = partition.path();
        this.reader = JazminReader.open(Path.of(path), options.readOptions());
        try {
            JazminTable table = options.table() == null ? reader.table() : reader.table(options.table());
            StructField[] fields = schema.fields();
            converters = new Function[fields.length];
            for (int i = 0; i < fields.length; i++) {
                converters[i] = CatalystConverter.of(column(table, fields[i].name()), fields[i].dataType());
            }
            Filter filter = filterJson == null ? null : Filter.parse(filterJson);
            plan = table.explain(filter);
            if (fields.length == 0) {
                long count = table.count(filter);
                emptyRowsLeft = limit < 0 ? count : Math.min(count, limit);
                stream = null;
                rows = null;
            } else {
                List<String> names = Arrays.stream(fields).map(StructField::name).toList();
                stream = table.find(filter, new RowQuery(names, 0, limit));
                rows = stream.iterator();
            }
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private Column column(JazminTable table, String name) {
        return table.columns().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new JazminValidationException(path + ": table '" + table.name()
                        + "' has no column '" + name + "' (files of one read must share the schema)"));
    }

    @Override
    public boolean next() {
        if (rows == null) {
            if (emptyRowsLeft == 0) {
                return false;
            }
            emptyRowsLeft--;
            current = new GenericInternalRow(0);
            return true;
        }
        if (!rows.hasNext()) {
            return false;
        }
        Row row = rows.next();
        Object[] values = new Object[converters.length];
        for (int i = 0; i < values.length; i++) {
            try {
                values[i] = converters[i].apply(row.get(i));
            } catch (JazminValidationException e) {
                throw new JazminValidationException(path + ", row " + row.rowId() + ": " + e.getMessage(), e);
            }
        }
        current = new GenericInternalRow(values);
        return true;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return new CustomTaskMetric[] {new TaskMetric(ChunksTotalMetric.NAME, plan.chunks()),
            new TaskMetric(ChunksPrunedMetric.NAME, plan.chunksSkipped())};
    }

    @Override
    public void close() {
        try {
            if (stream != null) {
                stream.close();
            }
        } finally {
            reader.close();
        }
    }
}
