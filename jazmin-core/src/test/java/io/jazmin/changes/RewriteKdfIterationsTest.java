package io.jazmin.changes;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.change.UpdateChanges;
import io.jazmin.data.Filter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rewrite of a password file (compaction, update) changes no secret, so it never leaves the file
 * with fewer PBKDF2 iterations than it had, whatever iterations the caller's options carry (the
 * CLI's are the default); options asking for more are followed.
 */
class RewriteKdfIterationsTest {
    private static final String PASSWORD = "rewrite iterations";
    private static final int FILE_ITERATIONS = 3_000;

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void write() {
        file = dir.resolve("password.jzm");
        Rows.write(file, options(FILE_ITERATIONS), 0, 20);
    }

    private static WriteOptions options(int iterations) {
        return WriteOptions.defaults().withPassword(PASSWORD).withKdfIterations(iterations);
    }

    @Test
    void compactionKeepsTheFilesIterations() {
        JazminFile.compact(file, options(WriteOptions.MIN_KDF_ITERATIONS));

        assertThat(JazminFile.facts(file).kdfIterations()).isEqualTo(FILE_ITERATIONS);
        assertThat(rows()).isEqualTo(20);
    }

    @Test
    void anUpdateKeepsTheFilesIterations() {
        JazminFile.update(file, new UpdateChanges(null, Filter.eq("id", 3L), null, null, null, ""),
                options(WriteOptions.MIN_KDF_ITERATIONS));

        assertThat(JazminFile.facts(file).kdfIterations()).isEqualTo(FILE_ITERATIONS);
        assertThat(rows()).isEqualTo(19);
    }

    @Test
    void moreIterationsThanTheFileHadAreTaken() {
        JazminFile.compact(file, options(FILE_ITERATIONS + 1_000));

        assertThat(JazminFile.facts(file).kdfIterations()).isEqualTo(FILE_ITERATIONS + 1_000);
    }

    private long rows() {
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withPassword(PASSWORD))) {
            return reader.table().rowCount();
        }
    }
}
