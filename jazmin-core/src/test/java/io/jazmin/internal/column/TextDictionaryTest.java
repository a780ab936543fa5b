package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Entry ids in order of first appearance, by equality, across reuses of one table. */
class TextDictionaryTest {

    @Test
    void idsFollowFirstAppearanceByEquality() {
        TextDictionary d = new TextDictionary();
        d.reset(4);
        assertThat(d.idOf("Aa")).isZero();
        assertThat(d.idOf("BB")).isEqualTo(1); // same hash code as "Aa"
        assertThat(d.idOf(new String("Aa"))).isZero();
        assertThat(d.idOf("c")).isEqualTo(2);
        assertThat(d.idOf("BB")).isEqualTo(1);
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.entry(1)).isEqualTo("BB");
        d.clear(); // keeps none of the values
        assertThat(d.size()).isZero();
        assertThat(d.entry(1)).isNull();
        assertThat(d.idOf("c")).isZero();
    }

    /** After a reset the table is empty again, whether the next chunk is smaller or much larger. */
    @Test
    void aResetTableStartsEmpty() {
        TextDictionary d = new TextDictionary();
        for (int max : new int[] {3, 1, 5_000, 2, 70_000, 10}) {
            d.reset(max);
            assertThat(d.size()).isZero();
            for (int i = 0; i < max; i++) {
                assertThat(d.idOf("v" + i)).isEqualTo(i);
            }
            for (int i = max - 1; i >= 0; i--) {
                assertThat(d.idOf("v" + i)).isEqualTo(i);
            }
            assertThat(d.size()).isEqualTo(max);
        }
    }

    /** Looked up by their length-prefixed bytes, values get the ids they get as strings. */
    @Test
    void encodedValuesGetTheIdsOfTheirStrings() {
        String[] values = {"Aa", "BB", "Aa", "", "é", "A", "Aa", "", "x".repeat(200), "é", "x".repeat(200), "B"};
        io.jazmin.internal.wire.ByteWriter bytes = new io.jazmin.internal.wire.ByteWriter();
        int[] starts = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            starts[i] = bytes.size();
            bytes.strictUtf8(values[i]);
        }
        byte[] exact = java.util.Arrays.copyOf(bytes.array(), bytes.size()); // the last value ends the array
        TextDictionary byString = new TextDictionary();
        TextDictionary byBytes = new TextDictionary();
        for (int round = 0; round < 2; round++) { // the second after a reset, as chunk after chunk
            byString.reset(values.length);
            byBytes.reset(values.length);
            for (int i = 0; i < values.length; i++) {
                assertThat(byBytes.idOfEncoded(exact, starts[i])).as("value %d", i).isEqualTo(byString.idOf(values[i]));
            }
            assertThat(byBytes.size()).isEqualTo(byString.size()).isEqualTo(7);
            byString.clear();
            byBytes.clear();
        }
    }
}
