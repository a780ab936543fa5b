package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.WriteOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A file's configured priority reaches the engine's readers and writers. */
class JazminFileDefinitionTests {

    @Test
    void priorityReachesEveryReadAndWrite() {
        for (Priority priority : Priority.values()) {
            JazminFileDefinition definition = JazminFileDefinition.of("f", Path.of("f.jzm")).withPriority(priority);
            assertThat(definition.readOptions().parallelism().priority()).isEqualTo(priority.engine());
            assertThat(definition.changeOptions().parallelism().priority()).isEqualTo(priority.engine());
            assertThat(definition.writeOptions(WriteOptions.defaults()).parallelism().priority())
                    .isEqualTo(priority.engine());
            assertThat(priority.engine().name()).isEqualTo(priority.name());
        }
    }
}
