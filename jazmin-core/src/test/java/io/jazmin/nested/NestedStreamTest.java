package io.jazmin.nested;

import static io.jazmin.nested.Nested.hex;
import static io.jazmin.nested.Nested.items;
import static io.jazmin.nested.Nested.list;
import static io.jazmin.nested.Nested.obj;
import static io.jazmin.nested.Nested.object;
import static io.jazmin.nested.Nested.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.NestedVectors;
import io.jazmin.internal.column.StreamDecoder;
import io.jazmin.internal.column.StreamEncoder;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nested column streams (spec §1.10) byte for byte, and the reader's rejection of hostile ones. */
class NestedStreamTest {
    /** The spec's column {@code staff}: list of objects {name: string, tags: list<string>}. */
    private static final Column STAFF = list("staff",
            object("item", Column.of("name", ColumnType.STRING), list("tags", Column.of("item", ColumnType.STRING))));
    private static final Object[] STAFF_ROWS = {
        items(obj("name", "A", "tags", items("x")), obj("name", null, "tags", items())), null, items()};
    private static final String SPEC_PAYLOAD = "17 15 02 03 00 04 00 10 05 04 10 02 01 41 09 05 03 00 02 00 03 00 01 78";

    private static final Column INTS = list("ints", Column.of("item", ColumnType.INT));

    @Test
    void specExamplePayloadIsWrittenByteForByte() {
        ColumnVector v = NestedVectors.of(STAFF, STAFF_ROWS, STAFF_ROWS.length);
        assertThat(HexFormat.of().formatHex(payload(STAFF, v))).isEqualTo(SPEC_PAYLOAD.replace(" ", "").toLowerCase());
    }

    @Test
    void specExamplePayloadReadsBackAsItsRows() {
        byte[] payload = hex(SPEC_PAYLOAD);
        ByteReader in = new ByteReader(payload);
        ColumnVector v = StreamDecoder.decode(STAFF, in.slice(in.length()), 3);
        in.expectEnd("payload");
        List<Object> rows = new ArrayList<>();
        for (int r = 0; r < v.size(); r++) {
            rows.add(v.get(r));
        }
        assertThat(rows).isEqualTo(java.util.Arrays.asList(STAFF_ROWS));
        assertThat(v.isNull(1)).isTrue();
    }

    @Test
    void leafStatisticsCoverEveryLeafWithItsEntries() {
        ChunkStatistics s = ChunkStatistics.compute(NestedVectors.of(STAFF, STAFF_ROWS, 3));
        assertThat(s.nullCount()).isEqualTo(1);
        assertThat(s.leaves()).hasSize(2);
        assertThat(s.leaf(new int[] {0}).valueCount()).isEqualTo(2);
        assertThat(s.leaf(new int[] {0}).values().nullCount()).isEqualTo(1);
        assertThat(new String(s.leaf(new int[] {0}).values().min())).isEqualTo("A");
        assertThat(s.leaf(new int[] {1}).valueCount()).isEqualTo(1);
        assertThat(new String(s.leaf(new int[] {1}).values().max())).isEqualTo("x");
    }

    @Test
    void objectBodyEndingBeforeItsLastFieldsReadsThemAsNull() {
        Column before = object("o", Column.of("a", ColumnType.INT));
        Column after = object("o", Column.of("a", ColumnType.INT), Column.of("b", ColumnType.STRING),
                list("c", Column.of("item", ColumnType.INT)));
        Object[] rows = {obj("a", 1L), null, obj("a", 3L)};
        byte[] stream = stream(before, NestedVectors.of(before, rows, 3));
        ColumnVector v = StreamDecoder.decode(after, new ByteReader(stream), 3);
        assertThat(v.get(0)).isEqualTo(obj("a", 1L, "b", null, "c", null));
        assertThat(v.get(1)).isNull();
        assertThat(v.get(2)).isEqualTo(obj("a", 3L, "b", null, "c", null));
    }

    @Test
    void missingStreamOfARequiredFieldIsRefused() {
        Column before = object("o", Column.of("a", ColumnType.INT));
        Column after = object("o", Column.of("a", ColumnType.INT), Column.required("b", ColumnType.INT));
        byte[] stream = stream(before, NestedVectors.of(before, new Object[] {obj("a", 1L)}, 1));
        assertRefused(after, stream, 1, "required field 'b'");
    }

    @Test
    void lengthsStreamWithNullsIsRefused() {
        // list flags, lengths stream [plain|HAS_NULLS, bitmap 1], items stream [plain, no values]
        assertRefused(INTS, hex("05 02 10 01 01 00"), 1, "has nulls");
    }

    @Test
    void negativeListLengthIsRefused() {
        assertRefused(INTS, hex("05 02 00 01 01 00"), 1, "negative length");
    }

    @Test
    void listsHoldingMoreThan2Pow31Minus1ItemsAreRefused() {
        // two lists of 2^30 items each: zigzag(2^30) = 2^31 = varint 80 80 80 80 08
        assertRefused(INTS, hex("05 0B 00 80 80 80 80 08 80 80 80 80 08 01 00"), 2, "2^31 - 1");
    }

    @Test
    void moreEntriesThanTheBytesCanHoldAreRefused() {
        Column objects = list("l", object("item", Column.of("a", ColumnType.INT)));
        // one list claiming 2^31 - 1 objects whose body has no field stream at all
        assertRefused(objects, hex("05 06 00 FE FF FF FF 0F 01 05"), 1, "cannot hold");
    }

    @Test
    void nestingDeeperThan64LevelsIsRefused() {
        Column deep = Column.of("leaf", ColumnType.INT);
        for (int i = 0; i < 66; i++) {
            deep = list("l" + i, deep);
        }
        assertRefused(deep, deepStream(66), 1, "64 levels");
    }

    @Test
    void nestingOf64LevelsReads() {
        Column deep = Column.of("leaf", ColumnType.INT);
        for (int i = 0; i < 65; i++) {
            deep = list("l" + i, deep);
        }
        Object value = StreamDecoder.decode(deep, new ByteReader(deepStream(65)), 1).get(0);
        for (int i = 0; i < 65; i++) {
            value = ((List<?>) value).get(0);
        }
        assertThat(value).isEqualTo(1L);
    }

    @Test
    void leftoverBytesAreRefused() {
        byte[] good = stream(INTS, NestedVectors.of(INTS, new Object[] {items(1L, 2L)}, 1));
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 1);
        assertRefused(INTS, longer, 1, "left over");
        Column o = object("o", Column.of("a", ColumnType.INT));
        byte[] object = stream(o, NestedVectors.of(o, new Object[] {obj("a", 1L)}, 1));
        byte[] extraStream = java.util.Arrays.copyOf(object, object.length + 2); // a further empty-length stream
        assertRefused(o, extraStream, 1, "left over");
    }

    @Test
    void wrongEncodingsAreRefused() {
        assertRefused(INTS, hex("00 02 00 02 01 00"), 1, "encoding 0");
        assertThatThrownBy(() -> StreamDecoder.decode(ColumnType.INT, new ByteReader(hex("05 02")), 1))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("encoding 5");
        assertRefused(INTS, hex("25 02 00 02 01 00"), 1, "reserved");
    }

    @Test
    void requiredItemsEncodeAndDecode() {
        Column c = list("l", required(Column.of("item", ColumnType.STRING)));
        Object[] rows = {items("a", "b", "a", "a"), items()};
        ColumnVector back = StreamDecoder.decode(c, new ByteReader(stream(c, NestedVectors.of(c, rows, 2))), 2);
        assertThat(back.get(0)).isEqualTo(rows[0]);
        assertThat(back.get(1)).isEqualTo(rows[1]);
    }

    /** A stream of lists nested {@code levels} deep, each holding one item, down to one int. */
    private static byte[] deepStream(int levels) {
        byte[] inner = hex("00 02"); // the int item 1
        for (int i = 0; i < levels; i++) {
            ByteWriter w = new ByteWriter();
            w.u8(5).varint(2).u8(0).u8(2).varint(inner.length).bytes(inner);
            inner = w.toByteArray();
        }
        return inner;
    }

    private static void assertRefused(Column column, byte[] stream, int rows, String message) {
        assertThatThrownBy(() -> StreamDecoder.decode(column, new ByteReader(stream), rows))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining(message);
    }

    private static byte[] stream(Column column, ColumnVector v) {
        ByteWriter out = new ByteWriter();
        StreamEncoder.encode(column, v, out);
        return out.toByteArray();
    }

    private static byte[] payload(Column column, ColumnVector v) {
        byte[] stream = stream(column, v);
        return new ByteWriter().varint(stream.length).bytes(stream).toByteArray();
    }
}
