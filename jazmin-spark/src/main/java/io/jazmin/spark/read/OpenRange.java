package io.jazmin.spark.read;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.ChunkSummary;
import io.jazmin.spark.JazminOptions;
import io.jazmin.spark.fs.HadoopFiles;
import io.jazmin.spark.fs.HadoopSource;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/**
 * One byte range of a file, opened: the reader, the table the options name (its columns checked
 * against the first file's, {@link ScanLayout#check}) and the ordinals of the chunks whose first
 * part starts in the range ({@link JazminTable#chunks()}).
 */
final class OpenRange implements AutoCloseable {
    private final JazminReader reader;
    private final JazminTable table;
    private final Set<Integer> chunks;
    private final boolean local;

    OpenRange(FileRange range, ScanLayout layout, JazminOptions options, Configuration conf) {
        HadoopFiles.Opened opened = HadoopFiles.open(range.file(), conf, options.readOptions());
        reader = opened.reader();
        local = opened.local();
        try {
            table = options.table() == null ? reader.table() : reader.table(options.table());
            layout.check(HadoopSource.nameOf(range.path()), table.columns());
            chunks = table.chunks().stream().filter(c -> range.holds(c.firstPartOffset()))
                    .map(ChunkSummary::ordinal).collect(Collectors.toSet());
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    JazminTable table() {
        return table;
    }

    /** The chunks of the table this range reads. */
    Set<Integer> chunks() {
        return chunks;
    }

    /** Bytes of sections read from the file so far. */
    long bytesRead() {
        return reader.bytesRead();
    }

    /** Whether the file is local: read by core itself, so Hadoop's statistics do not count its bytes. */
    boolean local() {
        return local;
    }

    @Override
    public void close() {
        reader.close();
    }
}
