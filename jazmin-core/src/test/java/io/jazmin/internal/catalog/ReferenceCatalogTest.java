package io.jazmin.internal.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jazmin.testing.SharedFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decodes the catalog sections of the unencrypted reference files and re-encodes them: the bytes
 * must be identical, which pins field order, default omission and packing to the JS encoder. Also
 * prints what the reference catalogs contain, for the file writer's benefit.
 */
class ReferenceCatalogTest {

    @ParameterizedTest
    @ValueSource(strings = {"codec-none", "codec-deflate-default", "mixed-types", "sorted-indexed", "js-plain",
            "js-tables", "js-appended", "appended-insert", "tables-link", "customers-200k", "nested-columns"})
    void catalogSectionsReEncodeByteIdentically(String name) throws IOException {
        ReferenceFile file = new ReferenceFile(SharedFiles.conformanceCase(name).resolve("data.jzm"));
        Summary summary = new Summary(name);

        SectionRef headerRef = file.headerRef();
        Header header = roundTrip(file, headerRef, Header::decode);
        summary.header(header, file.codec(headerRef));
        summary.section(headerRef, "header", file);

        List<Delta> deltas = new ArrayList<>();
        for (int d = 0; d < header.deltas().size(); d++) {
            deltas.add(roundTrip(file, header.deltas().get(d), Delta::decode));
            summary.section(header.deltas().get(d), "delta/" + d, file);
        }
        for (int t = 0; t < header.tables().size(); t++) {
            TableEntry table = header.tables().get(t);
            List<Partition> partitions = new ArrayList<>(table.partitions());
            if (table.partitionTable() != null) {
                partitions.addAll(roundTrip(file, table.partitionTable(), PartitionTable::decode).partitions());
                summary.section(table.partitionTable(), t + "/partitions", file);
            }
            for (Delta delta : deltas) {
                for (TableDelta td : delta.tables()) {
                    if (td.table() == t) {
                        partitions.addAll(td.partitions());
                    }
                }
            }
            for (Partition p : partitions) {
                for (int k = 0; k < p.segments().size(); k++) {
                    checkSegment(file, p.segments().get(k), t + "/dir/*" + (k == 0 ? "" : "/" + k), summary);
                }
            }
            for (IndexRef index : table.indexes()) {
                String id = t + "/index/" + index.column() + "/" + index.kind()
                        + (index.segment() == 0 ? "" : "/" + index.segment());
                summary.section(index.section(), id, file);
                if (index.kind().equals(IndexRef.SORTED)) {
                    checkIndexDirectory(file, index.section());
                }
            }
        }
        summary.print();
    }

    private static void checkSegment(ReferenceFile file, SectionRef ref, String id, Summary summary) {
        ChunkDirectory dir = roundTrip(file, ref, ChunkDirectory::decode);
        summary.section(ref, id + " (" + dir.ordinals().length + " chunks, stats blocks "
                + dir.statistics().stream().map(b -> Arrays.toString(b.columns())).toList() + ")", file);
        int chunks = dir.ordinals().length;
        assertEquals(chunks, dir.rowStarts().length);
        assertEquals(chunks, dir.rowCounts().length);
        assertEquals(dir.partOffsets().length, dir.partLengths().length);
        assertTrue(dir.partOffsets().length % Math.max(chunks, 1) == 0);
        // Absolute offsets must land on real sections whose envelope agrees with the listed length.
        for (int i = 0; i < dir.partOffsets().length; i++) {
            assertEquals(dir.partLengths()[i], file.envelopeLength(dir.partOffsets()[i]), "part " + i + " of " + id);
        }
        for (StatisticsBlock block : dir.statistics()) {
            Statistics stats = roundTrip(file, block.section(), Statistics::decode);
            assertEquals(block.columns().length, stats.columns().size());
            for (ColumnStatistics cs : stats.columns()) {
                assertEquals(chunks, cs.nullCounts().length);
            }
            summary.section(block.section(), "  stats " + Arrays.toString(block.columns()), file);
        }
    }

    private static void checkIndexDirectory(ReferenceFile file, SectionRef ref) {
        IndexDirectory dir = roundTrip(file, ref, IndexDirectory::decode);
        assertFalse(dir.firstKeys().isEmpty());
        assertEquals(dir.firstKeys().size(), dir.pageOffsets().length);
        for (int i = 0; i < dir.pageOffsets().length; i++) {
            assertEquals(dir.pageLengths()[i], file.envelopeLength(dir.pageOffsets()[i]), "index page " + i);
        }
    }

    /** Decodes a section, asserts its re-encoding is byte-identical, and returns the message. */
    private static <T extends ProtoMessage> T roundTrip(ReferenceFile file, SectionRef ref, Function<byte[], T> decode) {
        byte[] payload = file.payload(ref);
        T message = decode.apply(payload);
        assertArrayEquals(payload, message.encode(), "re-encoded " + message.getClass().getSimpleName()
                + " at offset " + ref.offset());
        return message;
    }

    /** Collects a readable description of a reference file's catalog. */
    private static final class Summary {
        private final StringBuilder text = new StringBuilder();
        private final Map<Long, String> layout = new TreeMap<>();

        Summary(String name) {
            text.append("=== ").append(name).append('\n');
        }

        void header(Header h, int codec) {
            text.append("header codec ").append(codec).append("; readerFeatures ").append(h.readerFeatures())
                    .append("; writerFeatures ").append(h.writerFeatures()).append("; created ").append(h.created())
                    .append("; modified ").append(h.modified()).append("; appendCount ").append(h.appendCount())
                    .append("; metadata ").append(quote(h.metadata())).append("; deltas ").append(h.deltas().size())
                    .append("; keyring ").append(h.keyring() != null).append("; files ").append(h.files() != null)
                    .append('\n');
            for (TableEntry t : h.tables()) {
                text.append("  table ").append(quote(t.name())).append(": columnCount ").append(t.columnCount())
                        .append(", groups ").append(t.columnGroups().stream().map(g -> g.name() + "("
                                + g.columns().size() + ")").toList())
                        .append(", sortedBy ").append(t.sortedBy()).append(", partitionBy ")
                        .append(quote(t.partitionBy())).append(", rows ").append(t.rowCount()).append(", deleted ")
                        .append(t.deletedCount()).append(", chunks ").append(t.chunkCount()).append(", partitions ")
                        .append(t.partitions().stream().map(p -> "id[" + p.id().length + "] segs "
                                + p.segments().size()).toList())
                        .append(", partitionTable ").append(t.partitionTable() != null).append(", deletes ")
                        .append(t.deletes() != null).append('\n');
                for (IndexRef i : t.indexes()) {
                    text.append("    index ").append(i.column()).append(' ').append(i.kind()).append(" segment ")
                            .append(i.segment()).append('\n');
                }
            }
        }

        void section(SectionRef ref, String what, ReferenceFile file) {
            layout.put(ref.offset(), what + " codec " + file.codec(ref) + " len " + ref.length());
        }

        void print() {
            text.append("  catalog layout (offset order):\n");
            layout.forEach((off, what) -> text.append("    @").append(off).append(' ').append(what).append('\n'));
            System.out.print(text);
        }

        private static String quote(String s) {
            return '"' + s + '"';
        }
    }
}
