package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time mismatch and hash of {@link ShortRanges} agree with {@link Arrays#mismatch} and
 * hash equal ranges alike: at every length around a word, every position of the first difference, and
 * ranges ending at the array's end (where the last word cannot be read past the range).
 */
class ShortRangesTest {

    /** Two copies of {@code range} in one array, the second one ending at the array's end. */
    private static byte[] twice(byte[] range, int gap) {
        byte[] b = new byte[range.length * 2 + gap];
        Arrays.fill(b, range.length, range.length + gap, (byte) 0x5A); // bytes past the first range differ
        System.arraycopy(range, 0, b, 0, range.length);
        System.arraycopy(range, 0, b, range.length + gap, range.length);
        return b;
    }

    @Test
    void theFirstDifferenceIsFoundAtEveryPositionOfEveryLength() {
        for (int length = 0; length <= 33; length++) {
            byte[] range = new byte[length];
            for (int k = 0; k < length; k++) {
                range[k] = (byte) ('a' + k);
            }
            for (int gap : new int[] {0, 3, 9}) {
                byte[] b = twice(range, gap);
                int y = length + gap;
                assertThat(ShortRanges.mismatch(b, 0, y, length)).as("length %d", length).isEqualTo(-1);
                assertThat(ShortRanges.hash(b, 0, length)).isEqualTo(ShortRanges.hash(b, y, length));
                for (int at = 0; at < length; at++) {
                    for (byte other : new byte[] {(byte) (range[at] ^ 0x80), (byte) (range[at] + 1), (byte) ~range[at]}) {
                        byte[] changed = b.clone();
                        changed[y + at] = other; // in the range that ends the array
                        assertThat(ShortRanges.mismatch(changed, 0, y, length)).as("length %d at %d", length, at)
                                .isEqualTo(at);
                        assertThat(ShortRanges.mismatch(changed, y, 0, length)).isEqualTo(at);
                    }
                }
            }
        }
    }

    @Property(tries = 2000)
    void mismatchAgreesWithArraysMismatch(@ForAll @Size(max = 80) byte[] bytes, @ForAll @IntRange(max = 79) int x,
                                          @ForAll @IntRange(max = 79) int y, @ForAll @IntRange(max = 40) int length) {
        int n = Math.min(length, bytes.length - Math.max(x, y));
        if (n < 0) {
            return; // the ranges do not fit the array
        }
        assertThat(ShortRanges.mismatch(bytes, x, y, n)).isEqualTo(Arrays.mismatch(bytes, x, x + n, bytes, y, y + n));
    }

    @Property(tries = 2000)
    void equalRangesHashAlikeWhereverTheyLie(@ForAll @Size(max = 40) byte[] range, @ForAll @IntRange(max = 12) int before,
                                            @ForAll @IntRange(max = 12) int after) {
        byte[] b = new byte[before + range.length + after];
        Arrays.fill(b, (byte) before); // whatever lies around the range does not count
        System.arraycopy(range, 0, b, before, range.length);
        assertThat(ShortRanges.hash(b, before, range.length)).isEqualTo(ShortRanges.hash(range, 0, range.length));
    }
}
