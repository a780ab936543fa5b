package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.KillRounds;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link JazminTemplate#save} killed (SIGKILL) at random, seeded moments, 30 times
 * ({@code -Djazmin.killRounds=N} for more): the file is the old or the new version, and the next
 * save succeeds with no manual step, leaving no lock or temporary file (issue 30; on main the lock
 * a killed writer left refused every later write).
 */
@Tag("slow")
class KilledSavesTest {
    private static final int KILLS = Integer.getInteger("jazmin.killRounds", 30);

    @TempDir
    Path dir;

    @Test
    void killedSaves(TestReporter reporter) throws Exception {
        KillRounds.Counts counts = KillRounds.run("save", dir, new KillRounds.Operation() {
            @Override
            public void writeOld(Path file) {
                SaveKillChild.writeOld(file);
            }

            @Override
            public void write(Path file) {
                SaveKillChild.save(file);
            }

            @Override
            public List<String> child(Path file) {
                return List.of(SaveKillChild.class.getName(), file.toString());
            }
        }, KILLS, 33);
        reporter.publishEntry("kills", counts.toString());
        System.out.println("kill test: " + counts);
        assertThat(counts.recovered()).isEqualTo(counts.kills());
        // Kills must land inside saves, or the test shows nothing.
        assertThat(counts.locksLeft()).as("kills that left the lock file").isPositive();
    }
}
