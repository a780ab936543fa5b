package io.jazmin.spring.data.core;

import io.jazmin.JazminFile;
import io.jazmin.JazminTable;
import io.jazmin.schema.Storage;
import io.jazmin.source.FileStamp;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Gauges of each configured file, tagged {@code file} with its configured name:
 * {@code jazmin.file.rows} (rows a reader returns), {@code jazmin.file.appends} (appends since the
 * last full write) and {@code jazmin.file.dead.bytes} (bytes a compaction would free). Each is read
 * from the file's current version when the registry asks (through the pooled reader, so a read
 * costs a freshness check when nothing changed; the two storage gauges share one storage report,
 * read again only once the file changed on disk); a file that cannot be read reports NaN, and
 * health says why. Needs micrometer-core.
 */
public final class JazminFileMeters implements MeterBinder {
    private final JazminFiles files;
    private final Function<FileAccess, Storage> storage;

    public JazminFileMeters(JazminFiles files) {
        this(files, f -> JazminFile.storage(f.path(), f.readOptions()));
    }

    /** With {@code storage} reading a file's storage report (tests count the reads). */
    JazminFileMeters(JazminFiles files, Function<FileAccess, Storage> storage) {
        this.files = files;
        this.storage = storage;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (FileAccess file : files.all()) {
            gauge(registry, "jazmin.file.rows", "rows", "Rows a reader of the file returns", file,
                    f -> f.read(JazminTable::rowCount));
            StorageReading reading = new StorageReading(file, storage);
            gauge(registry, "jazmin.file.appends", null, "Appends to the file since its last full write", file,
                    f -> reading.current().appendCount());
            gauge(registry, "jazmin.file.dead.bytes", "bytes", "Bytes of the file a compaction would free", file,
                    f -> reading.current().deadBytes());
        }
    }

    private static void gauge(MeterRegistry registry, String name, String unit, String description, FileAccess file,
            ToDoubleFunction<FileAccess> value) {
        Gauge.builder(name, file, f -> readOrNaN(f, value)).tag("file", file.name()).baseUnit(unit)
                .description(description).strongReference(true).register(registry);
    }

    private static double readOrNaN(FileAccess file, ToDoubleFunction<FileAccess> value) {
        try {
            return value.applyAsDouble(file);
        } catch (RuntimeException e) {
            // A missing, damaged or locked file: the gauge has no value; the health indicator says why.
            return Double.NaN;
        }
    }

    /**
     * One file's storage report, kept while the file on disk is unchanged ({@link FileStamp}), so
     * that a scrape of both storage gauges reads the file's catalog once, and an idle file's never again.
     */
    private static final class StorageReading {
        private final FileAccess file;
        private final Function<FileAccess, Storage> storage;
        /** The stamp taken before {@link #report} was read; {@code null}: nothing kept. */
        private FileStamp stamp;
        private Storage report;

        StorageReading(FileAccess file, Function<FileAccess, Storage> storage) {
            this.file = file;
            this.storage = storage;
        }

        synchronized Storage current() {
            // Taken before the read: a commit during it leaves a stamp that no longer matches.
            FileStamp now = FileStamp.find(file.path()).orElse(null);
            if (now == null || !now.equals(stamp)) {
                stamp = null;
                report = storage.apply(file);
                stamp = now;
            }
            return report;
        }
    }
}
