package io.jazmin.spring.data.core;

import io.jazmin.JazminTable;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;

/**
 * Gauges of each configured file, tagged {@code file} with its configured name:
 * {@code jazmin.file.rows} (rows a reader returns), {@code jazmin.file.appends} (appends since the
 * last full write) and {@code jazmin.file.dead.bytes} (bytes a compaction would free). Each is read
 * from the file's current version when the registry asks (through the pooled reader, so a read
 * costs a freshness check when nothing changed); a file that cannot be read reports NaN, and
 * health says why. Needs micrometer-core.
 */
public final class JazminFileMeters implements MeterBinder {
    private final JazminFiles files;

    public JazminFileMeters(JazminFiles files) {
        this.files = files;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (FileAccess file : files.all()) {
            gauge(registry, "jazmin.file.rows", "rows", "Rows a reader of the file returns", file,
                    f -> f.read(JazminTable::rowCount));
            gauge(registry, "jazmin.file.appends", null, "Appends to the file since its last full write", file,
                    f -> f.storage().appendCount());
            gauge(registry, "jazmin.file.dead.bytes", "bytes", "Bytes of the file a compaction would free", file,
                    f -> f.storage().deadBytes());
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
}
