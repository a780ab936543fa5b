package io.jazmin;

import io.jazmin.change.UpdateChanges;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.export.ExportShape;
import io.jazmin.export.SavedShape;
import io.jazmin.files.FileChanges;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.ShapeFixtures;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saved export shapes (spec §1.23) written by {@link JazminWriter#saveShape}, changed through
 * {@link FileChanges} on append and update, checked as writers must, and kept by every rewrite.
 */
class SavedShapeWriteTest {
    private static final SavedShape TOTALS = new SavedShape("Totals", "per client", true, null, List.of("*"),
            ExportShape.parse("{\"c\":{\"$rows\":{\"c\":\"client\",\"n\":{\"$count\":true}},\"$groupBy\":\"client\"}}"));
    private static final SavedShape COUNT = SavedShape.of("Count", ExportShape.parse("{\"n\":{\"$count\":true}}"));
    private static final SavedShape FEES = new SavedShape("Fees", "", false, "fees", List.of("*"),
            ExportShape.parse("{\"f\":{\"$sum\":\"fee\"}}"));
    private static final List<Column> FEE_COLUMNS = List.of(Column.required("fee", ColumnType.INT));
    private static final JazminKey KEY = JazminKey.generate();

    @TempDir
    Path dir;

    /** Two tables: the transaction lines of {@link ShapeFixtures} and {@code fees}, with {@code shapes} saved. */
    private Path written(WriteOptions options, SavedShape... shapes) {
        Path file = dir.resolve("shapes.jzm");
        try (JazminWriter w = JazminWriter.create(file, ShapeFixtures.COLUMNS, options)) {
            w.writeValues("A", 1L, null, 2L, null, 1.0);
            w.writeValues("B", 2L, null, 3L, null, 2.0);
            w.startTable("fees", FEE_COLUMNS, options);
            w.writeValues(5L);
            w.writeValues(7L);
            for (SavedShape s : shapes) {
                w.saveShape(s);
            }
            w.finish();
        }
        return file;
    }

    private static List<SavedShape> shapes(Path file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return reader.shapes();
        }
    }

    @Test
    void shapesWrittenByTheWriterAreListedAndExportOnTheirTable() {
        Path file = written(WriteOptions.defaults(), TOTALS, COUNT, FEES);
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.shapes()).containsExactly(TOTALS, COUNT, FEES);
            assertEquals(Optional.of(TOTALS), reader.defaultShape());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            reader.export(reader.shape("Fees"), out);
            assertEquals("{\"f\":12}", out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aShapeThatDoesNotFitOrBreaksARuleIsRefusedAtFinishAndNothingIsWritten() {
        Path file = dir.resolve("refused.jzm");
        assertRefused(file, SavedShape.of("Bad", ExportShape.parse("{\"x\":{\"$sum\":\"client\"}}")),
                "saved shape 'Bad': Shape at x.$sum: $sum is not supported on string column 'client'");
        assertRefused(file, new SavedShape("OnNothing", "", false, "nope", List.of("*"), COUNT.shape()),
                "saved shape 'OnNothing': the file has no table 'nope'");
        assertRefused(file, SavedShape.of("x".repeat(201), COUNT.shape()), "a name has 1 to 200 characters, not 201");
        assertRefused(file, new SavedShape("Long", "d".repeat(2_001), false, null, List.of("*"), COUNT.shape()),
                "a description has at most 2000 characters, not 2001");
        assertThat(file).doesNotExist();
        // Two defaults of one group.
        assertThatThrownBy(() -> written(WriteOptions.defaults(), TOTALS,
                new SavedShape("Other", "", true, null, List.of("*"), COUNT.shape())))
                .isInstanceOf(JazminValidationException.class)
                .hasMessage("saved shapes 'Totals' and 'Other' are both the default of group '*' (one default per group)");
    }

    private static void assertRefused(Path file, SavedShape shape, String message) {
        assertThatThrownBy(() -> {
            try (JazminWriter w = JazminWriter.create(file, ShapeFixtures.COLUMNS, WriteOptions.defaults())) {
                w.writeValues("A", 1L, null, 2L, null, 1.0);
                w.saveShape(shape);
                w.finish();
            }
        }).isInstanceOf(JazminValidationException.class).hasMessageContaining(message);
    }

    @Test
    void anAppendSavesReplacesAndRemovesShapesAndRefusesUnknownNames() throws Exception {
        Path file = written(WriteOptions.defaults(), TOTALS, COUNT);
        SavedShape newCount = SavedShape.of("Count", ExportShape.parse("{\"m\":{\"$max\":\"line\"}}"));
        JazminFile.changeFiles(file, FileChanges.savingShapes(newCount, FEES), WriteOptions.defaults());
        assertThat(shapes(file, ReadOptions.defaults())).containsExactly(TOTALS, newCount, FEES);

        JazminFile.changeFiles(file, FileChanges.removingShapes("Totals"), WriteOptions.defaults());
        assertThat(shapes(file, ReadOptions.defaults())).containsExactly(newCount, FEES);

        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> JazminFile.changeFiles(file, FileChanges.removingShapes("Nope"),
                WriteOptions.defaults())).isInstanceOf(JazminValidationException.class)
                .hasMessage("cannot remove saved shape 'Nope': the file has none of that name");
        assertThatThrownBy(() -> JazminFile.changeFiles(file, FileChanges.savingShapes(
                SavedShape.of("Bad", ExportShape.parse("{\"x\":\"nope\"}"))), WriteOptions.defaults()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown or hidden column 'nope'");
        assertArrayEquals(before, Files.readAllBytes(file), "a refused change leaves the file as it was");
    }

    @Test
    void aFullUpdateSavesShapesWithItsOtherChanges() {
        Path file = written(WriteOptions.defaults(), TOTALS);
        JazminFile.update(file, new UpdateChanges(null, Filter.parse("{\"client\":\"B\"}"), List.of(), List.of(),
                List.of(), null, FileChanges.savingShapes(COUNT)), WriteOptions.defaults());
        assertThat(shapes(file, ReadOptions.defaults())).containsExactly(TOTALS, COUNT);
        try (JazminReader reader = JazminReader.open(file)) {
            assertEquals(1, reader.table().count(null));
        }
    }

    @Test
    void everyRewriteKeepsTheSavedShapes() {
        WriteOptions keyed = WriteOptions.defaults().withKey(KEY);
        ReadOptions read = ReadOptions.defaults().withKey(KEY);
        Map<String, Consumer<Path>> rewrites = Map.of(
                "update", f -> JazminFile.update(f, new UpdateChanges(null, Filter.parse("{\"client\":\"A\"}"),
                        List.of(), List.of(), List.of(), null), keyed),
                "compact", f -> JazminFile.compact(f, keyed),
                "append", f -> JazminFile.append(f, List.of(Map.of("client", "C", "line", 3L)).iterator(), keyed),
                "delete (append)", f -> JazminFile.delete(f, Filter.parse("{\"client\":\"B\"}"), keyed));
        for (Map.Entry<String, Consumer<Path>> rewrite : rewrites.entrySet()) {
            Path file = written(keyed, TOTALS, COUNT, FEES);
            rewrite.getValue().accept(file);
            assertThat(shapes(file, read)).as(rewrite.getKey()).containsExactly(TOTALS, COUNT, FEES);
        }
        Path file = written(keyed, TOTALS, COUNT, FEES);
        JazminKey next = JazminKey.generate();
        JazminFile.rotateKey(file, read, next);
        assertThat(shapes(file, ReadOptions.defaults().withKey(next))).as("rotateKey").containsExactly(TOTALS, COUNT, FEES);
    }
}
