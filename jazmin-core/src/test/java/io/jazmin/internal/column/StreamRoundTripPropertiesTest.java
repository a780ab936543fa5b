package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.assertSameRows;
import io.jazmin.schema.ColumnType;
import static org.assertj.core.api.Assertions.assertThat;
import io.jazmin.schema.Column;
import io.jazmin.internal.wire.ByteReader;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the encoder writes, the decoder reads back to the same rows, and a window of rows
 * decoded alone (as index lookups do) holds the same values as the whole decode.
 */
class StreamRoundTripPropertiesTest {

    private static void roundTrip(ColumnVector v) {
        byte[] stream = Streams.encode(v);
        assertSameRows(Streams.decode(v.type(), stream, v.size()), v);
        int n = v.size();
        int[][] windows = {{n / 3, Math.min(n, n / 3 + 1)}, {0, n / 2}, {n / 2, n}, {n / 4, n - n / 4}, {n, n}};
        Column column = Column.of("c", v.type());
        for (int[] w : windows) {
            ColumnVector window = StreamDecoder.decode(column, new ByteReader(stream), n, w[0], w[1]);
            assertSameRows(window, v, w[0], w[1]);
            assertThat(window.window()).isEqualTo(w[0] == 0 && w[1] == n ? 0 : w[0]);
        }
    }

    @Property(tries = 300, seed = "1")
    void bools(@ForAll("bool") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 300, seed = "2")
    void ints(@ForAll("int") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 300, seed = "3")
    void datetimes(@ForAll("datetime") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 500, seed = "4")
    void floats(@ForAll("float") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 200, seed = "5")
    void decimals(@ForAll("decimal") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 300, seed = "6")
    void strings(@ForAll("string") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 200, seed = "7")
    void binaries(@ForAll("binary") ColumnVector v) {
        roundTrip(v);
    }

    @Property(tries = 100, seed = "8")
    void jsons(@ForAll("json") ColumnVector v) {
        roundTrip(v);
    }

    @Provide("bool")
    Arbitrary<ColumnVector> boolVectors() {
        return ColumnValues.vectors(ColumnType.BOOL);
    }

    @Provide("int")
    Arbitrary<ColumnVector> intVectors() {
        return ColumnValues.vectors(ColumnType.INT);
    }

    @Provide("datetime")
    Arbitrary<ColumnVector> datetimeVectors() {
        return ColumnValues.vectors(ColumnType.DATETIME);
    }

    @Provide("float")
    Arbitrary<ColumnVector> floatVectors() {
        return ColumnValues.vectors(ColumnType.FLOAT);
    }

    @Provide("decimal")
    Arbitrary<ColumnVector> decimalVectors() {
        return ColumnValues.vectors(ColumnType.DECIMAL);
    }

    @Provide("string")
    Arbitrary<ColumnVector> stringVectors() {
        return ColumnValues.vectors(ColumnType.STRING);
    }

    @Provide("binary")
    Arbitrary<ColumnVector> binaryVectors() {
        return ColumnValues.vectors(ColumnType.BINARY);
    }

    @Provide("json")
    Arbitrary<ColumnVector> jsonVectors() {
        return ColumnValues.vectors(ColumnType.JSON);
    }
}
