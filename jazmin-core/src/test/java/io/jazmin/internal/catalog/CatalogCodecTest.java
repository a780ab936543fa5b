package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class CatalogCodecTest {

    @Test
    void defaultsAreOmitted() {
        assertThat(new Header(null, null, 0, 0, 0, "", null, null, null, null, null).encode()).isEmpty();
        assertThat(new ChunkDirectory(null, null, null, null, null, null, null).encode()).isEmpty();
        assertThat(new SectionRef(0, 0).encode()).isEmpty();
    }

    @Test
    void repeatedStringAndBytesEntriesAreAlwaysWritten() {
        ColumnStatistics cs = new ColumnStatistics(new int[] {0, 0}, List.of(new byte[0], new byte[] {4}),
                List.of(new byte[0], new byte[0]), null);
        assertThat(cs.encode()).containsExactly(0x0A, 2, 0, 0, 0x12, 0, 0x12, 1, 4, 0x1A, 0, 0x1A, 0);
        TableEntry t = new TableEntry("", 0, null, List.of(""), "", 0, 0, 0, null, null, null, null);
        assertThat(t.encode()).containsExactly(0x22, 0);
    }

    @Test
    void partitionIdComesFirst() {
        Partition p = new Partition(new byte[12], List.of(new SectionRef(100, 30)));
        byte[] encoded = p.encode();
        assertThat(encoded[0]).isEqualTo((byte) 0x0A);
        assertThat(encoded[1]).isEqualTo((byte) 12);
    }

    @Test
    void chunkDirectoryListsAreAbsoluteInMemoryAndDifferencesOnDisk() {
        ChunkDirectory dir = new ChunkDirectory(new int[] {3, 5}, new long[] {100, 250}, new int[] {150, 10},
                new long[] {1000, 1400}, new long[] {400, 50}, null, null);
        byte[] encoded = dir.encode();
        assertThat(encoded).containsExactly(0x0A, 2, 3, 2, 0x12, 3, 100, 0x96, 0x01, 0x1A, 3, 0x96, 0x01, 10,
                0x22, 4, 0xE8, 0x07, 0x90, 0x03, 0x2A, 3, 0x90, 0x03, 50);
        ChunkDirectory back = ChunkDirectory.decode(encoded);
        assertThat(back.ordinals()).containsExactly(3, 5);
        assertThat(back.rowStarts()).containsExactly(100, 250);
        assertThat(back.partOffsets()).containsExactly(1000, 1400);
        assertThat(back.encode()).isEqualTo(encoded);
    }

    @Test
    void chunkDirectoryFlushPointsAreFields16And17PackedOrNot() {
        ChunkDirectory dir = new ChunkDirectory(new int[] {0}, new long[] {0}, new int[] {2}, new long[] {64},
                new long[] {40}, null, null, new int[] {0, 3, 300}, new int[] {0, 9, 20});
        byte[] encoded = dir.encode();
        // Field 16 packed: tag (16 << 3 | 2) = 0x82 0x01, length 4, then 0, 3, 300 (0xAC 0x02).
        byte[] field16 = {(byte) 0x82, 0x01, 4, 0, 3, (byte) 0xAC, 0x02};
        assertThat(java.util.Collections.indexOfSubList(java.util.Arrays.asList(toObjects(encoded)),
                java.util.Arrays.asList(toObjects(field16)))).isPositive();
        ChunkDirectory back = ChunkDirectory.decode(encoded);
        assertThat(back.streamOffsets().toArray()).containsExactly(0, 3, 300);
        assertThat(back.streamStoredOffsets().toArray()).containsExactly(0, 9, 20);
        // Unpacked values and packed runs split in two append, as for every repeated field.
        byte[] unpacked = new ByteWriter().u8(0x80).u8(0x01).varint(7).u8(0x82).u8(0x01).u8(2).varint(8).varint(9)
                .toByteArray();
        assertThat(ChunkDirectory.decode(unpacked).streamOffsets().toArray()).containsExactly(7, 8, 9);
        // One packed run stays undecoded until a chunk's values are read: a cut varint fails then, typed.
        byte[] cut = new ByteWriter().u8(0x82).u8(0x01).u8(2).u8(5).u8(0x80).toByteArray();
        ChunkDirectory cutRun = ChunkDirectory.decode(cut);
        assertThat(cutRun.streamOffsets().size()).isEqualTo(2);
        assertThat(cutRun.streamOffsets().range(0, 1)).containsExactly(5);
        assertThatThrownBy(() -> cutRun.streamOffsets().range(1, 1)).isInstanceOf(JazminFormatException.class);
        byte[] cutTwice = new ByteWriter().bytes(cut).bytes(cut).toByteArray();
        assertThatThrownBy(() -> ChunkDirectory.decode(cutTwice)).as("two runs decode at once")
                .isInstanceOf(JazminFormatException.class);
        assertThat(new ChunkDirectory(null, null, null, null, null, null, null).streamOffsets().toArray()).isEmpty();
    }

    @Test
    void chunkDirectoryValuePointsAreField18BytesThatOtherReadersSkip() {
        byte[] points = {5, 1, 2, 3, 4, 5};
        ChunkDirectory dir = new ChunkDirectory(new int[] {0}, new long[] {0}, new int[] {2}, new long[] {64},
                new long[] {40}, null, null, new int[] {0, 3}, new int[] {0, 9}, points);
        byte[] encoded = dir.encode();
        // Field 18, length-delimited: tag (18 << 3 | 2) = 0x92 0x01, length 6, the bytes.
        byte[] field18 = {(byte) 0x92, 0x01, 6, 5, 1, 2, 3, 4, 5};
        assertThat(java.util.Collections.indexOfSubList(java.util.Arrays.asList(toObjects(encoded)),
                java.util.Arrays.asList(toObjects(field18)))).isPositive();
        assertThat(ChunkDirectory.decode(encoded).valuePoints().toArray()).containsExactly(points);
        // Kept as a view of the directory's own bytes, not copied (issue 33): its field lies where it was encoded.
        io.jazmin.internal.wire.ByteSpan view = ChunkDirectory.decode(encoded).valuePoints();
        assertThat(view.bytes()).isSameAs(encoded);
        assertThat(view.offset()).isEqualTo(encoded.length - points.length); // the last field
        // A reader that knows fields 1..7 only (the reference) reads the rest as without it.
        byte[] without = new ChunkDirectory(new int[] {0}, new long[] {0}, new int[] {2}, new long[] {64},
                new long[] {40}, null, null, new int[] {0, 3}, new int[] {0, 9}).encode();
        assertThat(java.util.Arrays.copyOf(encoded, without.length)).isEqualTo(without);
        assertThat(encoded).hasSize(without.length + field18.length);
        assertThat(ChunkDirectory.decode(without).valuePoints().toArray()).isEmpty();
    }

    private static Byte[] toObjects(byte[] bytes) {
        Byte[] out = new Byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i];
        }
        return out;
    }

    @Test
    void rejectsDifferenceSumsThatOverflow() {
        ByteWriter w = new ByteWriter().u8(0x22).u8(18).varint(Long.MAX_VALUE).varint(1);
        byte[] offsets = w.toByteArray();
        offsets[1] = (byte) (offsets.length - 2);
        assertThatThrownBy(() -> ChunkDirectory.decode(offsets)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("part_offsets");
        byte[] ordinals = new ByteWriter().u8(0x0A).u8(10).varint(Integer.MAX_VALUE).varint(1).toByteArray();
        ordinals[1] = (byte) (ordinals.length - 2);
        assertThatThrownBy(() -> ChunkDirectory.decode(ordinals)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("ordinals");
    }

    @Test
    void encoderRefusesDescendingDifferenceLists() {
        IndexDirectory dir = new IndexDirectory(null, null, new long[] {500, 400}, null, null, null);
        assertThatThrownBy(dir::encode).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void indexDirectoryRoundTrips() {
        IndexDirectory dir = new IndexDirectory(List.of("ann".getBytes(), "bob".getBytes()), new int[] {10, 4},
                new long[] {64, 900}, new long[] {836, 120}, null, new SectionRef(1020, 20));
        IndexDirectory back = IndexDirectory.decode(dir.encode());
        assertThat(back.pageOffsets()).containsExactly(64, 900);
        assertThat(back.firstKeys()).extracting(String::new).containsExactly("ann", "bob");
        assertThat(back.nulls()).isNotNull();
        assertThat(back.encode()).isEqualTo(dir.encode());
    }

    @Test
    void columnsConvertBothWays() {
        Column item = Column.of("ignored", ColumnType.STRING);
        Column list = new Column("tags", ColumnType.LIST, true, "", "", item, List.of());
        Column object = new Column("address", ColumnType.OBJECT, false, "home", "{\"a\":1}", null,
                List.of(Column.required("street", ColumnType.STRING), Column.of("zip", ColumnType.INT)));
        CatalogColumn tags = CatalogColumn.of(list, 1);
        assertThat(tags.item().name()).isEqualTo(CatalogColumn.ITEM_NAME);
        assertThat(tags.item().position()).isZero();
        CatalogColumn address = CatalogColumn.of(object, 2);
        assertThat(address.fields()).extracting(CatalogColumn::position).containsExactly(0, 1);
        assertThat(address.required()).isTrue();

        CatalogColumn back = CatalogColumn.decode(new ByteReader(address.encode()));
        assertThat(back.toColumn()).isEqualTo(object);
        assertThat(CatalogColumn.decode(new ByteReader(tags.encode())).toColumn().item().type())
                .isEqualTo(ColumnType.STRING);
    }

    @Test
    void unknownTypeIdStaysRepresentable() {
        CatalogColumn future = new CatalogColumn(0, "x", 42, false, "", "", 0, null, null);
        CatalogColumn back = CatalogColumn.decode(new ByteReader(future.encode()));
        assertThat(back.type()).isEqualTo(42);
        assertThat(back.knownType()).isNull();
        assertThatThrownBy(back::toColumn).isInstanceOf(JazminFormatException.class).hasMessageContaining("42");
    }

    @Test
    void rejectsColumnNestingBeyondTheLimit() {
        CatalogColumn c = new CatalogColumn(0, "leaf", ColumnType.INT.wireId(), false, "", "", 0, null, null);
        for (int i = 0; i < CatalogColumn.MAX_NESTING; i++) {
            c = new CatalogColumn(0, "item", ColumnType.LIST.wireId(), false, "", "", 0, null, c);
        }
        byte[] deepest = c.encode();
        assertThat(CatalogColumn.decode(new ByteReader(deepest)).item()).isNotNull();
        CatalogColumn tooDeep = new CatalogColumn(0, "x", ColumnType.LIST.wireId(), false, "", "", 0, null, c);
        assertThatThrownBy(() -> CatalogColumn.decode(new ByteReader(tooDeep.encode())))
                .isInstanceOf(JazminFormatException.class).hasMessageContaining("nesting");
    }

    @Test
    void headerRoundTripsEveryField() {
        SectionRef ref = new SectionRef(64, 100, new byte[32]);
        TableEntry table = new TableEntry("people", 2,
                List.of(ColumnGroup.inline("*", List.of(CatalogColumn.of(Column.required("id", ColumnType.INT), 0))),
                        new ColumnGroup("pii", null, 1, ref)),
                List.of("id"), "country", 10, 1, 1, List.of(new Partition(new byte[12], List.of(ref))), ref,
                List.of(new IndexRef("id", IndexRef.SORTED, ref, 0)), ref);
        Header h = new Header(List.of("nested-columns"), List.of(), 1767225600000L, 5, 1, "{}", List.of(table),
                new Keyring(new byte[32], new byte[32], null),
                new FilesInfo(List.of(new FileDirectory("*", ref)), 3, "{\"entry\":\"index.html\"}", 1),
                new AccessInfo(ref, ref), List.of(ref));
        byte[] encoded = h.encode();
        Header back = Header.decode(encoded);
        assertThat(back.encode()).isEqualTo(encoded);
        assertThat(back.tables().get(0).columnGroups().get(1).definitions().digest()).hasSize(32);
        assertThat(back.files().packageJson()).contains("index.html");
    }

    @Test
    void sectionMessagesRoundTrip() {
        SectionRef ref = new SectionRef(64, 100);
        assertRoundTrip(new Delta(List.of(new TableDelta(1, List.of(new Partition(null, List.of(ref)))))),
                Delta::decode);
        assertRoundTrip(new OwnerCatalog(List.of(new TableIndexes(0,
                List.of(new IndexRef("a", IndexRef.TRIGRAM, ref, 2)), ref, ref, 1))), OwnerCatalog::decode);
        assertRoundTrip(new ChunkMap(new long[] {4096, 12}, List.of(new byte[12]), new int[] {0, 0}),
                ChunkMap::decode);
        assertRoundTrip(new ColumnDefinitions(List.of(new CatalogColumn(3, "balance", 4, false, "", "", 0, null,
                null))), ColumnDefinitions::decode);
        assertRoundTrip(new PartitionTable(List.of(new Partition(new byte[12], List.of(ref)))),
                PartitionTable::decode);
        assertRoundTrip(new Statistics(List.of(new ColumnStatistics(new int[] {1}, List.of(new byte[] {2}),
                List.of(new byte[] {9}), List.of(new LeafStatistics(new int[] {0, 1}, new long[] {5},
                        new long[] {1}, List.of(new byte[] {1}), List.of(new byte[] {3})))))), Statistics::decode);
    }

    private static void assertRoundTrip(ProtoMessage message, Function<byte[], ? extends ProtoMessage> decode) {
        byte[] encoded = message.encode();
        assertThat(encoded).isNotEmpty();
        assertThat(decode.apply(encoded).encode()).as(message.getClass().getSimpleName()).isEqualTo(encoded);
    }
}
