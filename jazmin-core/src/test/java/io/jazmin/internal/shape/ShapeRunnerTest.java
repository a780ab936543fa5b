package io.jazmin.internal.shape;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.export.ExportShape;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.error.JazminFormatException;
import io.jazmin.testing.CraftedFiles;
import io.jazmin.testing.ShapeFixtures;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The ways groups are read (one pass on a sorted file, batches on an unsorted one, held rows) give one output. */
class ShapeRunnerTest {
    @TempDir
    Path dir;

    private static String run(OpenedFile file, String shape, int batchRows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TableReader table = new TableReader(file.table(0), Parallelism.defaults());
        CompiledShape compiled = ShapeCompiler.compile(ExportShape.parse(shape), table, name -> null);
        ShapeRunner.run(compiled, null, null, new JsonShapeOutput(out), batchRows);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static OpenedFile open(Path path) throws IOException {
        return FileOpener.open(ByteSource.open(path), ReadOptions.defaults());
    }

    @ParameterizedTest(name = "batches of {0} rows")
    @ValueSource(ints = {1, 2, 3, 100_000})
    void anUnsortedFileGroupedInBatchesGivesTheSameOutputAsOnePass(int batchRows) throws IOException {
        try (OpenedFile reader = open(ShapeFixtures.lines(dir.resolve("u.jzm"), false))) {
            assertEquals(ShapeFixtures.CLIENTS_OUTPUT,
                    run(reader, ShapeFixtures.CLIENTS.formatted(",\"$sort\":[\"client\"]"), batchRows));
        }
    }

    /**
     * An unsorted file crafted to claim sorted_by client: grouping in one pass would split client B
     * into three groups; the engine refuses the claim instead (issue 30).
     */
    @Test
    void aFileBreakingItsSortedByIsNotGroupedInOnePass() throws IOException {
        Path unsorted = ShapeFixtures.lines(dir.resolve("u.jzm"), false);
        Path crafted = Files.write(dir.resolve("crafted.jzm"),
                CraftedFiles.withSortedBy(Files.readAllBytes(unsorted), List.of("client")));
        try (OpenedFile reader = open(crafted)) {
            assertThatThrownBy(() -> run(reader, ShapeFixtures.CLIENTS.formatted(""), 100_000))
                    .isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("breaks its sorted_by [client]: chunk 2 holds keys below those of chunk 1");
        }
    }

    @Test
    void aLimitOnGroupsReadsOnlyTheFirstGroupsOfASortedFile() throws IOException {
        try (OpenedFile reader = open(ShapeFixtures.lines(dir.resolve("s.jzm"), true))) {
            assertEquals("{\"c\":[{\"c\":\"A\",\"l\":[{\"l\":2},{\"l\":5}]},{\"c\":\"B\",\"l\":[{\"l\":1},{\"l\":3},{\"l\":6}]}]}",
                    run(reader, "{\"c\":{\"$rows\":{\"c\":\"client\",\"l\":{\"$rows\":{\"l\":\"line\"}}},"
                            + "\"$groupBy\":\"client\",\"$limit\":2}}", 100_000));
        }
    }

    @Test
    void groupsInsideAGroupAndSortsOfHeldRowsPlaceNullsAndNaNAsTheEngineDoes() throws IOException {
        try (OpenedFile reader = open(ShapeFixtures.lines(dir.resolve("n.jzm"), false))) {
            String shape = "{\"all\":{\"$rows\":{\"byClient\":{\"$rows\":{\"c\":\"client\",\"max\":{\"$max\":\"line\"},"
                    + "\"rates\":{\"$rows\":{\"l\":\"line\"},\"$sort\":[\"-rate\"]}},\"$groupBy\":\"client\","
                    + "\"$sort\":[\"-client\"],\"$limit\":2}},\"$groupBy\":\"qty\",\"$sort\":[\"qty\"]}}";
            // qty 1: lines 3, 4, 5, 6; qty MAX: lines 1, 2. Descending rate: NaN first, null last.
            assertEquals("{\"all\":[{\"byClient\":[{\"c\":\"C\",\"max\":4,\"rates\":[{\"l\":4}]},"
                    + "{\"c\":\"B\",\"max\":6,\"rates\":[{\"l\":6},{\"l\":3}]}]},"
                    + "{\"byClient\":[{\"c\":\"B\",\"max\":1,\"rates\":[{\"l\":1}]},{\"c\":\"A\",\"max\":2,"
                    + "\"rates\":[{\"l\":2}]}]}]}", run(reader, shape, 100_000));
            assertEquals("{\"a\":[{\"x\":[{\"l\":5},{\"l\":2}]}]}",
                    run(reader, "{\"a\":{\"$rows\":{\"x\":{\"$rows\":{\"l\":\"line\"},\"$sort\":[\"-rate\"]}},"
                            + "\"$groupBy\":\"client\",\"$filter\":{\"client\":\"A\"}}}", 100_000));
        }
    }
}
