package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.error.JazminException;
import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The interop cases written by the reference library, read through Spark: every table of every
 * case that opens without a key, and is small, gives the rows core gives.
 */
class ConformanceReadTest {
    /** Larger tables (the 200,000-customer case) belong to the benchmark, not to every build. */
    private static final long MAX_ROWS = 5_000;

    @Test
    void everySmallUnencryptedCaseReadsAsCoreReadsIt() throws IOException {
        SparkSession spark = SharedSpark.get();
        List<String> checked = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> cases = Files.list(SharedFiles.cases())) {
            files = cases.map(c -> c.resolve("data.jzm")).filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            List<String> tables = readableTables(file);
            for (String table : tables) {
                List<Object> expected;
                try (JazminReader r = JazminReader.open(file)) {
                    expected = SparkRows.ofCore(r.table(table).rows());
                }
                List<Object> actual = SparkRows.ofSpark(spark.read().format("jazmin").option("table", table)
                        .load(file.toString()).collectAsList());
                assertThat(actual).as(file + " table '" + table + "'").isEqualTo(expected);
                checked.add(file.getParent().getFileName() + "/" + table);
            }
        }
        assertThat(checked).as("cases read").hasSizeGreaterThanOrEqualTo(10);
    }

    /** The small tables of a file core opens without a key (none when it needs one). */
    private static List<String> readableTables(Path file) {
        try (JazminReader r = JazminReader.open(file)) {
            return r.tables().stream().filter(t -> t.rowCount() <= MAX_ROWS).map(JazminTable::name).toList();
        } catch (JazminException needsAKey) {
            return List.of();
        }
    }
}
