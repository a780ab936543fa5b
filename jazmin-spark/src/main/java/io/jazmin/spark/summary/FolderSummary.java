package io.jazmin.spark.summary;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.fs.Listing;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The summary of a folder's data files, {@value #NAME} beside them (like Parquet's old
 * {@code _metadata}): a plain JAZMIN file with one row per data file the connector wrote (columns
 * {@code path}, relative to the folder, {@code length}, {@code modificationTime}, {@code etag} where the
 * file system lists one, {@code rows}, then
 * {@code min.<column>} and {@code max.<column>} for each summarized column, of that column's type).
 * The job commit writes it ({@link #write}), the scan reads it once ({@link #read}) and uses an
 * entry only for a listed file of the same path, length, modification time and ETag, so that a file
 * appended to, replaced, or written by another tool is read as if there were no summary. Its name
 * starts with {@code _}, so listings skip it as a data file.
 */
public final class FolderSummary {
    /** The summary's file name in its folder. */
    public static final String NAME = Listing.SUMMARY_NAME;
    /** A summary larger than this is not read (a folder of a million files holds far less). */
    static final long MAX_BYTES = 256L << 20;
    private static final String MIN = "min.";
    private static final String MAX = "max.";
    private static final List<Column> FIXED = List.of(Column.required("path", ColumnType.STRING),
            Column.required("length", ColumnType.INT), Column.required("modificationTime", ColumnType.INT),
            Column.of("etag", ColumnType.STRING), Column.required("rows", ColumnType.INT));

    private final Map<String, SummaryEntry> entries;

    private FolderSummary(Map<String, SummaryEntry> entries) {
        this.entries = entries;
    }

    /** The entries by relative path. */
    public Map<String, SummaryEntry> entries() {
        return entries;
    }

    /**
     * Reads the summary {@code file} (as the folder's listing saw it).
     *
     * @throws JazminException when it cannot be read or is not a summary: callers then read the folder without it
     */
    public static FolderSummary read(FileSystem fs, FileStatus file) {
        if (file.getLen() > MAX_BYTES) {
            throw new JazminIoException("cannot read", HadoopSource.nameOf(file.getPath()),
                    new IOException("a summary of " + file.getLen() + " bytes is larger than " + MAX_BYTES));
        }
        byte[] bytes = new byte[(int) file.getLen()];
        try (FSDataInputStream in = fs.open(file.getPath())) {
            in.readFully(0, bytes);
        } catch (IOException e) {
            throw new JazminIoException("cannot read", HadoopSource.nameOf(file.getPath()), e);
        }
        Map<String, SummaryEntry> entries = new HashMap<>();
        try (JazminReader reader = JazminReader.open(bytes)) {
            JazminTable table = reader.table();
            Map<String, ColumnType> ranged = new LinkedHashMap<>();
            for (Column c : table.columns()) {
                if (c.name().startsWith(MIN) && ValueRange.summarized(c.type())) {
                    ranged.put(c.name().substring(MIN.length()), c.type());
                }
            }
            table.rows().forEach(row -> {
                SummaryEntry e = entry(row, ranged);
                entries.put(e.path(), e);
            });
        }
        return new FolderSummary(entries);
    }

    private static SummaryEntry entry(Row row, Map<String, ColumnType> ranged) {
        Map<String, ValueRange> ranges = new LinkedHashMap<>();
        ranged.forEach((name, type) -> {
            Object min = row.get(MIN + name);
            Object max = row.get(MAX + name);
            if (min instanceof Comparable<?> lo && max instanceof Comparable<?> hi) {
                ranges.put(name, new ValueRange(type, lo, hi));
            }
        });
        return new SummaryEntry(row.getString("path"), row.getLong("length"), row.getLong("modificationTime"),
                row.getString("etag"), row.getLong("rows"), ranges);
    }

    /**
     * Writes {@code entries} as the summary of {@code folder}: into a temporary file of the folder
     * (named with {@code _}, so never listed), then moved over the summary. A column whose ranges
     * have different types in two entries is left out.
     *
     * @throws JazminIoException when the file system fails (the temporary file is then removed)
     */
    public static void write(FileSystem fs, Path folder, List<SummaryEntry> entries) {
        Map<String, ColumnType> ranged = new LinkedHashMap<>();
        List<String> mixed = new ArrayList<>();
        for (SummaryEntry e : entries) {
            e.ranges().forEach((name, range) -> {
                ColumnType seen = ranged.putIfAbsent(name, range.type());
                if (seen != null && seen != range.type()) {
                    mixed.add(name);
                }
            });
        }
        mixed.forEach(ranged::remove);
        List<Column> columns = new ArrayList<>(FIXED);
        ranged.forEach((name, type) -> {
            columns.add(Column.of(MIN + name, type));
            columns.add(Column.of(MAX + name, type));
        });
        Path temp = new Path(folder, "_jazmin_summary." + UUID.randomUUID() + ".tmp");
        Path target = new Path(folder, NAME);
        try {
            try (OutputStream out = fs.create(temp, false);
                 JazminWriter w = JazminWriter.create(out, columns, WriteOptions.defaults().withMaxDegreeOfParallelism(1))) {
                for (SummaryEntry e : entries) {
                    Object[] values = new Object[columns.size()];
                    values[0] = e.path();
                    values[1] = e.length();
                    values[2] = e.modificationTime();
                    values[3] = e.etag();
                    values[4] = e.rows();
                    int i = FIXED.size();
                    for (String name : ranged.keySet()) {
                        ValueRange r = e.ranges().get(name);
                        values[i++] = r == null ? null : r.min();
                        values[i++] = r == null ? null : r.max();
                    }
                    w.writeValues(values);
                }
                w.finish();
            }
            // HDFS's rename does not replace: without a summary for a moment, readers read every file.
            remove(fs, folder);
            if (!fs.rename(temp, target)) {
                throw new IOException("rename to " + NAME + " failed");
            }
        } catch (IOException | RuntimeException e) {
            deleteQuietly(fs, temp, e);
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new JazminIoException("cannot write", HadoopSource.nameOf(target), (IOException) e);
        }
    }

    /** Deletes the summary of {@code folder}, if any. */
    public static void remove(FileSystem fs, Path folder) throws IOException {
        try {
            fs.delete(new Path(folder, NAME), false);
        } catch (FileNotFoundException gone) {
            // nothing to remove
        }
    }

    private static void deleteQuietly(FileSystem fs, Path temp, Exception failure) {
        try {
            fs.delete(temp, false);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
