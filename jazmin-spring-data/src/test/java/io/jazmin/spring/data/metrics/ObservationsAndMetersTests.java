package io.jazmin.spring.data.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFileMeters;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.MicrometerQueryObserver;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.support.JazminRepositoryFactory;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DuplicateKeyException;

/**
 * Repository reads and writes seen as Micrometer observations (operation, file, outcome), and the
 * files' gauges (rows, appends, dead bytes) following the file, in a simple meter registry.
 */
class ObservationsAndMetersTests {
    @TempDir
    Path dir;

    private final TestObservationRegistry observations = TestObservationRegistry.create();
    private JazminFiles files;
    private JazminTemplate template;
    private Readings readings;

    @BeforeEach
    void openStore() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("readings", dir.resolve("readings.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext(), new MicrometerQueryObserver(observations));
        readings = new JazminRepositoryFactory(template).getRepository(Readings.class);
        readings.saveAll(LongStream.range(0, 10).mapToObj(i -> new Reading(i, "s" + i % 2, i / 2.0)).toList());
        observations.clear();
    }

    @AfterEach
    void close() {
        files.destroy();
    }

    @Test
    void repositoryReadsAndWritesAreObservedWithTheirOutcome() {
        assertThat(readings.findBySensor("s1")).hasSize(5);
        TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                .that().hasBeenStopped().hasLowCardinalityKeyValue("jazmin.file", "readings")
                .hasLowCardinalityKeyValue("jazmin.outcome", "success");
        observations.clear();

        readings.save(new Reading(99, "s9", 1.5));
        TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                .that().hasLowCardinalityKeyValue("jazmin.operation", "save")
                .hasLowCardinalityKeyValue("jazmin.outcome", "success");
        observations.clear();

        assertThatThrownBy(() -> template.insert(List.of(new Reading(1, "s1", 0)))).isInstanceOf(DuplicateKeyException.class);
        TestObservationRegistryAssert.assertThat(observations).hasObservationWithNameEqualTo("jazmin.operation")
                .that().hasLowCardinalityKeyValue("jazmin.operation", "insert")
                .hasLowCardinalityKeyValue("jazmin.outcome", "error").hasError();
    }

    @Test
    void gaugesFollowTheFile() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        new JazminFileMeters(files).bindTo(meters);
        assertThat(gauge(meters, "jazmin.file.rows")).isEqualTo(10);
        double appendsBefore = gauge(meters, "jazmin.file.appends");

        readings.save(new Reading(3, "s1", 7.0));
        readings.deleteById(4L);

        assertThat(gauge(meters, "jazmin.file.rows")).isEqualTo(9);
        assertThat(gauge(meters, "jazmin.file.appends")).isEqualTo(appendsBefore + 2);
        assertThat(gauge(meters, "jazmin.file.dead.bytes")).isPositive();

        Files.delete(dir.resolve("readings.jzm"));
        assertThat(gauge(meters, "jazmin.file.rows")).as("a file that cannot be read").isNaN();
    }

    private static double gauge(SimpleMeterRegistry meters, String name) {
        return meters.get(name).tag("file", "readings").gauge().value();
    }
}
