package io.jazmin.mapping;

import static io.jazmin.mapping.MappingPolicyTest.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.mapping.MappingException.Reason;
import io.jazmin.mapping.annotation.JazminIgnore;
import io.jazmin.mapping.annotation.JazminNotNull;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Members read straight from the row (primitive, boxed, {@code Instant} and {@code String} members
 * of columns of exactly their type) keep every policy of the converters they bypass.
 */
class TypedReadersTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("count", ColumnType.INT), Column.of("age", ColumnType.INT), Column.of("big", ColumnType.INT),
            Column.of("ratio", ColumnType.FLOAT), Column.of("share", ColumnType.FLOAT),
            Column.of("flag", ColumnType.BOOL), Column.of("active", ColumnType.BOOL),
            Column.of("at", ColumnType.DATETIME), Column.of("name", ColumnType.STRING));

    @TempDir
    Path dir;

    record Typed(long id, int count, Integer age, Long big, double ratio, Double share, boolean flag,
                 Boolean active, Instant at, String name) {
    }

    @Test
    void everyTypedMemberReadsValuesAndNulls() {
        Instant at = Instant.parse("2024-05-06T07:08:09.123Z");
        Path file = MappingFiles.write(dir.resolve("typed.jzm"), COLUMNS,
                new Object[] {1L, (long) Integer.MAX_VALUE, 300L, Long.MIN_VALUE, -0.0, Double.NaN, true, false, at,
                        "Ann"},
                new Object[] {2L, (long) Integer.MIN_VALUE, null, null, Double.NaN, -0.0, false, null, null, null});
        List<Typed> back = MappingFiles.read(file, r -> JazminMapper.forType(Typed.class).table(r).stream().toList());
        assertThat(back).containsExactly(
                new Typed(1, Integer.MAX_VALUE, 300, Long.MIN_VALUE, -0.0, Double.NaN, true, false, at, "Ann"),
                new Typed(2, Integer.MIN_VALUE, null, null, Double.NaN, -0.0, false, null, null, null));
        assertThat(Double.doubleToRawLongBits(back.get(0).ratio())).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(back.get(1).share())).isEqualTo(Double.doubleToRawLongBits(-0.0));
        Typed second = MappingFiles.read(file, r -> JazminMapper.forType(Typed.class).table(r).get(1).orElseThrow());
        assertThat(second).isEqualTo(back.get(1));
    }

    @Test
    void nullsIntoPrimitivesAreRefusedNamingRowAndColumn() {
        for (int i = 1; i < COLUMNS.size(); i++) {
            Column c = COLUMNS.get(i);
            if (!Typed.class.getRecordComponents()[i].getType().isPrimitive()) {
                continue;
            }
            Object[] second = validRow();
            second[i] = null;
            Path file = MappingFiles.write(dir.resolve(c.name() + ".jzm"), COLUMNS, validRow(), second);
            assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Typed.class).table(r).stream()
                    .toList()), Reason.NULL_VALUE, 1, c.name());
            assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Typed.class).table(r).get(1)),
                    Reason.NULL_VALUE, 1, c.name());
        }
    }

    record NotNull(long id, @JazminNotNull Integer age, @JazminNotNull String name) {
    }

    @Test
    void nullsIntoNonNullBoxedMembersAreRefused() {
        Path file = MappingFiles.write(dir.resolve("nn.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.of("age", ColumnType.INT), Column.of("name", ColumnType.STRING)),
                new Object[] {1L, 3L, "a"}, new Object[] {2L, 4L, null}, new Object[] {3L, null, "c"});
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(NotNull.class).table(r).stream()
                .toList()), Reason.NULL_VALUE, 1, "name");
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(NotNull.class).table(r).get(2)),
                Reason.NULL_VALUE, 2, "age");
    }

    @Test
    void intsOutOfRangeAndLongTextsAreRefused() {
        Object[] wide = validRow();
        wide[2] = 1L << 40;
        Path file = MappingFiles.write(dir.resolve("wide.jzm"), COLUMNS, validRow(), wide);
        assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Typed.class).table(r).stream()
                .toList()), Reason.OUT_OF_RANGE, 1, "age");

        MappingOptions shortTexts = MappingOptions.defaults().withMaxTextLength(1);
        Path texts = MappingFiles.write(dir.resolve("texts.jzm"), COLUMNS, validRow());
        assertRefused(() -> MappingFiles.read(texts, r -> JazminMapper.forType(Typed.class, shortTexts).table(r)
                .stream().toList()), Reason.SIZE_LIMIT, 0, "name");
    }

    record Positive(long id, int count) {
        Positive {
            if (count < 0) {
                throw new IllegalArgumentException("negative count");
            }
        }
    }

    @Test
    void constructorRefusalsAreInvalidValues() {
        Path file = MappingFiles.write(dir.resolve("refused.jzm"), List.of(Column.required("id", ColumnType.INT),
                Column.required("count", ColumnType.INT)), new Object[] {1L, 1L}, new Object[] {2L, -1L});
        MappingException e = assertRefused(() -> MappingFiles.read(file, r -> JazminMapper.forType(Positive.class)
                .table(r).stream().toList()), Reason.INVALID_VALUE, 1, null);
        assertThat(e.getMessage()).contains("Positive refused the values").contains("negative count");
    }

    record Reordered(String name, @JazminIgnore String note, long id, int count) {
    }

    /** A POJO built through its constructor, which takes the fields in another order. */
    public static final class Built {
        private final long id;
        private final String name;

        public Built(String name, long id) {
            this.id = id;
            this.name = name;
        }

        public long getId() {
            return id;
        }

        public String getName() {
            return name;
        }
    }

    @Test
    void cellsAreTakenByPositionWhateverTheColumnOrder() {
        Path file = MappingFiles.write(dir.resolve("order.jzm"), COLUMNS, validRow(), validRow());
        MappingOptions lenient = MappingOptions.defaults().withMode(MappingOptions.Mode.LENIENT);
        List<Reordered> back = MappingFiles.read(file, r -> JazminMapper.forType(Reordered.class, lenient).table(r)
                .stream().toList());
        assertThat(back).containsOnly(new Reordered("Bo", null, 7, 8));
        Reordered second = MappingFiles.read(file, r -> JazminMapper.forType(Reordered.class, lenient).table(r)
                .get(1).orElseThrow());
        assertThat(second).isEqualTo(new Reordered("Bo", null, 7, 8));

        List<Built> built = MappingFiles.read(file, r -> JazminMapper.forType(Built.class).projection(r.table())
                .stream().toList());
        assertThat(built).extracting(Built::getName, Built::getId).containsOnly(
                org.assertj.core.api.Assertions.tuple("Bo", 7L));
    }

    /**
     * Across chunks, each member equals the cell {@code Row.get} gives, whichever vector holds it:
     * a whole chunk's (stream), a one-row window's ({@code get} by id), plain and dictionary strings
     * (a few repeated values), non-ASCII text, and nulls at chunk edges.
     */
    @Test
    void membersEqualTheRowsCellsInEveryKindOfVector() {
        List<Column> columns = COLUMNS.subList(0, COLUMNS.size() - 1);
        List<Column> withTexts = new java.util.ArrayList<>(columns);
        withTexts.add(Column.of("name", ColumnType.STRING));
        List<Object[]> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 250; i++) {
            boolean gap = i % 7 == 0;
            rows.add(new Object[] {(long) i, (long) i, gap ? null : (long) i % 90, gap ? null : -3L * i, i / 4.0,
                    gap ? null : i * 0.1, i % 2 == 0, gap ? null : i % 3 == 0,
                    gap ? null : Instant.ofEpochMilli(1_700_000_000_000L + i), gap ? null : "näme " + i % 5});
        }
        Path file = dir.resolve("chunks.jzm");
        try (io.jazmin.JazminWriter w = io.jazmin.JazminWriter.create(file, withTexts,
                io.jazmin.options.WriteOptions.defaults().withChunkRows(32))) {
            rows.forEach(w::writeValues);
            w.finish();
        }
        List<Typed> want = rows.stream().map(r -> new Typed((Long) r[0], (int) (long) (Long) r[1],
                r[2] == null ? null : (int) (long) (Long) r[2], (Long) r[3], (Double) r[4], (Double) r[5],
                (Boolean) r[6], (Boolean) r[7], (Instant) r[8], (String) r[9])).toList();
        MappingFiles.read(file, r -> {
            ObjectTable<Typed> typed = JazminMapper.forType(Typed.class).table(r);
            assertThat(typed.stream().toList()).isEqualTo(want);
            for (int id : new int[] {0, 31, 32, 33, 99, 249}) {
                assertThat(typed.get(id)).contains(want.get(id));
            }
            return null;
        });
    }

    private static Object[] validRow() {
        return new Object[] {7L, 8L, 9L, 10L, 1.5, 2.5, true, true, Instant.EPOCH, "Bo"};
    }
}
