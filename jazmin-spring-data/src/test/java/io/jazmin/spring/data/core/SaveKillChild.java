package io.jazmin.spring.data.core;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.testing.KillRounds;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.LongStream;

/**
 * Child process of {@link KilledSavesTest}: one {@link JazminTemplate#save} of a file (after
 * warming up on copies, see {@link KillRounds#serve}), then waits to be killed. Argument: the file.
 */
public final class SaveKillChild {
    static final int ROWS = 6_000;

    /** An entity bound to the file {@code events}. */
    record Event(@JazminId long id, String kind, long weight) {
    }

    private SaveKillChild() {
    }

    public static void main(String[] args) throws Exception {
        KillRounds.serve(Path.of(args[0]), SaveKillChild::save);
    }

    /** The old version: {@link #ROWS} events. */
    static void writeOld(Path file) {
        withTemplate(file, template -> template.insert(LongStream.range(0, ROWS)
                .mapToObj(i -> new Event(i, "k" + i % 7, i * 37 % 1000)).toList()));
    }

    /** The save killed: one new event and one changed. */
    static void save(Path file) {
        withTemplate(file, template -> template.save(List.of(new Event(ROWS, "new", 1), new Event(7, "changed", 2))));
    }

    private static void withTemplate(Path file, Consumer<JazminTemplate> work) {
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("events", file).withCreateIfMissing(true)));
        try {
            JazminTemplate template = new JazminTemplate(files, new JazminMappingContext());
            template.prepare(Event.class);
            work.accept(template);
        } finally {
            files.destroy();
        }
    }
}
