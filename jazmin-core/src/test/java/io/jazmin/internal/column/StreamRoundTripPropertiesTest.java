package io.jazmin.internal.column;

import static io.jazmin.internal.column.Streams.assertSameRows;

import io.jazmin.schema.ColumnType;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever the encoder writes, the decoder reads back to the same rows. */
class StreamRoundTripPropertiesTest {

    private static void roundTrip(ColumnVector v) {
        byte[] stream = Streams.encode(v);
        assertSameRows(Streams.decode(v.type(), stream, v.size()), v);
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
