package io.jazmin.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Posting lists read with one-byte steps in the loop itself (eight from one word where it holds eight)
 * and others by varint (issue 33): the same ids, positions and refusals either way, and a skip over a
 * list ends where reading it does.
 */
class PostingsTest {
    /** A list of count then differences, followed by a marker byte. */
    private static byte[] list(long... differences) {
        ByteWriter w = new ByteWriter().varint(differences.length);
        for (long d : differences) {
            w.varint(d);
        }
        return w.u8(0x7F).toByteArray();
    }

    @Property(tries = 300, seed = "20261207")
    void idsReadAndSkippedEndWhereTheListEnds(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 100_000) Integer> raw) {
        long[] ids = new TreeSet<>(raw.stream().map(Integer::longValue).toList()).stream().mapToLong(Long::longValue)
                .toArray();
        byte[] section = Postings.encodeSection(ids);
        assertThat(Postings.readSection(section, 100_001, "list")).isEqualTo(ids);
        ByteReader read = new ByteReader(section, 1, section.length - 1);
        assertThat(Postings.read(read, 100_001)).isEqualTo(ids);
        ByteReader skip = new ByteReader(section, 1, section.length - 1);
        Postings.skip(skip);
        assertThat(skip.position()).isEqualTo(read.position()).isEqualTo(section.length);
        if (ids.length > 0) {
            long last = ids[ids.length - 1];
            assertThatThrownBy(() -> Postings.read(new ByteReader(section, 1, section.length - 1), last))
                    .isInstanceOf(JazminFormatException.class).hasMessageContaining("within the table's " + last);
        }
    }

    /**
     * Dense lists (steps mostly of one byte, some of two, now and then a zero step) against the rows of a
     * table cut anywhere: the ids summed step by step, or refused exactly when a step is zero or an id lies
     * past the rows, and either way (read or compact) the reader ends after the list.
     */
    @Property(tries = 1000, seed = "20261207")
    void denseListsReadAsSummedStepByStep(@ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 300) Integer> steps,
                                          @ForAll @IntRange(min = 0, max = 5000) int first,
                                          @ForAll @IntRange(min = 0, max = 60_000) int rows) {
        ByteWriter w = new ByteWriter().varint(steps.size() + 1).varint(first);
        long[] ids = new long[steps.size() + 1];
        ids[0] = first;
        boolean refused = first >= rows;
        for (int i = 0; i < steps.size(); i++) {
            int step = steps.get(i) > 280 ? 0 : steps.get(i) % 140 + 1; // a zero step one time in 15
            w.varint(step);
            ids[i + 1] = ids[i] + step;
            refused |= step == 0 || ids[i + 1] >= rows;
        }
        byte[] list = w.u8(0x7F).toByteArray();
        ByteReader in = new ByteReader(list);
        if (refused) {
            assertThatThrownBy(() -> Postings.read(in, rows)).isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("not strictly ascending within the table's " + rows + " rows");
            return;
        }
        assertThat(Postings.read(in, rows)).containsExactly(ids);
        assertThat(in.u8()).isEqualTo(0x7F);
        ByteReader skipped = new ByteReader(list);
        Postings.skip(skipped);
        assertThat(skipped.u8()).isEqualTo(0x7F);
    }

    @Test
    void zeroStepsAndIdsPastTheRowsAreRefusedBySmallAndLargeSteps() {
        for (byte[] bad : List.of(list(5, 1, 0), list(5, 300, 0), list(5, 1, 200), list(5, 300), list(9, 1),
                list(0, -1))) {
            assertThatThrownBy(() -> Postings.read(new ByteReader(bad), 10)).isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("not strictly ascending within the table's 10 rows");
        }
        ByteReader in = new ByteReader(list(0, 3, 130, 1));
        assertThat(Postings.read(in, 200)).containsExactly(0, 3, 133, 134);
        assertThat(in.u8()).isEqualTo(0x7F);
    }
}
