package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminFormatException;
import org.junit.jupiter.api.Test;

/** {@link NumberList}: read out once, its array handed over when exactly full, the list empty afterwards. */
class NumberListTest {

    @Test
    void aListGrownValueByValueGivesExactlyItsValues() {
        NumberList list = new NumberList();
        for (long v = 1; v <= 11; v++) {
            list.add(v);
        }
        assertThat(list.size()).isEqualTo(11);
        assertThat(list.toLongArray()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        assertThat(list.size()).as("read out: empty afterwards").isZero();
        assertThat(list.toLongArray()).isEmpty();
        assertThat(new NumberList().toLongArray()).isEmpty();
    }

    @Test
    void aReservedRunIsHandedOverAndTheListStartsAfreshAfterwards() {
        NumberList list = new NumberList();
        list.reserve(3);
        list.add(5);
        list.add(6);
        list.add(7);
        long[] first = list.toLongArray();
        assertThat(first).containsExactly(5, 6, 7);
        // The handed-over array is the caller's alone: the list no longer writes into it.
        list.add(9);
        assertThat(first).containsExactly(5, 6, 7);
        assertThat(list.toLongArray()).containsExactly(9);
    }

    @Test
    void aListOfIntsHandsOverItsReservedRunAndIsReadOutAsIntsOnly() {
        NumberList list = NumberList.ofInts();
        list.reserve(3);
        list.add(5);
        list.add(6);
        list.add(Integer.MAX_VALUE);
        int[] first = list.toIntArray();
        assertThat(first).containsExactly(5, 6, Integer.MAX_VALUE);
        assertThat(list.size()).as("read out: empty afterwards").isZero();
        for (int v = 1; v <= 9; v++) { // grown value by value past its first array
            list.add(v);
        }
        assertThat(first).as("the handed-over array is the caller's alone").containsExactly(5, 6, Integer.MAX_VALUE);
        assertThat(list.toIntArray()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThrows(ArithmeticException.class, () -> list.add(1L << 31));
        assertThrows(IllegalStateException.class, list::toLongArray);
    }

    @Test
    void runningSumsInPlaceOrIntoANewArrayAreTheSame() {
        NumberList full = new NumberList();
        full.reserve(4);
        NumberList partial = new NumberList();
        for (long v : new long[] {3, 0, 4, 10}) {
            full.add(v);
            partial.add(v);
        }
        assertThat(full.runningSums(Long.MAX_VALUE, "x")).containsExactly(3, 3, 7, 17);
        assertThat(partial.runningSums(Long.MAX_VALUE, "x")).containsExactly(3, 3, 7, 17);
        assertThat(full.runningSums(Long.MAX_VALUE, "x")).isEmpty();
        NumberList ints = new NumberList();
        ints.reserve(2);
        ints.add(2);
        ints.add(5);
        assertThat(ints.runningIntSums("ordinals")).containsExactly(2, 7);
    }

    @Test
    void aRunningSumPastTheLimitIsRefusedInPlaceToo() {
        NumberList list = new NumberList();
        list.reserve(2);
        list.add(Integer.MAX_VALUE);
        list.add(1);
        assertThrows(JazminFormatException.class, () -> list.runningIntSums("ordinals"));
    }
}
