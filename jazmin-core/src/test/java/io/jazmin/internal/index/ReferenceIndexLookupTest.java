package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lookups on the reference files' own index sections (all segments of each index together)
 * return exactly the rows a scan of the column finds; trigram lookups return the rows having every
 * gram of the text, a superset of the rows containing it.
 */
class ReferenceIndexLookupTest {

    static List<String> cases() {
        return ReferenceIndexCase.NAMES;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void lookupsMatchAScan(String name) {
        ReferenceIndexCase file = ReferenceIndexCase.get(name);
        Random random = new Random(name.hashCode());
        for (int t : file.tableNumbers()) {
            ReferenceIndexCase.TableValues table = file.values(t);
            for (Map.Entry<String, List<IndexRef>> group : file.indexGroups(t).entrySet()) {
                List<IndexRef> refs = group.getValue();
                String column = refs.get(0).column();
                ColumnType type = table.types().get(column);
                Object[] cells = table.values().get(column);
                IndexSegments index = IndexSegments.open(t, refs, type, table.rowCount(), file.indexDeltas(),
                        file.loader());
                BruteForce scan = new BruteForce(type, cells, 0);
                Lookups lookups = new Lookups(type, cells, random);
                boolean trigram = IndexRef.TRIGRAM.equals(refs.get(0).kind());
                int n = table.rowCount() > 50_000 ? 40 : 150; // each check scans the column
                for (IndexLookup lookup : trigram ? lookups.contains(n) : lookups.sorted(n)) {
                    check(group.getKey() + " " + lookup, index, scan, lookup);
                }
            }
        }
    }

    static void check(String what, ColumnIndex index, BruteForce scan, IndexLookup lookup) {
        OptionalLong cost = index.cost(lookup);
        if (lookup instanceof IndexLookup.Contains c) {
            assertEquals(TrigramIndex.usable(c.text(), c.ignoreCase()), cost.isPresent(), what);
            if (cost.isEmpty()) {
                return;
            }
            RowIdSet rows = index.rows(lookup);
            assertEquals(scan.rows(lookup), rows, what);
            RowIdSet matches = scan.containing(c.text(), c.ignoreCase());
            assertEquals(matches, rows.intersect(matches), what + ": candidates miss a matching row");
            return;
        }
        assertTrue(cost.isPresent(), what);
        assertEquals(scan.rows(lookup), index.rows(lookup), what);
    }

    /** The cost announced before a lookup is what the lookup then reads (fresh index, nothing cached). */
    @ParameterizedTest
    @MethodSource("cases")
    void costIsTheBytesTheLookupReads(String name) {
        ReferenceIndexCase file = ReferenceIndexCase.get(name);
        Random random = new Random(~name.hashCode());
        ReferenceIndexCase.TableValues table = file.values(0);
        for (List<IndexRef> refs : file.indexGroups(0).values()) {
            if (!IndexRef.SORTED.equals(refs.get(0).kind())) {
                continue;
            }
            ColumnType type = table.types().get(refs.get(0).column());
            Lookups lookups = new Lookups(type, table.values().get(refs.get(0).column()), random);
            for (IndexLookup lookup : lookups.sorted(40)) {
                if (lookup instanceof IndexLookup.In) {
                    continue; // pages of several keys may be read again once evicted
                }
                long[] read = {0};
                SectionLoader loader = file.loader();
                SectionLoader counting = (id, ref) -> {
                    read[0] += ref.length();
                    return loader.load(id, ref);
                };
                IndexSegments index = IndexSegments.open(0, refs, type, table.rowCount(), file.indexDeltas(), loader);
                IndexSegments measured = IndexSegments.open(0, refs, type, table.rowCount(), file.indexDeltas(),
                        counting);
                long directories = refs.stream().map(IndexRef::section).mapToLong(SectionRef::length).sum();
                assertEquals(directories, read[0]);
                long cost = measured.cost(lookup).getAsLong();
                assertEquals(index.rows(lookup), measured.rows(lookup));
                assertEquals(cost, read[0] - directories, lookup.toString());
                if (lookup instanceof IndexLookup.Eq) {
                    assertEquals(0, measured.cost(lookup).getAsLong(), "its page is now held: " + lookup);
                }
            }
        }
    }
}
