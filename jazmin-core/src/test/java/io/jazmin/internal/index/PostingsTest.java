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
 * Posting lists read with one-byte steps in the loop itself and others by varint (issue 33): the same
 * ids, positions and refusals either way, and a check that keeps no id ends where reading them does.
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
