package io.jazmin.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The gram table keeps one postings buffer per gram, through growth, and lists grams in order. */
class GramPostingsTest {

    @Test
    void holdsEveryGramOnceThroughGrowth() {
        GramPostings table = new GramPostings();
        Map<Long, PostingsBuffer> expected = new TreeMap<>();
        Random random = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            // Grams from a small alphabet repeat often; a few use the largest code units.
            char a = (char) ('a' + random.nextInt(26));
            char b = i % 1000 == 0 ? '\uFFFF' : (char) ('a' + random.nextInt(26));
            char c = (char) random.nextInt(0x10000);
            long gram = Trigrams.gram(a, b, c);
            PostingsBuffer p = table.postings(gram);
            PostingsBuffer known = expected.putIfAbsent(gram, p);
            if (known != null) {
                assertSame(known, p, "gram " + gram);
            }
        }
        long[] sorted = table.sortedGrams();
        assertThat(sorted).containsExactly(expected.keySet().stream().mapToLong(Long::longValue).toArray());
        for (long gram : sorted) {
            assertSame(expected.get(gram), table.get(gram));
        }
        assertThrows(IllegalArgumentException.class, () -> table.get(Trigrams.gram('0', '0', '0')));
    }
}
