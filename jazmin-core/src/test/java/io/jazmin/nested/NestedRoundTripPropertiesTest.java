package io.jazmin.nested;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.schema.JsonText;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import io.jazmin.convert.CanonicalValues;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Whatever nested schema (lists of scalars, objects with nullable fields, lists of objects, objects
 * holding lists, up to 4 levels) and values a file is written with, under every codec and chunk
 * size, it reads back to the same values.
 */
class NestedRoundTripPropertiesTest {
    private static final ColumnType[] SCALARS = {ColumnType.BOOL, ColumnType.INT, ColumnType.FLOAT, ColumnType.DECIMAL,
        ColumnType.STRING, ColumnType.DATETIME, ColumnType.BINARY, ColumnType.JSON};

    /** A table: its columns (the first an id) and its rows in column order. */
    record Table(List<Column> columns, List<Object[]> rows) {
    }

    @Property(tries = 200, seed = "42", edgeCases = EdgeCasesMode.MIXIN)
    void writtenValuesReadBack(@ForAll("tables") Table table, @ForAll("codecs") Codec codec,
                               @ForAll("chunkRows") int chunkRows) throws IOException {
        Path file = Files.createTempFile("nested", ".jzm");
        try {
            try (JazminWriter w = JazminWriter.create(file, table.columns(),
                    WriteOptions.defaults().withCodec(codec).withChunkRows(chunkRows))) {
                for (Object[] row : table.rows()) {
                    w.writeValues(row);
                }
                w.finish();
            }
            try (JazminReader reader = JazminReader.open(file)) {
                List<Row> rows = reader.table().rows().toList();
                assertThat(rows).hasSize(table.rows().size());
                for (int r = 0; r < rows.size(); r++) {
                    for (int c = 0; c < table.columns().size(); c++) {
                        Column column = table.columns().get(c);
                        assertThat(CanonicalValues.toJson(column, rows.get(r).get(c)))
                                .as("row %d column %s", r, column.name())
                                .isEqualTo(CanonicalValues.toJson(column, table.rows().get(r)[c]));
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Provide
    Arbitrary<Codec> codecs() {
        return Arbitraries.of(Codec.values());
    }

    @Provide
    Arbitrary<Integer> chunkRows() {
        return Arbitraries.integers().between(1, 12);
    }

    @Provide
    Arbitrary<Table> tables() {
        Arbitrary<Column> nested = Arbitraries.oneOf(list(3), object(3));
        return nested.list().ofMinSize(1).ofMaxSize(3).flatMap(defs -> {
            List<Column> columns = new ArrayList<>();
            columns.add(Column.required("id", ColumnType.INT));
            for (int i = 0; i < defs.size(); i++) {
                columns.add(renamed(defs.get(i), "c" + i));
            }
            return row(columns).list().ofMaxSize(30).map(rows -> new Table(columns, rows));
        });
    }

    private static Arbitrary<Object[]> row(List<Column> columns) {
        List<Arbitrary<Object>> cells = new ArrayList<>();
        cells.add(Arbitraries.longs().between(0, 1000).map(x -> x));
        for (Column c : columns.subList(1, columns.size())) {
            cells.add(cell(c));
        }
        return Combinators.combine(cells).as(List::toArray);
    }

    /** A definition up to {@code depth} levels of items and fields below it. */
    private static Arbitrary<Column> definition(int depth) {
        Arbitrary<Column> scalar = Combinators.combine(Arbitraries.of(SCALARS), Arbitraries.of(true, false))
                .as((t, nullable) -> new Column("v", t, nullable, "", "", null, List.of()));
        if (depth == 0) {
            return scalar;
        }
        return Arbitraries.frequencyOf(Tuple.of(3, scalar), Tuple.of(2, list(depth)), Tuple.of(2, object(depth)));
    }

    private static Arbitrary<Column> list(int depth) {
        return Combinators.combine(definition(depth - 1), Arbitraries.of(true, false)).as((item, nullable) ->
                new Column("v", ColumnType.LIST, nullable, "", "", renamed(item, "item"), List.of()));
    }

    private static Arbitrary<Column> object(int depth) {
        return Combinators.combine(definition(depth - 1).list().ofMinSize(1).ofMaxSize(3), Arbitraries.of(true, false))
                .as((fields, nullable) -> {
                    List<Column> named = new ArrayList<>();
                    for (int i = 0; i < fields.size(); i++) {
                        named.add(renamed(fields.get(i), "f" + i));
                    }
                    return new Column("v", ColumnType.OBJECT, nullable, "", "", null, named);
                });
    }

    private static Column renamed(Column c, String name) {
        return new Column(name, c.type(), c.nullable(), "", "", c.item(), c.fields());
    }

    /** A value of {@code c}, null now and then where allowed. */
    private static Arbitrary<Object> cell(Column c) {
        Arbitrary<Object> value = value(c);
        return c.nullable() ? value.injectNull(0.2) : value;
    }

    private static Arbitrary<Object> value(Column c) {
        return switch (c.type()) {
            case LIST -> cell(c.item()).list().ofMaxSize(4).map(l -> (Object) l);
            case OBJECT -> {
                List<Arbitrary<Object>> fields = c.fields().stream().map(NestedRoundTripPropertiesTest::cell).toList();
                yield Combinators.combine(fields).as(values -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    for (int i = 0; i < values.size(); i++) {
                        m.put(c.fields().get(i).name(), values.get(i));
                    }
                    return (Object) m;
                });
            }
            default -> scalar(c.type());
        };
    }

    private static Arbitrary<Object> scalar(ColumnType type) {
        Arbitrary<?> a = switch (type) {
            case BOOL -> Arbitraries.of(true, false);
            case INT -> Arbitraries.oneOf(Arbitraries.longs().between(-300, 300), Arbitraries.longs());
            case FLOAT -> Arbitraries.oneOf(Arbitraries.integers().between(-2000, 2000).map(i -> i / 8.0),
                    Arbitraries.doubles(), Arbitraries.of(-0.0, Double.NaN, Double.POSITIVE_INFINITY, 1e300));
            case DECIMAL -> Combinators.combine(Arbitraries.longs().between(-99_999, 99_999),
                    Arbitraries.integers().between(0, 4)).as(BigDecimal::valueOf);
            case STRING -> Arbitraries.oneOf(Arbitraries.of("a", "b", "", "é"), Arbitraries.strings().ofMaxLength(8)
                    .filter(s -> s.chars().noneMatch(ch -> Character.isSurrogate((char) ch))));
            case DATETIME -> Arbitraries.longs().between(-62_135_596_800_000L, 253_402_300_799_999L)
                    .map(Instant::ofEpochMilli);
            case BINARY -> Arbitraries.bytes().array(byte[].class).ofMaxSize(6);
            default -> Arbitraries.of("[1]", "{\"a\":null}", "\"t\"", "true", "{}").map(JsonText::of);
        };
        return a.map(x -> (Object) x);
    }
}
