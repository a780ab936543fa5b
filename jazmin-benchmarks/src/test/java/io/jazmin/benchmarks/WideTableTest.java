package io.jazmin.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WideTableTest {

    @Test
    void stringValuesAreTheDefinedBase36Texts() {
        // every residue mod 5000 (i from 0 to 4999 covers them all for a column), in several columns
        for (int c : new int[] {3, 6, 150, 297}) {
            for (long i = 0; i < 5000; i++) {
                String defined = "s" + Long.toString((i * 131 + c * 17L) % 5000, 36);
                assertThat(WideTable.stringValue(i, c)).as("row %d column %d", i, c).isEqualTo(defined);
            }
        }
        assertThat(WideTable.stringValue(999_999, 299)).isEqualTo("s" + Long.toString((999_999L * 131 + 299 * 17) % 5000, 36));
    }
}
