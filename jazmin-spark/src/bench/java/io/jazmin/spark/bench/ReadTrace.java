package io.jazmin.spark.bench;

import io.jazmin.Explain;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.benchmarks.CustomersData;
import io.jazmin.data.ChunkSummary;
import io.jazmin.data.Filter;
import io.jazmin.options.ReadOptions;
import io.jazmin.spark.fs.HadoopSource;
import io.jazmin.spark.fs.RecordingSource;
import io.jazmin.spark.fs.RecordingSource.Read;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What one file of the benchmark's JAZMIN folder costs to read through Hadoop's file system (the
 * connector's {@link HadoopSource}, positioned reads, on the local file system read as a remote one
 * is): every read of the open, the filtered count and the lookup, as catalog reads (header,
 * directories, statistics, index pages) or chunk-part reads (column streams), with their bytes, and
 * the count's plan. Run with {@code jazmin-spark/bench.sh --trace} and the benchmark's properties
 * (the file traced is the one holding the looked-up id); the data must be made already.
 */
public final class ReadTrace {
    private ReadTrace() {
    }

    /** Prints the trace of the file holding the benchmark's lookup id. */
    public static void main(String[] args) throws Exception {
        BenchSettings settings = BenchSettings.fromSystemProperties();
        long id = CustomersData.findId(settings.totalRows());
        int fileNo = (int) (id / settings.rowsPerFile());
        Path file = CustomersFolders.jazminFile(settings, fileNo).toAbsolutePath();
        FileSystem local = FileSystem.getLocal(new Configuration()).getRaw();
        Filter count = Filter.parse(CustomersData.FILTER_JSON);
        Filter lookup = Filter.eq("id", id);
        System.out.println("file " + file);
        RecordingSource source = new RecordingSource(HadoopSource.open(local, new org.apache.hadoop.fs.Path(file.toUri())));
        try (JazminReader reader = JazminReader.open(source, ReadOptions.defaults())) {
            JazminTable table = reader.table();
            List<ChunkSummary> chunks = table.chunks();
            System.out.printf(Locale.ROOT, "%,d bytes, %d chunks, chunk parts %,d bytes%n", source.size(), chunks.size(),
                    chunks.stream().mapToLong(ChunkSummary::storedBytes).sum());
            report("open", source.since(0), chunks);
            trace("count " + CustomersData.FILTER_JSON, source, chunks, () -> table.count(count));
            Explain plan = table.explain(count);
            System.out.println("  plan: " + plan.toMap());
            trace("lookup id = " + id, source, chunks, () -> table.find(lookup).toList().size());
        }
    }

    private static void trace(String what, RecordingSource source, List<ChunkSummary> chunks, Supplier<Object> query) {
        int mark = source.count();
        Object answer = query.get();
        report(what + " -> " + answer, source.since(mark), chunks);
    }

    private static void report(String what, List<Read> reads, List<ChunkSummary> chunks) {
        List<Read> parts = reads.stream().filter(r -> inPart(r, chunks)).toList();
        List<Read> catalog = reads.stream().filter(r -> !inPart(r, chunks)).toList();
        System.out.printf(Locale.ROOT, "%s: %d reads, %,d bytes; catalog %d reads, %,d bytes; chunk parts %d reads, %,d bytes%n",
                what, reads.size(), RecordingSource.bytes(reads), catalog.size(), RecordingSource.bytes(catalog), parts.size(),
                RecordingSource.bytes(parts));
        for (Read r : catalog) {
            System.out.printf(Locale.ROOT, "  catalog read at %,d: %,d bytes%n", r.position(), r.length());
        }
        parts.stream().limit(6).forEach(r -> System.out.printf(Locale.ROOT, "  part read at %,d: %,d bytes%n",
                r.position(), r.length()));
    }

    private static boolean inPart(Read r, List<ChunkSummary> chunks) {
        return chunks.stream().anyMatch(c -> r.position() < c.firstPartOffset() + c.storedBytes()
                && r.end() > c.firstPartOffset());
    }
}
