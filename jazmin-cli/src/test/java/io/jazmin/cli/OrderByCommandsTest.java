package io.jazmin.cli;

import static io.jazmin.cli.ConvertCommandTest.assertUsageError;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.testing.SharedFiles;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code --order-by} on {@code find}, {@code rows} and {@code explain}. */
class OrderByCommandsTest {
    private final Path mixed = SharedFiles.conformanceCase("mixed-types").resolve("data.jzm");

    /** The ids of the file's rows sorted in the test: score descending (nulls last), then id. */
    private List<Long> idsByScoreDescending() {
        try (JazminReader reader = JazminReader.open(mixed)) {
            Comparator<Double> scores = (a, b) -> Double.compare(a == 0 ? 0.0 : a, b == 0 ? 0.0 : b);
            return reader.table().rows(RowQuery.all().withSelect(List.of("id", "score"))).toList().stream()
                    .sorted(Comparator.comparing((Row r) -> (Double) r.get("score"),
                            Comparator.nullsLast(scores.reversed())).thenComparing(r -> (Long) r.get("id")))
                    .map(r -> (Long) r.get("id")).toList();
        }
    }

    private static List<Long> ids(CliRun run) {
        assertThat(run.code()).as(run.err()).isZero();
        return JsonLines.parse(run.out()).stream().map(n -> n.get("id").asLong()).toList();
    }

    @Test
    void findAndRowsPrintRowsInTheOrderAsked() {
        List<Long> expected = idsByScoreDescending();
        assertThat(expected).hasSize(12);
        assertThat(ids(CliRun.of("find", mixed.toString(), "--order-by", "score:desc,id", "--select", "id,score")))
                .isEqualTo(expected);
        assertThat(ids(CliRun.of("rows", mixed.toString(), "--order-by", "score:DESC,id:asc", "--offset", "2",
                "--limit", "4"))).isEqualTo(expected.subList(2, 6));
        assertThat(ids(CliRun.of("find", mixed.toString(), "--where", "{\"id\":{\"gt\":3}}", "--order-by",
                "score:desc,id", "--limit", "3"))).isEqualTo(expected.stream().filter(id -> id > 3).limit(3).toList());
    }

    @Test
    void nullsCanBePlacedEitherWay() {
        List<Long> first = ids(CliRun.of("rows", mixed.toString(), "--order-by", "name:asc:nulls-first,id"));
        List<Long> last = ids(CliRun.of("rows", mixed.toString(), "--order-by", "name:asc:nulls-last,id"));
        try (JazminReader reader = JazminReader.open(mixed)) {
            long nulls = reader.table().rows().filter(r -> r.get("name") == null).count();
            assertThat(nulls).isPositive();
            int n = (int) nulls;
            assertThat(last.subList(0, last.size() - n)).isEqualTo(first.subList(n, first.size()));
            assertThat(last.subList(last.size() - n, last.size())).isEqualTo(first.subList(0, n));
        }
    }

    @Test
    void explainReportsHowTheOrderIsServed() {
        CliRun plain = CliRun.of("explain", mixed.toString(), "--order-by", "score:desc");
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(JsonLines.tree(plain.out()).get("sort").asString()).isEqualTo("full-sort");
        CliRun analyzed = CliRun.of("explain", mixed.toString(), "--analyze", "--order-by", "score:desc",
                "--limit", "3");
        assertThat(analyzed.code()).as(analyzed.err()).isZero();
        JsonNode plan = JsonLines.tree(analyzed.out());
        assertThat(plan.get("sort").asString()).isEqualTo("top-k");
        assertThat(plan.get("rows").asLong()).isEqualTo(3);
        assertThat(JsonLines.tree(CliRun.of("explain", mixed.toString()).out()).has("sort")).isFalse();
    }

    @Test
    void badOrdersAreUsageErrors() {
        String file = mixed.toString();
        CliRun unknown = CliRun.of("find", file, "--order-by", "nope");
        assertUsageError(unknown);
        assertThat(unknown.err()).contains("--order-by", "no column named 'nope'");
        CliRun binary = CliRun.of("rows", file, "--order-by", "avatar:desc");
        assertUsageError(binary);
        assertThat(binary.err()).contains("--order-by", "'avatar' is binary, which has no order");
        CliRun direction = CliRun.of("rows", file, "--order-by", "id:down");
        assertUsageError(direction);
        assertThat(direction.err()).contains("asc or desc", "'down'");
        assertUsageError(CliRun.of("rows", file, "--order-by", "id:asc:nulls-middle"));
        assertUsageError(CliRun.of("rows", file, "--order-by", "id:asc:nulls-last:x"));
    }
}
