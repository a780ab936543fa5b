package io.jazmin.spark.summary;

import io.jazmin.schema.Column;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The value ranges of the summarized columns ({@link ValueRange#summarized}) of the rows one task
 * writes into one file, kept as the rows are written: the same bounds as the file's own chunk
 * statistics give, without reading them back. A column with no non-null value has no range.
 */
public final class ColumnRanges {
    private final Column[] columns;
    private final int[] at;
    private final Comparable<?>[] min;
    private final Comparable<?>[] max;

    /** @param columns the file's columns, in the order of the values written */
    public ColumnRanges(List<Column> columns) {
        this.columns = columns.toArray(Column[]::new);
        this.at = java.util.stream.IntStream.range(0, columns.size())
                .filter(i -> ValueRange.summarized(columns.get(i).type())).toArray();
        this.min = new Comparable<?>[at.length];
        this.max = new Comparable<?>[at.length];
    }

    /** Takes one written row's values (the writer's cells: {@code Long}, {@code String}, {@code Instant}). */
    public void add(Object[] values) {
        for (int k = 0; k < at.length; k++) {
            Object v = values[at[k]];
            if (v instanceof Comparable<?> c) {
                if (min[k] == null || ValueRange.compare(c, min[k]) < 0) {
                    min[k] = c;
                }
                if (max[k] == null || ValueRange.compare(c, max[k]) > 0) {
                    max[k] = c;
                }
            }
        }
    }

    /** The ranges by column name, for the columns that held a non-null value. */
    public Map<String, ValueRange> ranges() {
        Map<String, ValueRange> out = new LinkedHashMap<>();
        for (int k = 0; k < at.length; k++) {
            if (min[k] != null) {
                out.put(columns[at[k]].name(), new ValueRange(columns[at[k]].type(), min[k], max[k]));
            }
        }
        return out;
    }
}
