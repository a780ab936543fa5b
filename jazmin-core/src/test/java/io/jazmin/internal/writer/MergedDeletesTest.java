package io.jazmin.internal.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** An append's new deleted-row list: the stored sorted list merged with the ids it deletes. */
class MergedDeletesTest {
    @Test
    void newIdsInAnyOrderAreMergedSortedAndOnce() {
        assertThat(Appender.mergedDeletes(new long[] {2, 5, 9}, new long[] {7, 0, 5, 7, 12}))
                .containsExactly(0, 2, 5, 7, 9, 12);
        assertThat(Appender.mergedDeletes(new long[0], new long[] {3, 1, 3})).containsExactly(1, 3);
    }

    @Test
    void nothingNewIsNull() {
        assertThat(Appender.mergedDeletes(new long[] {1, 4}, new long[] {4, 1, 4})).isNull();
        assertThat(Appender.mergedDeletes(new long[] {1, 4}, new long[0])).isNull();
        assertThat(Appender.mergedDeletes(new long[0], new long[0])).isNull();
    }

    @Test
    void agreesWithASortedSet() {
        Random random = new Random(31);
        for (int round = 0; round < 500; round++) {
            TreeSet<Long> stored = new TreeSet<>();
            for (int i = random.nextInt(50); i > 0; i--) {
                stored.add((long) random.nextInt(100));
            }
            long[] added = new long[random.nextInt(20)];
            for (int i = 0; i < added.length; i++) {
                added[i] = random.nextInt(100);
            }
            TreeSet<Long> all = new TreeSet<>(stored);
            for (long id : added) {
                all.add(id);
            }
            long[] merged = Appender.mergedDeletes(stored.stream().mapToLong(Long::longValue).toArray(), added);
            if (all.size() == stored.size()) {
                assertThat(merged).isNull();
            } else {
                assertThat(merged).containsExactly(all.stream().mapToLong(Long::longValue).toArray());
            }
        }
    }
}
