package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JazminTable#sum}: over every layout (column flush points or not, chunks of a few rows,
 * deleted rows, an index, a filter, the shared cache on and off, read ahead or not) the answer is the
 * exact sum of the values the rows hold, rounded once — for scaled floats, raw floats, negatives and
 * nulls, integers past a long, decimals of different scales.
 */
class ColumnSumTest {
    private static final List<Column> COLUMNS = List.of(Column.of("id", ColumnType.INT),
            Column.of("country", ColumnType.STRING), Column.of("balance", ColumnType.FLOAT),
            Column.of("big", ColumnType.INT), Column.of("price", ColumnType.DECIMAL));
    private static final String[] COUNTRIES = {"BW", "NA", "ZA", "LS"};

    @TempDir
    Path dir;

    private Path write(String name, WriteOptions options) {
        Path file = dir.resolve(name);
        Random random = new Random(33);
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < 500; i++) {
                Double balance = switch (random.nextInt(6)) {
                    case 0 -> null;
                    case 1 -> random.nextDouble() * 1e6 - 5e5; // raw binary64 (no short decimal)
                    case 2 -> -Math.round(random.nextGaussian() * 1e7) / 100.0;
                    default -> Math.round(random.nextGaussian() * 1e7) / 100.0;
                };
                long big = random.nextInt(4) == 0 ? Long.MIN_VALUE + random.nextInt(9) : Long.MAX_VALUE - random.nextInt(9);
                BigDecimal price = random.nextInt(5) == 0 ? null
                        : BigDecimal.valueOf(random.nextLong() % 1_000_000_000L, random.nextInt(6));
                w.writeValues((long) i, COUNTRIES[i % COUNTRIES.length], balance, i % 7 == 0 ? null : big, price);
            }
            w.finish();
        }
        return file;
    }

    /** The exact sum of {@code column} over the rows matching {@code keep}, read back row by row, rounded once. */
    private static double expected(JazminTable table, String column, Predicate<Row> keep) {
        BigDecimal exact = BigDecimal.ZERO;
        try (Stream<Row> rows = table.rows()) {
            for (Row r : (Iterable<Row>) rows::iterator) {
                Object v = r.get(column);
                if (v != null && keep.test(r)) {
                    exact = exact.add(v instanceof Double d ? new BigDecimal(d)
                            : v instanceof Long l ? new BigDecimal(BigInteger.valueOf(l)) : (BigDecimal) v);
                }
            }
        }
        return Double.parseDouble(exact.toString());
    }

    private static void check(JazminTable table) {
        Predicate<Row> all = r -> true;
        Predicate<Row> na = r -> "NA".equals(r.get("country"));
        Predicate<Row> high = r -> (Long) r.get("id") >= 123;
        for (String column : List.of("balance", "big", "price")) {
            assertThat(table.sum(column, null)).as(column).isEqualTo(expected(table, column, all));
            assertThat(table.sum(column, Filter.eq("country", "NA"))).as(column + " NA")
                    .isEqualTo(expected(table, column, na));
            assertThat(table.sum(column, Filter.gte("id", 123L))).as(column + " id >= 123")
                    .isEqualTo(expected(table, column, high));
            assertThat(table.sum(column, Filter.eq("country", "XX"))).isEqualTo(0.0);
        }
    }

    @Test
    void everyLayoutSumsToTheExactSumOfItsRows() {
        WriteOptions small = WriteOptions.defaults().withChunkRows(37);
        List<Path> files = List.of(
                write("flushed.jzm", small.withColumnFlushPoints(ColumnFlushPoints.ALWAYS)),
                write("unflushed.jzm", small.withColumnFlushPoints(ColumnFlushPoints.NEVER)),
                write("indexed.jzm", small.withIndex("country", IndexKind.SORTED)),
                write("one-chunk.jzm", WriteOptions.defaults()));
        for (Path file : files) {
            for (ReadOptions options : List.of(ReadOptions.defaults(), ReadOptions.defaults().withSharedCache(false),
                    ReadOptions.defaults().withSharedCache(false).withParallelism(Parallelism.defaults().withMaxDegree(1)))) {
                try (JazminReader reader = JazminReader.open(file, options)) {
                    check(reader.table());
                }
            }
        }
    }

    @Test
    void deletedRowsAreLeftOut() {
        Path file = write("deleted.jzm", WriteOptions.defaults().withChunkRows(37));
        JazminFile.delete(file, Filter.lt("id", 50L).or(Filter.eq("country", "ZA")), WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withSharedCache(false))) {
            JazminTable table = reader.table();
            assertThat(table.deletedRowCount()).isGreaterThan(0);
            check(table);
        }
    }

    @Test
    void aColumnThatIsNotANumberOrUnknownIsRefused() {
        Path file = write("refused.jzm", WriteOptions.defaults());
        try (JazminReader reader = JazminReader.open(file)) {
            assertThatThrownBy(() -> reader.table().sum("country", null))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("not a number");
            assertThatThrownBy(() -> reader.table().sum("nope", null))
                    .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown column 'nope'");
        }
    }
}
