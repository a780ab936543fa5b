package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.SharedFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The command of issue 34, {@code count FILE --where '{"country":{"in":["BW",null]}}'}, which failed
 * with "cannot convert … to Filter (java.lang.NullPointerException)": a null item matches no row, so
 * the answer is the reference's count of {@code BW} on its own file (375).
 */
class InListWithNullCommandTest {
    private final Path file = SharedFiles.conformanceCase("sorted-indexed").resolve("data.jzm");

    @Test
    void countAndFindTakeANullInAnInList() {
        CliRun count = CliRun.of("count", file.toString(), "--where", "{\"country\":{\"in\":[\"BW\",null]}}");
        assertThat(count.code()).as(count.err()).isZero();
        assertThat(count.out()).isEqualTo("375\n");
        CliRun none = CliRun.of("count", file.toString(), "--where", "{\"country\":{\"in\":[null]}}");
        assertThat(none.out()).as(none.err()).isEqualTo("0\n");
        CliRun find = CliRun.of("find", file.toString(), "--where", "{\"id\":{\"in\":[2190,null]}}");
        assertThat(find.code()).as(find.err()).isZero();
        assertThat(find.out()).contains("\"id\":2190").hasLineCount(1);
    }
}
