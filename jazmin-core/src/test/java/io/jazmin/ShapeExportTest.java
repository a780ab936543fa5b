package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.testing.ShapeFixtures;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import io.jazmin.export.ExportShape;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.convert.JsonShapeOutput;
import io.jazmin.export.SavedShape;
import io.jazmin.error.ShapeException;

/** Export shapes through the public API: output, checks before reading, JSON Schema, saved shapes. */
class ShapeExportTest {
    @TempDir
    Path dir;

    static String export(JazminReader reader, String shape) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reader.export(ExportShape.parse(shape), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void groupsWithNestedListsOfAFileSortedByTheGroupComeInFileOrderWithExactDecimalSums() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("sorted.jzm"), true))) {
            assertEquals(ShapeFixtures.CLIENTS_OUTPUT, export(reader, ShapeFixtures.CLIENTS.formatted("")));
        }
    }

    @Test
    void groupsWithNestedListsOfAnUnsortedFileAreSortedByTheirFirstValues() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("unsorted.jzm"), false))) {
            assertEquals(ShapeFixtures.CLIENTS_OUTPUT, export(reader, ShapeFixtures.CLIENTS.formatted(",\"$sort\":[\"client\"]")));
            // Without $sort, groups come in order of first appearance: B, A, C.
            assertThat(export(reader, "{\"c\":{\"$rows\":{\"c\":\"client\",\"l\":{\"$rows\":{\"l\":\"line\"}}},"
                    + "\"$groupBy\":\"client\"}}"))
                    .isEqualTo("{\"c\":[{\"c\":\"B\",\"l\":[{\"l\":1},{\"l\":3},{\"l\":6}]},{\"c\":\"A\",\"l\":[{\"l\":2},"
                            + "{\"l\":5}]},{\"c\":\"C\",\"l\":[{\"l\":4}]}]}");
        }
    }

    @Test
    void theRootSetGivesFirstValuesAggregatesLiteralsAndMetadata() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("root.jzm"), false))) {
            String shape = "{\"title\":{\"$meta\":\"title\"},\"missing\":{\"$meta\":\"nope\"},\"text\":{\"$value\":\"a/b\"},"
                    + "\"lit\":1.5,\"no\":null,\"count\":{\"$count\":true},\"qty\":{\"$sum\":\"qty\"},\"first\":\"client\","
                    + "\"firstAt\":\"at\",\"minAt\":{\"$min\":\"at\"},\"maxAmount\":{\"$max\":\"amount\"},"
                    + "\"minClient\":{\"$min\":\"client\"},\"rates\":{\"$sum\":\"rate\"},\"maxRate\":{\"$max\":\"rate\"},"
                    + "\"none\":{\"$rows\":{\"c\":\"client\"},\"$filter\":{\"client\":\"Z\"}},"
                    + "\"top\":{\"$rows\":{\"line\":\"line\",\"rate\":\"rate\"},\"$sort\":[\"-rate\",\"line\"],\"$limit\":3}}";
            // Two Long.MAX_VALUE quantities: the int sum is exact past 64 bits. NaN is skipped by sums,
            // minima and maxima, written as null, and sorts after every number (first descending).
            assertEquals("{\"title\":\"March\",\"missing\":null,\"text\":\"a/b\",\"lit\":1.5,\"no\":null,\"count\":6,"
                    + "\"qty\":18446744073709551618,\"first\":\"B\",\"firstAt\":\"2025-01-03T00:00:00.000Z\","
                    + "\"minAt\":\"2025-01-01T00:00:00.000Z\",\"maxAmount\":10.5,\"minClient\":\"A\",\"rates\":7,"
                    + "\"maxRate\":3,\"none\":[],\"top\":[{\"line\":5,\"rate\":null},{\"line\":6,\"rate\":3},"
                    + "{\"line\":4,\"rate\":2}]}", export(reader, shape));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"c\":{\"$rows\":{\"x\":\"nmae\"}}}|c[].x|Shape at c[].x: unknown or hidden column 'nmae'",
        "{\"t\":{\"$sum\":\"client\"}}|t.$sum|Shape at t.$sum: $sum is not supported on string column 'client'",
        "{\"t\":{\"$max\":\"nope\"}}|t.$max|Shape at t.$max: unknown or hidden column 'nope'",
        "{\"c\":{\"$rows\":{\"x\":\"line\"},\"$sort\":\"line\"}}|c.$sort|Shape at c.$sort: must be an array of column names",
        "{\"c\":{\"$rows\":{\"x\":\"line\"},\"$sort\":[\"-nope\"]}}|c.$sort[0]|Shape at c.$sort[0]: unknown or hidden column 'nope'",
        "{\"c\":{\"$rows\":{\"x\":\"line\"},\"$limit\":-1}}|c.$limit|Shape at c.$limit: must be a non-negative integer",
        "{\"c\":{\"$rows\":{\"n\":{\"$count\":true}}}}|c[].n|Shape at c[].n: aggregates need a set of rows (use $groupBy on the list)",
        "{\"c\":{\"$rows\":{\"x\":\"line\"},\"$filter\":{\"line\":{\"near\":1}}}}|c.$filter|Shape at c.$filter: Invalid filter: unknown operator 'near'",
        "{\"c\":{\"$rows\":{\"x\":\"line\"},\"$groupBy\":\"client\",\"$top\":1}}|c|Shape at c: unknown list option '$top'",
        "{\"c\":[1]}|c|Shape at c: arrays are not templates; use { \"$rows\": ... } for a list",
        "{\"c\":{\"$from\":\"other\",\"$on\":{\"a\":\"b\"},\"$rows\":{}}}|c.$from|Shape at c.$from: unknown table 'other'",
        "{\"c\":{\"$avg\":\"line\"}}|c|Shape at c: unknown operator '$avg'",
    })
    void aShapeThatDoesNotFitIsRefusedWithItsPathBeforeAnyRowIsRead(String shape, String path, String message) {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("bad.jzm"), false))) {
            long before = reader.bytesRead();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertThatThrownBy(() -> reader.export(ExportShape.parse(shape), out))
                    .isInstanceOfSatisfying(ShapeException.class, e -> {
                        assertEquals(message, e.getMessage());
                        assertEquals(path, e.path());
                    });
            assertEquals(0, out.size(), "nothing written");
            assertEquals(before, reader.bytesRead(), "nothing read");
        }
    }

    @Test
    void aShapeThatIsNotAJsonObjectIsRefused() {
        assertThatThrownBy(() -> ExportShape.parse("[1]")).isInstanceOf(ShapeException.class)
                .hasMessage("Shape: must be an object");
        assertThatThrownBy(() -> ExportShape.parse("{\"a\":")).isInstanceOf(ShapeException.class)
                .hasMessageStartingWith("Shape: not valid JSON");
    }

    @Test
    void theSchemaDescribesTheOutputWithNullsWhereTheyCanOccur() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("schema.jzm"), false))) {
            String schema = reader.shapeSchema(ExportShape.parse("{\"first\":\"client\",\"n\":{\"$count\":true},"
                    + "\"c\":{\"$rows\":{\"client\":\"client\",\"sum\":{\"$sum\":\"amount\"},\"rate\":\"rate\"},"
                    + "\"$groupBy\":\"client\"},\"v\":{\"$value\":\"x\"}}"), null);
            assertEquals("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\","
                    + "\"properties\":{\"first\":{\"type\":[\"string\",\"null\"]},\"n\":{\"type\":\"integer\",\"minimum\":0},"
                    + "\"c\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
                    + "\"client\":{\"type\":\"string\"},\"sum\":{\"type\":[\"number\",\"null\"]},"
                    + "\"rate\":{\"type\":[\"number\",\"null\"]}},\"required\":[\"client\",\"sum\",\"rate\"],"
                    + "\"additionalProperties\":false}},\"v\":{\"const\":\"x\"}},\"required\":[\"first\",\"n\",\"c\",\"v\"],"
                    + "\"additionalProperties\":false}", schema);
        }
    }

    @Test
    void savedShapesAreListedByNameAndExportOnTheirTableAndMalformedOrUnusableOnesAreLeftOut() throws Exception {
        Path file = ShapeFixtures.lines(dir.resolve("saved.jzm"), true);
        String shapes = "[{\"name\":\"Totals\",\"description\":\"per client\",\"default\":true,\"groups\":[\"*\"],"
                + "\"shape\":{\"c\":{\"$rows\":{\"c\":\"client\",\"n\":{\"$count\":true}},\"$groupBy\":\"client\"}}},"
                + "{\"name\":\"\",\"shape\":{}},"
                + "{\"name\":\"Broken\",\"shape\":{\"x\":\"nope\"}},"
                + "{\"name\":\"Totals\",\"shape\":{\"n\":{\"$count\":true}}},"
                + "{\"name\":\"Count\",\"groups\":[\"*\"],\"shape\":{\"n\":{\"$count\":true}}}]";
        byte[] hello = "hi".getBytes(StandardCharsets.UTF_8);
        Files.write(file, RewriteKeepsContentTest.withOneEmbeddedFile(Files.readAllBytes(file), hello, null, shapes,
                ""));
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.shapes()).extracting(SavedShape::name).containsExactly("Totals", "Count");
            SavedShape totals = reader.shape("Totals");
            assertEquals(Optional.of(totals), reader.defaultShape());
            assertEquals(new SavedShape("Totals", "per client", true, null, List.of("*"), ExportShape.parse(
                    "{\"c\":{\"$rows\":{\"c\":\"client\",\"n\":{\"$count\":true}},\"$groupBy\":\"client\"}}")), totals);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            reader.export(totals, out);
            assertEquals("{\"c\":[{\"c\":\"A\",\"n\":2},{\"c\":\"B\",\"n\":3},{\"c\":\"C\",\"n\":1}]}",
                    out.toString(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> reader.shape("Broken")).isInstanceOf(JazminValidationException.class)
                    .hasMessage("no saved shape named 'Broken'; shapes: [Totals, Count]");
        }
    }

    @Test
    void aFileWithoutSavedShapesListsNone() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("none.jzm"), false))) {
            assertThat(reader.shapes()).isEmpty();
        }
    }

    @Test
    void anExportFilterNarrowsTheRootSet() {
        try (JazminReader reader = JazminReader.open(ShapeFixtures.lines(dir.resolve("filtered.jzm"), false))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            reader.export(ExportShape.parse("{\"n\":{\"$count\":true},\"l\":{\"$rows\":{\"l\":\"line\"}}}"), null,
                    Filter.eq("client", "B"), new JsonShapeOutput(out));
            assertEquals("{\"n\":3,\"l\":[{\"l\":1},{\"l\":3},{\"l\":6}]}", out.toString(StandardCharsets.UTF_8));
        }
    }
}
