package io.jazmin.testing;

import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.Statistics;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.index.IndexSectionIds;
import io.jazmin.internal.table.SectionIds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Crafted variants of a plain one-table file with valid CRCs, made with {@link CatalogPatch}: the
 * table's header entry, its statistics, an index or a chunk part replaced by a new version whose
 * sections follow the file's bytes. The crafted parts are consistent on the wire and wrong in what
 * they say about the rows.
 */
public final class CraftedFiles {
    private CraftedFiles() {
    }

    /** {@code h} with {@code table} as its only table. */
    public static Header withTable(Header h, TableEntry table) {
        return new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(), h.appendCount(),
                h.metadata(), List.of(table), h.keyring(), h.files(), h.access(), h.deltas());
    }

    /** The file's table claiming {@code sortedBy}, its rows unchanged. */
    public static byte[] withSortedBy(byte[] file, List<String> sortedBy) {
        Header h = FileSections.of(file).header();
        TableEntry t = h.tables().get(0);
        return CatalogPatch.of(file).finish(withTable(h, new TableEntry(t.name(), t.columnCount(), t.columnGroups(),
                sortedBy, t.partitionBy(), t.rowCount(), t.deletedCount(), t.chunkCount(), t.partitions(),
                t.partitionTable(), t.indexes(), t.deletes())));
    }

    /**
     * The file with the statistics of column {@code column} (its stored position) replaced by
     * {@code change} of them, in every block of the first directory segment that covers it.
     */
    public static byte[] withStatistics(byte[] file, int column, UnaryOperator<ColumnStatistics> change) {
        FileSections sections = FileSections.of(file);
        ChunkDirectory d = sections.firstDirectory(0);
        CatalogPatch patch = CatalogPatch.of(file);
        List<StatisticsBlock> blocks = new ArrayList<>();
        for (int b = 0; b < d.statistics().size(); b++) {
            StatisticsBlock block = d.statistics().get(b);
            String id = SectionIds.statistics(0, SectionIds.PLAIN_PARTITION, b, 0);
            List<ColumnStatistics> columns = new ArrayList<>(
                    Statistics.decode(sections.read(id, block.section())).columns());
            int at = Arrays.stream(block.columns()).boxed().toList().indexOf(column);
            if (at >= 0) {
                columns.set(at, change.apply(columns.get(at)));
            }
            blocks.add(new StatisticsBlock(block.columns(), patch.add(id, new Statistics(columns).encode())));
        }
        return withFirstDirectory(sections, patch, new ChunkDirectory(d.ordinals(), d.rowStarts(), d.rowCounts(),
                d.partOffsets(), d.partLengths(), d.partDigests(), blocks, d.streamOffsets().toArray(),
                d.streamStoredOffsets().toArray()));
    }

    /**
     * The file with the raw payload of its last chunk's part (an uncompressed plain file's, whose
     * directory lists no flush points) replaced by {@code change} of it.
     */
    public static byte[] withLastChunkPart(byte[] file, UnaryOperator<byte[]> change) {
        FileSections sections = FileSections.of(file);
        ChunkDirectory d = sections.firstDirectory(0);
        int last = d.ordinals().length - 1;
        String id = SectionIds.chunkPart(0, d.ordinals()[last], SectionIds.DEFAULT_GROUP);
        byte[] raw = sections.read(id, new SectionRef(d.partOffsets()[last], d.partLengths()[last]));
        CatalogPatch patch = CatalogPatch.of(file);
        SectionRef part = patch.add(id, change.apply(raw));
        long[] offsets = d.partOffsets().clone();
        long[] lengths = d.partLengths().clone();
        offsets[last] = part.offset();
        lengths[last] = part.length();
        return withFirstDirectory(sections, patch, new ChunkDirectory(d.ordinals(), d.rowStarts(), d.rowCounts(),
                offsets, lengths, d.partDigests(), d.statistics()));
    }

    private static byte[] withFirstDirectory(FileSections sections, CatalogPatch patch, ChunkDirectory directory) {
        SectionRef ref = patch.add(SectionIds.directory(0, SectionIds.PLAIN_PARTITION, 0), directory.encode());
        Header h = sections.header();
        TableEntry t = h.tables().get(0);
        Partition p = new Partition(t.partitions().get(0).id(), List.of(ref));
        return patch.finish(withTable(h, new TableEntry(t.name(), t.columnCount(), t.columnGroups(), t.sortedBy(),
                t.partitionBy(), t.rowCount(), t.deletedCount(), t.chunkCount(), List.of(p), t.partitionTable(),
                t.indexes(), t.deletes())));
    }

    /**
     * The file with its {@code kind} index on {@code column} replaced by the one of {@code donor}, a
     * plain file with a table of the same columns: the donor's index sections are copied over, so
     * the index speaks of the donor's rows.
     */
    public static byte[] withIndexOf(byte[] file, byte[] donor, String column, String kind) {
        FileSections from = FileSections.of(donor);
        IndexRef theirs = from.header().tables().get(0).indexes().stream()
                .filter(r -> r.column().equals(column) && r.kind().equals(kind)).findFirst().orElseThrow();
        CatalogPatch patch = CatalogPatch.of(file);
        SectionRef section;
        if (kind.equals(IndexRef.SORTED)) {
            String id = IndexSectionIds.index(0, column, kind, theirs.segment());
            IndexDirectory dir = IndexDirectory.decode(from.read(id, theirs.section()));
            long[] offsets = new long[dir.pageOffsets().length];
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = patch.addWhole(slice(donor, dir.pageOffsets()[i], dir.pageLengths()[i])).offset();
            }
            SectionRef nulls = dir.nulls() == null ? null
                    : patch.addWhole(slice(donor, dir.nulls().offset(), dir.nulls().length()));
            section = patch.add(id, new IndexDirectory(dir.firstKeys(), dir.entryCounts(), offsets, dir.pageLengths(),
                    dir.pageDigests(), nulls).encode());
        } else {
            section = patch.addWhole(slice(donor, theirs.section().offset(), theirs.section().length()));
        }
        Header h = FileSections.of(file).header();
        TableEntry t = h.tables().get(0);
        List<IndexRef> indexes = new ArrayList<>();
        for (IndexRef ref : t.indexes()) {
            boolean replaced = ref.column().equals(column) && ref.kind().equals(kind);
            indexes.add(replaced ? new IndexRef(column, kind, section, ref.segment()) : ref);
        }
        return patch.finish(withTable(h, new TableEntry(t.name(), t.columnCount(), t.columnGroups(), t.sortedBy(),
                t.partitionBy(), t.rowCount(), t.deletedCount(), t.chunkCount(), t.partitions(), t.partitionTable(),
                indexes, t.deletes())));
    }

    private static byte[] slice(byte[] file, long offset, long length) {
        return Arrays.copyOfRange(file, (int) offset, (int) (offset + length));
    }
}
