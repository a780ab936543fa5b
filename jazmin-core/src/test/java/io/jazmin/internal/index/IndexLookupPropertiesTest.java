package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * On random columns of every indexable type, written in two segments with small pages (so lookups
 * cross many pages) in either page encoding, every lookup returns exactly what a scan finds.
 */
class IndexLookupPropertiesTest {

    /** A column's cells (row id = position) and where the second segment (an append) starts. */
    record Data(ColumnType type, List<Object> cells, int split) {
    }

    @Property(tries = 300, seed = "31")
    void sortedLookupsMatchAScan(@ForAll("data") Data data, @ForAll @IntRange(min = 1, max = 200) int pageBytes,
                                 @ForAll boolean compact, @ForAll long seed) {
        MemorySections out = new MemorySections();
        List<Object> cells = data.cells();
        List<IndexRef> refs = List.of(
                TestIndexes.sorted(out, data.type(), cells, 0, data.split(), 0, pageBytes, compact),
                TestIndexes.sorted(out, data.type(), cells, data.split(), cells.size(), 1, pageBytes, compact));
        IndexSegments index = IndexSegments.open(0, refs, data.type(), cells.size(), compact, out);
        BruteForce scan = new BruteForce(data.type(), cells.toArray(), 0);
        for (IndexLookup lookup : new Lookups(data.type(), cells.toArray(), new Random(seed)).sorted(40)) {
            ReferenceIndexLookupTest.check(data + " " + lookup, index, scan, lookup);
        }
    }

    /** Compact pages hold the same entries as encoding-0 pages: only the bytes of each page differ. */
    @Property(tries = 200, seed = "32")
    void compactPagesAreCutLikePlainOnes(@ForAll("data") Data data, @ForAll @IntRange(min = 1, max = 300) int pageBytes) {
        IndexDirectory plain = directory(data, pageBytes, false);
        IndexDirectory compact = directory(data, pageBytes, true);
        assertEquals(plain.firstKeys().size(), compact.firstKeys().size());
        for (int i = 0; i < plain.firstKeys().size(); i++) {
            assertEquals(Arrays.toString(plain.firstKeys().get(i)), Arrays.toString(compact.firstKeys().get(i)));
        }
        assertEquals(Arrays.toString(plain.entryCounts()), Arrays.toString(compact.entryCounts()));
    }

    private static IndexDirectory directory(Data data, int pageBytes, boolean compact) {
        MemorySections out = new MemorySections();
        TestIndexes.sorted(out, data.type(), data.cells(), 0, data.cells().size(), 0, pageBytes, compact);
        return IndexDirectory.decode(out.payload(IndexSectionIds.index(0, TestIndexes.COLUMN, IndexRef.SORTED, 0)));
    }

    @Property(tries = 200, seed = "33")
    void trigramCandidatesHoldEveryMatch(@ForAll("texts") List<Object> cells, @ForAll @IntRange(min = 0, max = 100) int cut,
                                         @ForAll long seed) {
        int split = Math.min(cut, cells.size());
        MemorySections out = new MemorySections();
        List<IndexRef> refs = List.of(TestIndexes.trigram(out, cells, 0, split, 0),
                TestIndexes.trigram(out, cells, split, cells.size(), 1));
        IndexSegments index = IndexSegments.open(0, refs, ColumnType.STRING, cells.size(), false, out);
        BruteForce scan = new BruteForce(ColumnType.STRING, cells.toArray(), 0);
        for (IndexLookup lookup : new Lookups(ColumnType.STRING, cells.toArray(), new Random(seed)).contains(30)) {
            ReferenceIndexLookupTest.check(lookup.toString(), index, scan, lookup);
        }
    }

    @Provide
    Arbitrary<Data> data() {
        return Arbitraries.of(ColumnType.BOOL, ColumnType.INT, ColumnType.FLOAT, ColumnType.DECIMAL,
                ColumnType.STRING, ColumnType.DATETIME).flatMap(type -> Combinators.combine(
                        values(type).injectNull(0.1).list().ofMaxSize(300), Arbitraries.integers().between(0, 300))
                .as((cells, cut) -> new Data(type, new ArrayList<>(cells), Math.min(cut, cells.size()))));
    }

    @Provide
    Arbitrary<List<Object>> texts() {
        return strings().injectNull(0.1).list().ofMaxSize(200).map(ArrayList::new);
    }

    static Arbitrary<Object> values(ColumnType type) {
        Arbitrary<?> values = switch (type) {
            case BOOL -> Arbitraries.of(true, false);
            case INT -> Arbitraries.frequencyOf(
                    Tuple.of(8, Arbitraries.longs().between(-40, 40)),
                    Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L << 40)),
                    Tuple.of(1, Arbitraries.longs()));
            case DATETIME -> Arbitraries.longs().between(-62_135_596_800_000L, 253_402_300_799_999L)
                    .edgeCases(c -> c.add(0L));
            case FLOAT -> Arbitraries.frequencyOf(
                    Tuple.of(6, Arbitraries.integers().between(-20, 20).map(i -> i / 4.0)),
                    Tuple.of(2, Arbitraries.of(Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY,
                            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MAX_VALUE)),
                    Tuple.of(2, Arbitraries.doubles()));
            case DECIMAL -> Combinators.combine(Arbitraries.integers().between(-300, 300),
                            Arbitraries.integers().between(0, 4))
                    .as((m, scale) -> BigDecimal.valueOf(m, scale));
            default -> strings();
        };
        return values.map(v -> (Object) v);
    }

    // Text with shared prefixes, upper case, non-ASCII, surrogate pairs and (rarely) a lone surrogate.
    static Arbitrary<Object> strings() {
        Arbitrary<String> unit = Arbitraries.frequencyOf(
                Tuple.of(20, Arbitraries.of("a", "b", "c", "A", "B")),
                Tuple.of(4, Arbitraries.of("\u00e9", "\u00c9", " ", "\u0000", "\uffff")),
                Tuple.of(2, Arbitraries.of("\ud83d\ude00", "\ud800\udc00")),
                Tuple.of(1, Arbitraries.of("\ud800", "\udfff")));
        return unit.list().ofMaxSize(8).map(parts -> (Object) String.join("", parts));
    }
}
