package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts and finds on text columns coded with a dictionary (issue 33: a whole stream without nulls
 * and at most 128 entries is tested straight from its one-byte ids, no int per row) give exactly the
 * rows a test of each value finds: chunks of 1, 13, 64, 100, 128 and 200 distinct names (one id word
 * of entries, two, and ids of two bytes) and 400 (plain strings), a column with nulls, deleted rows,
 * with and without a trigram index, with the shared cache off and on.
 */
class DictionaryFilterCountTest {
    private static final int CHUNK = 600;
    /** Per chunk, how many distinct names it holds. */
    private static final int[] DISTINCT = {1, 13, 64, 100, 128, 200, 400};
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("nick", ColumnType.STRING));

    @TempDir
    Path dir;

    /** Name {@code j} of a chunk's pool: three spellings around "ndlovu", each with its number. */
    private static String name(int j) {
        return switch (j % 3) {
            case 0 -> "Ndlovu " + j;
            case 1 -> "Zulu " + j;
            default -> "ndlovu-" + j;
        };
    }

    /** Every seventh nick null; the others one of five. */
    private static String nick(int row) {
        return row % 7 == 0 ? null : "nick" + (row % 5);
    }

    private static List<List<Object>> rows() {
        List<List<Object>> out = new ArrayList<>();
        for (int c = 0; c < DISTINCT.length; c++) {
            for (int i = 0; i < CHUNK; i++) {
                int row = c * CHUNK + i;
                // Rows cycle through the pool in an order of their own, so that ids are not sorted.
                out.add(Arrays.asList((long) row, name((i * 7) % DISTINCT[c]), nick(row)));
            }
        }
        return out;
    }

    private Path write(String fileName, boolean trigram) throws IOException {
        Path path = dir.resolve(fileName);
        WriteOptions options = WriteOptions.defaults().withChunkRows(CHUNK);
        if (trigram) {
            options = options.withIndex("name", IndexKind.TRIGRAM);
        }
        try (JazminWriter writer = JazminWriter.create(path, COLUMNS, options)) {
            for (List<Object> row : rows()) {
                writer.writeValues(row.toArray());
            }
            writer.finish();
        }
        return path;
    }

    /** A filter and the test of one row's values (id, name, nick) it stands for. */
    private record Case(Filter filter, Predicate<List<Object>> test) {
    }

    private static Predicate<List<Object>> onName(Predicate<String> p) {
        return row -> p.test((String) row.get(1));
    }

    private static Predicate<List<Object>> onNick(Predicate<String> p) {
        return row -> row.get(2) != null && p.test((String) row.get(2));
    }

    private static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        out.add(new Case(Filter.contains("name", "Ndlovu"), onName(s -> s.contains("Ndlovu"))));
        out.add(new Case(Filter.contains("name", "dlovu"), onName(s -> s.contains("dlovu"))));
        out.add(new Case(Filter.contains("name", "1"), onName(s -> s.contains("1"))));
        out.add(new Case(Filter.contains("name", "absent"), onName(s -> false)));
        out.add(new Case(Filter.icontains("name", "NDLOVU"), onName(s -> s.toLowerCase().contains("ndlovu"))));
        out.add(new Case(Filter.startsWith("name", "Zulu 1"), onName(s -> s.startsWith("Zulu 1"))));
        // Rarer words: a trigram index lists their rows, many in some chunks (checked as a bitmap).
        out.add(new Case(Filter.contains("name", "Zulu 1"), onName(s -> s.contains("Zulu 1"))));
        out.add(new Case(Filter.contains("name", "lovu-1"), onName(s -> s.contains("lovu-1"))));
        out.add(new Case(Filter.startsWith("name", "Ndlovu 9"), onName(s -> s.startsWith("Ndlovu 9"))));
        out.add(new Case(Filter.endsWith("name", "7"), onName(s -> s.endsWith("7"))));
        for (String v : List.of("Ndlovu 0", "Zulu 64", "ndlovu-65", "Ndlovu 99", "Zulu 127", "ndlovu-128", "Zulu 199")) {
            out.add(new Case(Filter.eq("name", v), onName(v::equals)));
            out.add(new Case(Filter.ne("name", v), onName(s -> !s.equals(v))));
        }
        out.add(new Case(Filter.in("name", "Ndlovu 0", "Zulu 70", "ndlovu-125", "Zulu 190"),
                onName(s -> List.of("Ndlovu 0", "Zulu 70", "ndlovu-125", "Zulu 190").contains(s))));
        out.add(new Case(Filter.eq("nick", "nick3"), onNick("nick3"::equals)));
        out.add(new Case(Filter.ne("nick", "nick3"), onNick(s -> !s.equals("nick3"))));
        out.add(new Case(Filter.allOf(Filter.contains("name", "dlovu"), Filter.in("nick", "nick1", "nick2")),
                onName(s -> s.contains("dlovu")).and(onNick(s -> s.equals("nick1") || s.equals("nick2")))));
        out.add(new Case(Filter.anyOf(Filter.startsWith("name", "Zulu"), Filter.eq("nick", "nick0")),
                onName(s -> s.startsWith("Zulu")).or(onNick("nick0"::equals))));
        out.add(new Case(Filter.contains("name", "Ndlovu").negate(), onName(s -> !s.contains("Ndlovu"))));
        return out;
    }

    /** For every case, the count and the ids found equal those of the rows that are not deleted and pass its test. */
    private static void assertAnswers(Path file, ReadOptions options, Predicate<Long> deleted) {
        List<List<Object>> rows = rows();
        int matchedSome = 0;
        for (Case c : cases()) {
            List<Long> expected = rows.stream().filter(r -> !deleted.test((Long) r.get(0))).filter(c.test())
                    .map(r -> (Long) r.get(0)).toList();
            try (JazminReader reader = JazminReader.open(file, options)) {
                assertThat(reader.table().count(c.filter())).as("count %s", c.filter().toJson())
                        .isEqualTo(expected.size());
                try (Stream<Row> found = reader.table().find(c.filter())) {
                    assertThat(found.map(r -> (Long) r.get("id")).toList()).as("find %s", c.filter().toJson())
                            .isEqualTo(expected);
                }
            }
            if (!expected.isEmpty() && expected.size() < rows.size()) {
                matchedSome++;
            }
        }
        assertThat(matchedSome).as("cases matching some rows but not all").isGreaterThan(20);
    }

    @Test
    void dictionaryColumnsCountAndFindTheRowsTheirValuesMatch() throws IOException {
        for (boolean trigram : new boolean[] {false, true}) {
            Path file = write("t" + trigram + ".jzm", trigram);
            for (boolean cache : new boolean[] {false, true}) {
                assertAnswers(file, ReadOptions.defaults().withSharedCache(cache), id -> false);
            }
        }
    }

    @Test
    void deletedRowsAreNeitherCountedNorFound() throws IOException {
        for (boolean trigram : new boolean[] {false, true}) {
            Path file = write("d" + trigram + ".jzm", trigram);
            // Every eleventh row, and all of the one-name chunk but its first row.
            Predicate<Long> deleted = id -> id % 11 == 0 || (id > 0 && id < CHUNK);
            JazminFile.delete(file, Filter.anyOf(Filter.in("id", Stream.iterate(0L, i -> i < DISTINCT.length * CHUNK,
                    i -> i + 11).toArray()), Filter.allOf(Filter.gt("id", 0L), Filter.lt("id", (long) CHUNK))),
                    WriteOptions.defaults().withChunkRows(CHUNK));
            for (boolean cache : new boolean[] {false, true}) {
                assertAnswers(file, ReadOptions.defaults().withSharedCache(cache), deleted);
            }
        }
    }

    @Test
    void theRowsCoverEveryKindOfChunk() {
        List<List<Object>> rows = rows();
        for (int c = 0; c < DISTINCT.length; c++) {
            long distinct = rows.subList(c * CHUNK, (c + 1) * CHUNK).stream().map(r -> r.get(1)).distinct().count();
            assertThat(distinct).as("chunk %s", c).isEqualTo(DISTINCT[c]);
        }
        assertThat(rows.stream().filter(r -> r.get(2) == null).count()).isPositive();
        assertThat(rows.stream().map(r -> r.get(2)).filter(Objects::nonNull).distinct().count()).isEqualTo(5);
    }
}
