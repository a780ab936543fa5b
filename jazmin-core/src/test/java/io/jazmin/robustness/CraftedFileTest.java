package io.jazmin.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import io.jazmin.testing.CraftedFiles;
import io.jazmin.testing.Written;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files made by the engine, then crafted to lie about their rows (issue 30): crossed or narrowed
 * chunk statistics, a {@code sorted_by} the rows break, index postings past the rows or pointing
 * at rows that do not hold their key, a dictionary id past its dictionary. Each query through the
 * API fails with a {@link JazminFormatException} naming the table and what is inconsistent, or
 * gives the right answer; never a wrong one. The same queries on the file before crafting give
 * the right answers, so each case fails without its check. Caches are off, so every read decodes.
 */
class CraftedFileTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    /** Uncompressed, no flush points, five rows a chunk: sections are easy to rewrite. */
    private static final WriteOptions PLAIN = WriteOptions.defaults().withCodec(Codec.NONE).withChunkRows(5)
            .withColumnFlushPoints(false);
    private static final WriteOptions INDEXED = PLAIN.withIndex("id", IndexKind.SORTED)
            .withIndex("name", IndexKind.TRIGRAM);
    private static final ReadOptions NO_CACHE = ReadOptions.defaults().withSharedCache(false);

    @TempDir
    Path dir;

    /** Rows {@code (id, name)} with the ids given, names alternating "alpha", "beta" (dictionary-encoded). */
    private static List<List<Object>> rows(long... ids) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            rows.add(List.of(ids[i], i % 2 == 0 ? "alpha" : "beta"));
        }
        return rows;
    }

    private static long[] range(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToLong(i -> i).toArray();
    }

    private static <T> T read(byte[] file, Function<JazminTable, T> query) {
        try (JazminReader reader = JazminReader.open(file, NO_CACHE)) {
            return query.apply(reader.table());
        }
    }

    private static long count(byte[] file, Function<JazminTable, Long> query) {
        return read(file, query);
    }

    private static List<Long> ids(byte[] file, Function<JazminTable, List<Long>> query) {
        return read(file, query);
    }

    private static List<String> names(byte[] file, RowQuery query) {
        return read(file, t -> t.rows(query).map(r -> (String) r.get("name")).toList());
    }

    private static List<Long> idsOf(List<Row> rows) {
        return rows.stream().map(r -> (Long) r.get("id")).toList();
    }

    private static List<Long> find(JazminTable t, String filter, RowQuery query) {
        return idsOf(t.find(Filter.parse(filter), query).toList());
    }

    private static void assertFormatError(byte[] file, Function<JazminTable, ?> query, String... message) {
        assertThatThrownBy(() -> read(file, query)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("table ''").hasMessageContainingAll(message);
    }

    /**
     * Many candidates in one chunk are checked as a bitmap (issue 33): a sorted index listing rows that
     * do not hold its keys is still a format error there, naming the first such row.
     */
    @Test
    void manySortedPostingsPointingAtOtherRowsOfAChunkAreRefused() {
        WriteOptions oneChunk = PLAIN.withChunkRows(200).withIndex("id", IndexKind.SORTED);
        long[] reversed = IntStream.rangeClosed(1, 200).mapToLong(i -> 201 - i).toArray();
        byte[] file = Written.file(COLUMNS, rows(range(1, 200)), oneChunk);
        byte[] crafted = CraftedFiles.withIndexOf(file, Written.file(COLUMNS, rows(reversed), oneChunk), "id",
                IndexRef.SORTED);
        Filter firstHundred = Filter.lte("id", 100L);
        assertThat(count(file, t -> t.count(firstHundred))).isEqualTo(100);
        long candidates = read(file, t -> t.explain(firstHundred).candidateRows());
        assertThat(candidates).as("one chunk, 100 candidates").isEqualTo(100L);
        // The donor holds ids 1..100 in rows 100..199, which hold 101..200 here.
        assertFormatError(crafted, t -> t.count(firstHundred), "lists row 100 (chunk 0)", "the row does not hold");
        assertFormatError(crafted, t -> find(t, "{\"id\":{\"lte\":100}}", RowQuery.all()), "lists row 100",
                "the row does not hold");
    }

    /** Every chunk's min and max of the id column swapped (the crafted file). */
    private static final UnaryOperator<ColumnStatistics> CROSSED =
            s -> new ColumnStatistics(s.nullCounts(), s.max(), s.min(), s.leaves());

    @Test
    void crossedStatisticsAreRefused() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), PLAIN);
        assertThat(count(file, t -> t.count(Filter.parse("{\"id\":{\"gt\":3}}")))).isEqualTo(7);
        assertThat(ids(file, t -> find(t, "{\"id\":5}", RowQuery.all()))).containsExactly(5L);

        byte[] crafted = CraftedFiles.withStatistics(file, 0, CROSSED);
        assertFormatError(crafted, t -> t.count(Filter.parse("{\"id\":{\"gt\":3}}")), "column 'id'",
                "the min sorts after the max");
        assertFormatError(crafted, t -> find(t, "{\"id\":5}", RowQuery.all()), "the min sorts after the max");
        byte[] indexed = CraftedFiles.withStatistics(Written.file(COLUMNS, rows(range(1, 10)), INDEXED), 0, CROSSED);
        assertFormatError(indexed, t -> find(t, "{\"id\":5}", RowQuery.all()), "the min sorts after the max");
    }

    /** Chunk 0 (ids 1..5) claims ids 100..200: a query that decodes it anyway notices. */
    @Test
    void statisticsLeavingOutValuesAreRefusedWhenTheChunkIsDecoded() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), PLAIN);
        assertThat(count(file, t -> t.count(Filter.parse("{\"id\":{\"gt\":150}}")))).isZero();
        byte[] crafted = CraftedFiles.withStatistics(file, 0, s -> withBounds(s, 0, 100L, 200L));

        assertFormatError(crafted, t -> t.count(Filter.parse("{\"id\":{\"gt\":150}}")), "chunk 0", "column 'id'",
                "give a min above a value the chunk holds");
        assertFormatError(crafted, t -> find(t, "{\"id\":{\"lt\":150}}", RowQuery.all()),
                "give a min above a value the chunk holds");
        assertFormatError(crafted, t -> find(t, "{\"id\":{\"lt\":150}}", RowQuery.all().orderBy(SortKey.desc("id"))
                .withLimit(2)), "give a min above a value the chunk holds");
    }

    @Test
    void nullCountsThatDisagreeWithTheChunkAreRefused() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), PLAIN);
        assertThat(count(file, t -> t.count(Filter.parse("{\"name\":\"alpha\"}")))).isEqualTo(5);
        byte[] one = CraftedFiles.withStatistics(file, 1, s -> withNulls(s, 0, 1));
        assertFormatError(one, t -> t.count(Filter.parse("{\"name\":\"alpha\"}")), "chunk 0", "column 'name'",
                "count 1 nulls where the chunk holds 0");
        assertFormatError(one, t -> t.count(Filter.isNull("name")), "count 1 nulls where the chunk holds 0");
        byte[] tooMany = CraftedFiles.withStatistics(file, 1, s -> withNulls(s, 0, 7));
        assertFormatError(tooMany, t -> t.count(Filter.parse("{\"name\":\"alpha\"}")),
                "counts 7 nulls in a chunk of 5 rows");
    }

    /** The file: ids 6..10 then 1..5, claiming sorted_by id; chunk statistics show it. */
    @Test
    void sortedByBrokenAcrossChunksIsRefused() throws Exception {
        byte[] file = Written.file(COLUMNS, rows(6, 7, 8, 9, 10, 1, 2, 3, 4, 5), PLAIN);
        RowQuery firstThree = RowQuery.all().orderBy(SortKey.asc("id")).withLimit(3);
        assertThat(ids(file, t -> idsOf(t.rows(firstThree).toList()))).containsExactly(1L, 2L, 3L);

        byte[] crafted = CraftedFiles.withSortedBy(file, List.of("id"));
        assertFormatError(crafted, t -> idsOf(t.rows(firstThree).toList()), "breaks its sorted_by [id]",
                "chunk 1 holds keys below those of chunk 0");
        assertFormatError(crafted, t -> find(t, "{\"id\":{\"gt\":2}}", firstThree), "breaks its sorted_by");

        Path path = dir.resolve("broken.jzm");
        Files.write(path, crafted);
        assertThatThrownBy(() -> JazminFile.append(path, List.<Map<String, ?>>of(Map.of("id", 11L, "name", "x"))
                .iterator(), WriteOptions.defaults())).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("breaks its sorted_by");
        assertThat(Files.readAllBytes(path)).as("the refused append left the file as it was").isEqualTo(crafted);
    }

    /** One chunk holding 6..10 then 1..5: its statistics alone cannot tell, the decoded keys do. */
    @Test
    void sortedByBrokenInsideAChunkIsRefused() throws Exception {
        byte[] file = Written.file(COLUMNS, rows(6, 7, 8, 9, 10, 1, 2, 3, 4, 5), PLAIN.withChunkRows(16));
        byte[] crafted = CraftedFiles.withSortedBy(file, List.of("id"));
        assertFormatError(crafted, t -> idsOf(t.rows(RowQuery.all().orderBy(SortKey.asc("id")).withLimit(3)).toList()),
                "breaks its sorted_by [id]", "chunk 0 row 5 sorts before the row ahead of it");

        Path path = dir.resolve("broken.jzm");
        Files.write(path, crafted);
        assertThatThrownBy(() -> JazminFile.append(path, List.<Map<String, ?>>of(Map.of("id", 11L, "name", "x"))
                .iterator(), WriteOptions.defaults())).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("row 5 sorts before the row ahead of it");
        assertThat(Files.readAllBytes(path)).isEqualTo(crafted);
    }

    /**
     * sorted_by [id, name] with every id equal: the statistics of id tie at the chunk boundary, so the
     * chunk after the one a limit ends in is checked too (its first name sorts before the last one's).
     */
    @Test
    void sortedByBrokenAcrossATieIsRefused() {
        List<List<Object>> rows = new ArrayList<>();
        for (String name : List.of("b", "c", "d", "e", "f", "a", "g", "h", "i", "j")) {
            rows.add(List.of(1L, name));
        }
        RowQuery firstThree = RowQuery.all().orderBy(SortKey.asc("id"), SortKey.asc("name")).withLimit(3);
        byte[] file = Written.file(COLUMNS, rows, PLAIN);
        assertThat(names(file, firstThree)).containsExactly("a", "b", "c");
        byte[] crafted = CraftedFiles.withSortedBy(file, List.of("id", "name"));
        assertFormatError(crafted, t -> t.rows(firstThree).toList(), "breaks its sorted_by [id, name]",
                "chunk 1 row 5 sorts before the row ahead of it");

        List<List<Object>> sorted = new ArrayList<>(rows);
        sorted.sort((a, b) -> ((String) a.get(1)).compareTo((String) b.get(1)));
        byte[] honest = Written.file(COLUMNS, sorted, PLAIN.withSortedBy(List.of("id", "name")));
        String sort = read(honest, t -> t.explain(null, firstThree).sort());
        assertThat(sort).isEqualTo("file-order");
        assertThat(names(honest, firstThree)).containsExactly("a", "b", "c");
    }

    /** Without bounds on the sort column nothing proves the file order: the rows are ranked instead. */
    @Test
    void sortedByThatStatisticsCannotProveIsRankedInstead() {
        byte[] file = Written.file(COLUMNS, rows(6, 7, 8, 9, 10, 1, 2, 3, 4, 5), PLAIN);
        byte[] crafted = CraftedFiles.withStatistics(CraftedFiles.withSortedBy(file, List.of("id")), 0,
                s -> new ColumnStatistics(s.nullCounts(), Collections.nCopies(s.min().size(), new byte[0]),
                        Collections.nCopies(s.max().size(), new byte[0]), s.leaves()));
        assertThat(ids(crafted, t -> idsOf(t.rows(RowQuery.all().orderBy(SortKey.asc("id")).withLimit(3)).toList())))
                .containsExactly(1L, 2L, 3L);
        assertThat(ids(crafted, t -> find(t, "{\"id\":{\"gt\":4}}", RowQuery.all().orderBy(SortKey.asc("id"))
                .withLimit(2)))).containsExactly(5L, 6L);
        RowQuery byId = RowQuery.all().orderBy(SortKey.asc("id")).withLimit(3);
        String ranked = read(crafted, t -> t.explain(null, byId).sort());
        assertThat(ranked).isEqualTo("top-k");
        String proven = read(CraftedFiles.withSortedBy(Written.file(COLUMNS, rows(range(1, 10)), PLAIN),
                List.of("id")), t -> t.explain(null, byId).sort());
        assertThat(proven).as("a sorted file whose statistics prove it").isEqualTo("file-order");
    }

    /**
     * The index of a 20-row file grafted onto a 10-row one: its postings reach past the rows. A lookup
     * reading such a list is refused; one reading only lists inside the rows answers, since a page's
     * lists are checked as lookups read them ({@code SortedPage}) and every candidate is checked on its row.
     */
    @Test
    void postingsPastTheRowCountAreRefused() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), INDEXED);
        byte[] donor = Written.file(COLUMNS, rows(range(1, 20)), INDEXED);
        byte[] sorted = CraftedFiles.withIndexOf(file, donor, "id", IndexRef.SORTED);
        assertThat(ids(sorted, t -> find(t, "{\"id\":3}", RowQuery.all()))).as("a list inside the rows")
                .containsExactly(3L);
        assertThat(ids(sorted, t -> find(t, "{\"id\":15}", RowQuery.all()))).as("statistics rule it out unread")
                .isEmpty();
        assertThatThrownBy(() -> read(sorted, t -> t.count(Filter.parse("{\"id\":{\"gte\":8}}"))))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("within the table's 10 rows");

        // A rare word (row 15 of the donor) so that the planner uses the trigram index.
        List<List<Object>> named = new ArrayList<>(rows(range(1, 20)));
        named.set(14, List.of(15L, "zeta"));
        byte[] trigram = CraftedFiles.withIndexOf(file, Written.file(COLUMNS, named, INDEXED), "name",
                IndexRef.TRIGRAM);
        assertThat(count(file, t -> t.count(Filter.contains("name", "zeta")))).isZero();
        assertThatThrownBy(() -> read(trigram, t -> t.count(Filter.contains("name", "zeta"))))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("within the table's 10 rows");
        assertThatThrownBy(() -> read(trigram, t -> find(t, "{\"name\":{\"contains\":\"zeta\"}}", RowQuery.all())))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("within the table's 10 rows");
    }

    /**
     * A sorted index listing rows under keys they do not hold: a row in a chunk whose statistics
     * rule the key out, or a decoded row holding another value, is a format error (find, count,
     * find with an order and a limit); rows matching the filter are never made up.
     */
    @Test
    void sortedPostingsPointingAtOtherRowsAreRefused() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), INDEXED);
        // The donor's id 2 is in row 8 (chunk 1, ids 6..10 here) and its id 1 in row 1 (chunk 0, which holds 2).
        byte[] donor = Written.file(COLUMNS, rows(3, 1, 9, 4, 5, 6, 7, 8, 2, 10), INDEXED);
        byte[] crafted = CraftedFiles.withIndexOf(file, donor, "id", IndexRef.SORTED);
        assertThat(ids(crafted, t -> find(t, "{\"id\":4}", RowQuery.all()))).as("a right posting").containsExactly(4L);

        assertFormatError(crafted, t -> find(t, "{\"id\":2}", RowQuery.all()), "the sorted index on [id] lists row 8",
                "whose chunk statistics rule out that key");
        assertFormatError(crafted, t -> t.count(Filter.eq("id", 2L)), "whose chunk statistics rule out that key");
        assertFormatError(crafted, t -> find(t, "{\"id\":1}", RowQuery.all()), "lists row 1 (chunk 0)",
                "the row does not hold");
        assertFormatError(crafted, t -> t.count(Filter.eq("id", 1L)), "the row does not hold");
        assertFormatError(crafted, t -> find(t, "{\"id\":{\"in\":[1,4]}}", RowQuery.all().orderBy(SortKey.desc("id"))
                .withLimit(1)), "the row does not hold");
    }

    /** A trigram index is a superset by design: extra postings are checked away, the answer stays right. */
    @Test
    void trigramPostingsPointingAtOtherRowsAreCheckedAway() {
        List<List<Object>> alphas = IntStream.rangeClosed(1, 10).<List<Object>>mapToObj(i -> List.of((long) i, "alpha"))
                .toList();
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), INDEXED);
        byte[] crafted = CraftedFiles.withIndexOf(file, Written.file(COLUMNS, alphas, INDEXED), "name",
                IndexRef.TRIGRAM);
        assertThat(count(crafted, t -> t.count(Filter.contains("name", "alpha")))).isEqualTo(5);
        assertThat(ids(crafted, t -> find(t, "{\"name\":{\"contains\":\"lph\"}}", RowQuery.all()
                .orderBy(SortKey.desc("id")).withLimit(2)))).containsExactly(9L, 7L);
    }

    /** The last chunk's last name id (one varint byte, the part's last byte) set past its two entries. */
    @Test
    void dictionaryIdPastItsDictionaryIsRefused() {
        byte[] file = Written.file(COLUMNS, rows(range(1, 10)), PLAIN);
        byte[] crafted = CraftedFiles.withLastChunkPart(file, raw -> {
            byte[] out = raw.clone();
            out[out.length - 1] = 9;
            return out;
        });
        assertThat(count(crafted, t -> t.count(Filter.parse("{\"id\":{\"gt\":3}}")))).as("other columns read")
                .isEqualTo(7);
        assertThatThrownBy(() -> read(crafted, t -> t.rows().toList())).isInstanceOf(JazminFormatException.class)
                .hasMessageContainingAll("column 'name'", "dictionary index 9 out of range (2 entries)",
                        "section '0/chunk/1/*'");
        assertThatThrownBy(() -> read(crafted, t -> t.count(Filter.eq("name", "beta"))))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("dictionary index 9");
    }

    /** {@code s} with chunk {@code chunk}'s bounds set to {@code min}..{@code max} (int keys). */
    private static ColumnStatistics withBounds(ColumnStatistics s, int chunk, long min, long max) {
        List<byte[]> mins = new ArrayList<>(s.min());
        List<byte[]> maxes = new ArrayList<>(s.max());
        mins.set(chunk, KeyForms.encode(ColumnType.INT, min));
        maxes.set(chunk, KeyForms.encode(ColumnType.INT, max));
        return new ColumnStatistics(s.nullCounts(), mins, maxes, s.leaves());
    }

    private static ColumnStatistics withNulls(ColumnStatistics s, int chunk, int nulls) {
        int[] counts = s.nullCounts().clone();
        counts[chunk] = nulls;
        return new ColumnStatistics(counts, s.min(), s.max(), s.leaves());
    }
}
