package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.schema.Storage;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage gauges ({@code jazmin.file.appends}, {@code jazmin.file.dead.bytes}) of one scrape
 * share one storage report, read again only once the file changed on disk.
 */
class JazminFileMetersTests {
    record Reading(@JazminId long id, String sensor) {
    }

    @TempDir
    Path dir;

    private JazminFiles files;
    private final AtomicInteger reports = new AtomicInteger();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @BeforeEach
    void bind() {
        Path path = dir.resolve("readings.jzm");
        files = new JazminFiles(List.of(JazminFileDefinition.of("readings", path).withCreateIfMissing(true)));
        // Counts the storage reports the gauges read.
        new JazminFileMeters(files, f -> {
            reports.incrementAndGet();
            return JazminFile.storage(f.path(), f.readOptions());
        }).bindTo(meters);
    }

    @AfterEach
    void close() {
        files.destroy();
    }

    @Test
    void aScrapeReadsTheStorageReportOnceAndAgainOnlyAfterAChange() throws Exception {
        JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
        template.insert(LongStream.range(0, 10).mapToObj(i -> new Reading(i, "s" + i)).toList());

        double appends = gauge("jazmin.file.appends");
        double dead = gauge("jazmin.file.dead.bytes");
        assertThat(reports).as("one report for both gauges").hasValue(1);
        assertThat(gauge("jazmin.file.appends")).isEqualTo(appends);
        assertThat(gauge("jazmin.file.dead.bytes")).isEqualTo(dead);
        assertThat(reports).as("the file did not change: the report is kept").hasValue(1);

        template.save(List.of(new Reading(3, "changed")));

        assertThat(gauge("jazmin.file.appends")).isEqualTo(appends + 1);
        assertThat(gauge("jazmin.file.dead.bytes")).isGreaterThan(dead);
        assertThat(reports).as("read again once after the save").hasValue(2);
        Storage now = JazminFile.storage(dir.resolve("readings.jzm"), files.get("readings").readOptions());
        assertThat(gauge("jazmin.file.dead.bytes")).isEqualTo(now.deadBytes());

        Files.delete(dir.resolve("readings.jzm"));
        assertThat(gauge("jazmin.file.appends")).as("a file that cannot be read").isNaN();
        assertThat(gauge("jazmin.file.dead.bytes")).isNaN();
    }

    private double gauge(String name) {
        return meters.get(name).tag("file", "readings").gauge().value();
    }
}
