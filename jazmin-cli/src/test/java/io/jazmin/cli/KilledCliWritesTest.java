package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.testing.KillRounds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jazmin convert}, {@code append} and {@code compact} killed (SIGKILL) at random, seeded
 * moments, 30 times each ({@code -Djazmin.killRounds=N} for more): the file is the old or the new
 * version, and the next write succeeds with no manual step, leaving no lock or temporary file
 * (issue 30; on main the lock a killed writer left refused every later write).
 */
@Tag("slow")
class KilledCliWritesTest {
    private static final int KILLS = Integer.getInteger("jazmin.killRounds", 30);
    private static final int ROWS = 6_000;
    private static final int BATCH = 5_000;

    @TempDir
    Path dir;

    Path first;
    Path second;
    Path batch;

    @BeforeEach
    void inputs() throws Exception {
        first = csv("first.csv", 0, ROWS, "a");
        second = csv("second.csv", 0, ROWS, "b");
        batch = csv("batch.csv", ROWS, ROWS + BATCH, "c");
    }

    @Test
    void killedConverts(TestReporter reporter) throws Exception {
        report(reporter, KillRounds.run("convert", dir, new Cli(List.<String[]>of(convertFirst()), "convert",
                second.toString(), "{file}"), KILLS, 30));
    }

    @Test
    void killedAppends(TestReporter reporter) throws Exception {
        report(reporter, KillRounds.run("append", dir, new Cli(List.<String[]>of(convertFirst()), "append", "{file}",
                "--from", batch.toString()), KILLS, 31));
    }

    @Test
    void killedCompactions(TestReporter reporter) throws Exception {
        List<String[]> appendedAndDeleted = List.of(convertFirst(), new String[] {"append", "{file}", "--from",
                batch.toString()}, new String[] {"delete", "{file}", "--where", "{\"id\":{\"lt\":500}}"});
        report(reporter, KillRounds.run("compact", dir, new Cli(appendedAndDeleted, "compact", "{file}") {
            @Override
            public Boolean isNew(Path file) {
                try (JazminReader reader = JazminReader.open(file)) {
                    return reader.appendCount() == 0;
                }
            }
        }, KILLS, 32));
    }

    private String[] convertFirst() {
        return new String[] {"convert", first.toString(), "{file}", "--index", "id:sorted"};
    }

    private static void report(TestReporter reporter, KillRounds.Counts counts) {
        reporter.publishEntry("kills", counts.toString());
        System.out.println("kill test: " + counts);
        assertThat(counts.recovered()).isEqualTo(counts.kills());
        // Kills must land inside writes, or the test shows nothing.
        assertThat(counts.locksLeft()).as("kills that left the lock file").isPositive();
    }

    /** A write by the {@code jazmin} command, in a child and in this JVM alike. */
    private static class Cli implements KillRounds.Operation {
        private final List<String[]> old;
        private final String[] command;

        /** {@code old} are the commands that write the old version, {@code command} the write killed. */
        Cli(List<String[]> old, String... command) {
            this.old = old;
            this.command = command;
        }

        @Override
        public void writeOld(Path file) {
            old.forEach(c -> CliKillChild.run(c, file));
        }

        @Override
        public void write(Path file) {
            CliKillChild.run(command, file);
        }

        @Override
        public List<String> child(Path file) {
            List<String> args = new ArrayList<>(List.of(CliKillChild.class.getName(), file.toString()));
            args.addAll(List.of(command));
            return args;
        }
    }

    private Path csv(String name, int from, int to, String tag) throws Exception {
        StringBuilder text = new StringBuilder("id,name,score\n");
        for (int i = from; i < to; i++) {
            text.append(i).append(',').append(tag).append(" person ").append(i).append(',').append(i * 0.25).append('\n');
        }
        return Files.writeString(dir.resolve(name), text);
    }
}
