package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.TableIndexes;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.index.IndexSectionIds;
import java.util.ArrayList;
import java.util.List;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.SegmentInfo;
import io.jazmin.internal.table.TableData;

/**
 * The table sections a file version's catalog reaches, each with its id (spec §1.6): append
 * deltas, the owner directory and owner catalog of access-controlled files, and per table its
 * partition table, directory segments, chunk parts, statistics blocks, deleted rows, restricted
 * groups' definitions, index sections (directories, pages, null postings, trigram indexes) and the
 * owner's chunk maps. Only what the opening key reaches: an access key's view has the partitions,
 * column groups it was granted and no index or chunk map (spec §1.19). Not listed: the header, key
 * slots and signature the trailer names, and the embedded files (their directories name their
 * blocks). Reads the catalog sections on the way, never a chunk.
 */
public final class LiveSections {
    /**
     * One section.
     *
     * @param id     its section id
     * @param offset where its envelope starts
     * @param length its whole length, envelope included
     */
    public record Section(String id, long offset, long length) {
    }

    private final OpenedFile file;
    private final List<Section> out = new ArrayList<>();

    private LiveSections(OpenedFile file) {
        this.file = file;
    }

    /**
     * The sections of {@code file}'s version reached through {@code tables} (one per table of its
     * header, in order), in catalog order.
     */
    public static List<Section> of(OpenedFile file, List<TableData> tables) {
        LiveSections live = new LiveSections(file);
        Header header = file.header();
        for (int d = 0; d < header.deltas().size(); d++) {
            live.add(SectionIds.delta(d), header.deltas().get(d));
        }
        // Every key reads these references in the header, though only the owner can decrypt them.
        if (header.access() != null && header.access().ownerDirectory() != null) {
            live.add(OwnerDirectory.ID, header.access().ownerDirectory());
        }
        if (header.access() != null && header.access().ownerCatalog() != null) {
            live.add(SectionIds.ownerCatalog(), header.access().ownerCatalog());
        }
        for (TableData table : tables) {
            live.table(table);
        }
        return List.copyOf(live.out);
    }

    private void table(TableData data) {
        int t = data.tableIndex();
        TableEntry entry = data.entry();
        if (entry.partitionTable() != null) {
            add(SectionIds.partitionTable(t), entry.partitionTable());
        }
        for (ColumnGroup group : entry.columnGroups()) {
            if (group.definitions() != null) {
                add(SectionIds.columnDefinitions(t, group.name()), group.definitions());
            }
        }
        for (SegmentInfo segment : data.segments()) {
            add(SectionIds.directory(t, segment.partition(), segment.number()), segment.section());
            List<StatisticsBlock> blocks = segment.blocks();
            for (int b = 0; b < blocks.size(); b++) {
                add(SectionIds.statistics(t, segment.partition(), b, segment.number()), blocks.get(b).section());
            }
        }
        for (ChunkInfo chunk : data.chunks()) {
            for (int g = 0; g < chunk.groupCount(); g++) {
                String group = entry.columnGroups().get(g).name();
                out.add(new Section(SectionIds.chunkPart(t, chunk.ordinal(), group), chunk.partOffset(g),
                        chunk.partLength(g)));
            }
        }
        if (entry.deletes() != null) {
            add(SectionIds.deletes(t, entry.deletedCount()), entry.deletes());
        }
        // The indexes this key uses: the table's, or in access-controlled files the owner catalog's.
        for (IndexRef index : data.indexes()) {
            index(t, index);
        }
        TableIndexes owner = data.ownerIndexes();
        if (owner != null && owner.chunkMap() != null) {
            add(SectionIds.chunkMap(t), owner.chunkMap());
        }
        if (owner != null && owner.chunkMapAppended() != null) {
            add(SectionIds.chunkMap(t, owner.chunkMapSegment()), owner.chunkMapAppended());
        }
    }

    private void index(int t, IndexRef index) {
        if (index.section() == null) {
            return;
        }
        String id = IndexSectionIds.index(t, index.column(), index.kind(), index.segment());
        add(id, index.section());
        if (!IndexRef.SORTED.equals(index.kind())) {
            return;
        }
        IndexDirectory dir;
        try {
            dir = IndexDirectory.decode(file.sections().read(id, index.section()));
        } catch (JazminFormatException e) {
            throw e.inSection(id, index.section().offset());
        }
        for (int p = 0; p < dir.pageOffsets().length && p < dir.pageLengths().length; p++) {
            out.add(new Section(IndexSectionIds.page(id, p), dir.pageOffsets()[p], dir.pageLengths()[p]));
        }
        if (dir.nulls() != null) {
            add(IndexSectionIds.nulls(id), dir.nulls());
        }
    }

    private void add(String id, SectionRef ref) {
        out.add(new Section(id, ref.offset(), ref.length()));
    }
}
