package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.fail;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.catalog.IndexRef;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Any damage to any index section (a changed byte, a cut or an extra byte) ends every lookup in
 * either a right answer or a {@link JazminFormatException}; an {@link UnsupportedFeatureException}
 * only when an encoding byte was changed. Never another exception.
 */
class IndexMutationPropertiesTest {

    @Property(tries = 1000, seed = "41")
    void damagedSortedIndexesFailCleanly(@ForAll("data") IndexLookupPropertiesTest.Data data,
                                         @ForAll @IntRange(min = 1, max = 60) int pageBytes, @ForAll boolean compact,
                                         @ForAll long seed) {
        Random random = new Random(seed);
        MemorySections out = new MemorySections();
        IndexRef ref = TestIndexes.sorted(out, data.type(), data.cells(), 0, data.cells().size(), 0, pageBytes, compact);
        damage(out, random);
        List<IndexLookup> lookups = new Lookups(data.type(), data.cells().toArray(), random).sorted(10);
        expectCleanFailure(() -> {
            SortedIndex index = SortedIndex.open(0, ref, data.type(), data.cells().size(), compact, out);
            lookups.forEach(l -> {
                index.cost(l);
                index.rows(l);
            });
        });
    }

    @Property(tries = 500, seed = "42")
    void damagedTrigramIndexesFailCleanly(@ForAll("texts") List<Object> cells, @ForAll long seed) {
        Random random = new Random(seed);
        MemorySections out = new MemorySections();
        IndexRef ref = TestIndexes.trigram(out, cells, 0, cells.size(), 0);
        damage(out, random);
        List<IndexLookup> lookups = new Lookups(ColumnType.STRING, cells.toArray(), random).contains(10);
        expectCleanFailure(() -> {
            TrigramIndex index = TrigramIndex.open(0, ref, cells.size(), out);
            lookups.forEach(l -> {
                if (index.cost(l).isPresent()) {
                    index.rows(l);
                }
            });
        });
    }

    private static void damage(MemorySections out, Random random) {
        String id = out.ids().get(random.nextInt(out.ids().size()));
        out.damage(id, p -> {
            int at = p.length == 0 ? 0 : random.nextInt(p.length);
            return switch (random.nextInt(4)) {
                case 0 -> Arrays.copyOf(p, at);
                case 1 -> Arrays.copyOf(p, p.length + 1 + random.nextInt(3));
                default -> {
                    if (p.length > 0) {
                        p[at] = (byte) (random.nextInt(3) == 0 ? p[at] ^ (1 << random.nextInt(8)) : random.nextInt(256));
                    }
                    yield p;
                }
            };
        });
    }

    private static void expectCleanFailure(Runnable lookups) {
        try {
            lookups.run();
        } catch (JazminFormatException | UnsupportedFeatureException expected) {
            // a clean failure
        } catch (RuntimeException | Error e) {
            fail("damaged index gave " + e, e);
        }
    }

    @Provide
    Arbitrary<IndexLookupPropertiesTest.Data> data() {
        return new IndexLookupPropertiesTest().data();
    }

    @Provide
    Arbitrary<List<Object>> texts() {
        return new IndexLookupPropertiesTest().texts();
    }
}
