package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ChunkMap;
import io.jazmin.internal.catalog.ColumnDefinitions;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.Delta;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.OwnerCatalog;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableDelta;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.catalog.TableIndexes;
import io.jazmin.internal.catalog.AccessInfo;
import io.jazmin.internal.crypto.ShareSecrets;
import io.jazmin.internal.index.Postings;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.SegmentInfo;
import io.jazmin.internal.table.TableData;
import io.jazmin.internal.wire.Trailer;
import io.jazmin.files.FileChanges;
import io.jazmin.options.AccessGrant;
import io.jazmin.schema.Column;
import io.jazmin.options.WriteOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An owner's append to a shared file (spec §1.24): the version's H and O are reused, new rows go
 * to their partitions (a new directory segment per partition that gets rows, new partitions
 * included), then the index segments, the chunk map of the chunks appended since the full write,
 * new embedded-file directories when files, the package or saved shapes change, a new owner
 * catalog, and new key slots and owner directory only when grants, partitions or file groups
 * changed (grants may widen, never narrow, see {@link GrantWidening}); then a new header, the
 * owner's signature and the trailer. Existing bytes are never changed but the APPENDED flag.
 */
final class SharedAppend {
    private SharedAppend() {
    }

    /**
     * Rows, deletes (the full new deleted-row list, or {@code null}), changes of the embedded files,
     * append number {@code s}, and the table's grown column definitions (checked by
     * {@link ColumnGrowth}), or {@code null}.
     */
    record Work(int table, java.util.Iterator<? extends Map<String, ?>> rows, long[] deleted, FileChanges files,
                int s, long validEnd, List<Column> grown) {
    }

    /** The header's new {@code files} and the names of its file groups. */
    private record AppendedFiles(FilesInfo info, List<String> groups) {
    }

    /**
     * With file changes: new directories {@code files/dir/<group id>/<s>} listing the files kept by
     * reference and the new ones (spec §1.24); either way, the saved shapes checked against what
     * each (possibly new) grant sees.
     */
    private static AppendedFiles appendFiles(OpenedFile file, Work work, List<TableReader> readers,
                                             List<AccessGrant> grants, Set<String> partitions, ShareSecrets secrets,
                                             SectionWriter sections, Output out, WriteOptions options, Instant now) {
        Map<String, List<Column>> columns = new LinkedHashMap<>();
        Map<String, Map<String, String>> groupOf = new LinkedHashMap<>();
        for (TableReader r : readers) {
            columns.put(r.name(), r.columns());
            Map<String, String> groups = new HashMap<>();
            r.columnGroupColumns().forEach((g, names) -> names.forEach(c -> groups.put(c, g)));
            groupOf.put(r.name(), groups);
        }
        FilesInfo info = file.header().files();
        EmbeddedFiles source = EmbeddedFiles.of(file);
        if (work.files().isEmpty()) {
            SharedShapes.checkVisible(source.shapesJson(), grants, columns, groupOf, partitions, now);
            return new AppendedFiles(info, OwnerDirectory.fileGroups(file));
        }
        EmbeddedFilesWriter writer = new EmbeddedFilesWriter(out, sections, options.codec(), options.level(),
                file.version().preamble(), info == null ? 0 : info.nextContent(), name -> secrets.idText(name));
        String packageJson = writer.apply(source, work.files(), true, columns);
        String shapes = SavedShapeList.apply(source.shapesJson(), work.files().addShapes(),
                work.files().removeShapes(), columns);
        SharedShapes.checkVisible(shapes, grants, columns, groupOf, partitions, now);
        FilesInfo written = writer.finish(packageJson, shapes, work.s());
        return new AppendedFiles(written, writer.fileGroups());
    }

    static Appender.Result append(WriterLock lock, OpenedFile file, WriteOptions options, Work work) {
        Header header = file.header();
        int t = work.table();
        TableEntry entry = header.tables().get(t);
        List<TableReader> readers = new ArrayList<>();
        for (int i = 0; i < header.tables().size(); i++) {
            readers.add(new TableReader(file.table(i), options.parallelism()));
        }
        TableData data = file.table(t);
        TableReader reader = readers.get(t);
        long nowMillis = options.now() == null ? System.currentTimeMillis() : options.now().toEpochMilli();
        Instant now = Instant.ofEpochMilli(nowMillis);
        Map<String, byte[]> shares = new LinkedHashMap<>();
        SectionWriter sections = new SectionWriter(options.codec(), options.level(), file.cipher());
        try (ShareSecrets secrets = file.cipher().ownerSecrets(file.version().preamble().salt())) {
            List<AccessGrant> current = SharedRewrite.currentGrants(file, shares);
            List<AccessGrant> grants = current;
            if (options.access() != null) {
                ShareWriter.checkGrants(options.access(), options.key());
                grants = GrantWidening.check(current, SharedRewrite.settings(readers, List.of()), options.access(), now);
            }
            AppendOutput out = new AppendOutput(lock, work.validEnd(), file.version().preamble().flags());
            try {
                WriteOptions tableOptions = options.withSortedBy(entry.sortedBy())
                        .withIndexes(IndexBuilders.kindsOf(reader.indexes())).withCompactIndexes(file.indexDeltas());
                TableStart start = new TableStart(entry.rowCount(), entry.chunkCount(), 0, work.s(),
                        entry.sortedBy().isEmpty() ? null : Appender.lastRow(data));
                List<Column> columns = work.grown() == null ? data.columns() : work.grown();
                SharedTable plan = SharedTable.plan(SharedRewrite.division(reader), columns, secrets);
                TableWriter writer = new TableWriter(t, entry.name(), columns, tableOptions, out, sections,
                        start, plan);
                while (work.rows().hasNext()) {
                    writer.add(writer.byPosition(work.rows().next()));
                }
                TableWriter.SharedSegment segment = writer.finishSharedSegment(segmentCounts(data));
                List<SectionRef> deltas = new ArrayList<>(header.deltas());
                TableEntry defined = work.grown() == null ? entry
                        : withDefinitions(entry, data.columns(), columns, plan, t, sections, out);
                TableEntry next = withSegments(defined, segment, deltas, t, sections, out);
                long[] deleted = work.deleted();
                if (deleted != null) {
                    byte[] raw = Postings.encodeSection(deleted);
                    byte[] section = sections.catalogSection(SectionIds.deletes(t, deleted.length), raw, raw.length);
                    next = new TableEntry(next.name(), next.columnCount(), next.columnGroups(), next.sortedBy(),
                            next.partitionBy(), next.rowCount(), deleted.length, next.chunkCount(), next.partitions(),
                            next.partitionTable(), next.indexes(), PartitionLog.ref(out.write(section), section, true));
                }
                List<TableEntry> tables = new ArrayList<>(header.tables());
                tables.set(t, next);
                SectionRef catalog = ownerCatalog(file, t, segment, work.s(), sections, out);

                List<String> listed = OwnerDirectory.partitions(file);
                Set<String> names = new LinkedHashSet<>(listed);
                names.addAll(segment.partitionNames());
                FilesInfo files = header.files();
                List<String> listedGroups = files == null ? List.of() : OwnerDirectory.fileGroups(file);
                List<String> fileGroups = listedGroups;
                if (!work.files().isEmpty() || files != null && !grants.equals(current)) {
                    AppendedFiles appended = appendFiles(file, work, readers, grants, names, secrets, sections, out,
                            options, now);
                    files = appended.info();
                    fileGroups = appended.groups();
                }
                ShareWriter.Slots slots;
                if (names.size() != listed.size() || !grants.equals(current) || !fileGroups.equals(listedGroups)) {
                    slots = ShareWriter.writeGrants(out, sections, secrets, options.key(), grants, names,
                            ShareWriter.allGroups(tables), fileGroups, now, shares);
                } else {
                    Trailer trailer = file.version().trailer();
                    slots = new ShareWriter.Slots(header.access().ownerDirectory(), trailer.keyslotsOffset(),
                            file.sections().readWhole("keyslots", trailer.keyslotsOffset(), trailer.keyslotsLength()));
                }
                List<String> readerFeatures = new ArrayList<>(header.readerFeatures());
                if (writer.usesIndexDeltas() && !readerFeatures.contains(
                        io.jazmin.internal.catalog.ReaderFeatures.INDEX_DELTAS)) {
                    readerFeatures.add(io.jazmin.internal.catalog.ReaderFeatures.INDEX_DELTAS);
                }
                Header newHeader = new Header(readerFeatures, header.writerFeatures(), header.created(), nowMillis,
                        work.s(), header.metadata(), tables, header.keyring(), files,
                        new AccessInfo(slots.ownerDirectory(), catalog), deltas);
                byte[] raw = newHeader.encode();
                byte[] headerSection = sections.appendedHeader(SectionIds.header(), raw);
                long at = out.write(headerSection);
                out.commit(ShareWriter.signed(out, options.key(), file.version().preamble().fileId(), slots, at,
                        headerSection));
                long deletedNow = deleted == null ? 0 : deleted.length - entry.deletedCount();
                return new Appender.Result(work.s(), segment.rows(), deletedNow, next.rowCount() - next.deletedCount());
            } catch (RuntimeException | Error e) {
                out.abort();
                throw e;
            }
        } finally {
            shares.values().forEach(share -> Arrays.fill(share, (byte) 0));
        }
    }

    /**
     * The entry with grown column definitions (spec §1.24): the default group's inline, and each
     * restricted group whose columns grew in a new definitions section, sealed with C(g) like the
     * group's chunk parts, so only keys granted the group read its new fields.
     */
    private static TableEntry withDefinitions(TableEntry e, List<Column> was, List<Column> columns, SharedTable plan,
                                              int t, SectionWriter sections, Output out) {
        List<ColumnGroup> groups = new ArrayList<>();
        for (ColumnGroup group : e.columnGroups()) {
            int g = plan.groupNames().indexOf(group.name());
            List<CatalogColumn> members = new ArrayList<>();
            boolean grew = false;
            for (int position : plan.groups()[g]) {
                members.add(CatalogColumn.of(columns.get(position), position));
                grew |= !columns.get(position).equals(was.get(position));
            }
            if (group.definitions() == null) {
                groups.add(ColumnGroup.inline(group.name(), members));
            } else if (!grew) {
                groups.add(group);
            } else {
                byte[] raw = new ColumnDefinitions(members).encode();
                byte[] section = sections.catalogSection(SectionIds.columnDefinitions(t, group.name()), raw,
                        raw.length);
                groups.add(new ColumnGroup(group.name(), List.of(), members.size(),
                        PartitionLog.ref(out.write(section), section, true)));
            }
        }
        return new TableEntry(e.name(), e.columnCount(), groups, e.sortedBy(), e.partitionBy(), e.rowCount(),
                e.deletedCount(), e.chunkCount(), e.partitions(), e.partitionTable(), e.indexes(), e.deletes());
    }

    /** Partition text → directory segments it has. */
    private static Map<String, Integer> segmentCounts(TableData data) {
        Map<String, Integer> out = new HashMap<>();
        for (SegmentInfo s : data.segments()) {
            out.merge(s.partition(), 1, Integer::sum);
        }
        return out;
    }

    /**
     * The table entry with the new rows, chunks and directory segments: listed in the header's
     * partitions (kept sorted by id), or in a delta when the table has a partition table, the file
     * has deltas already, or the header would list more than {@link SharedPartitions#HEADER_LIMIT}.
     */
    private static TableEntry withSegments(TableEntry e, TableWriter.SharedSegment segment, List<SectionRef> deltas,
                                           int t, SectionWriter sections, Output out) {
        List<Partition> added = segment.written().segments();
        Map<String, Partition> merged = new LinkedHashMap<>();
        for (Partition p : e.partitions()) {
            merged.put(Arrays.toString(p.id()), p);
        }
        for (Partition p : added) {
            merged.merge(Arrays.toString(p.id()), p, (a, b) -> {
                List<SectionRef> segments = new ArrayList<>(a.segments());
                segments.addAll(b.segments());
                return new Partition(a.id(), segments);
            });
        }
        List<Partition> partitions = e.partitions();
        if (!added.isEmpty()) {
            if (e.partitionTable() != null || !deltas.isEmpty() || merged.size() > SharedPartitions.HEADER_LIMIT) {
                byte[] raw = new Delta(List.of(new TableDelta(t, added))).encode();
                byte[] section = sections.catalogSection(SectionIds.delta(deltas.size()), raw, raw.length);
                deltas.add(PartitionLog.ref(out.write(section), section, true));
            } else {
                partitions = new ArrayList<>(merged.values());
                partitions.sort((a, b) -> Arrays.compareUnsigned(a.id(), b.id()));
            }
        }
        return new TableEntry(e.name(), e.columnCount(), e.columnGroups(), e.sortedBy(), e.partitionBy(),
                e.rowCount() + segment.rows(), e.deletedCount(), e.chunkCount() + segment.chunks(), partitions,
                e.partitionTable(), e.indexes(), e.deletes());
    }

    /**
     * Writes the new owner catalog: table {@code t}'s index segments gain the new ones, and when the
     * table has a (complete) chunk map, {@code <t>/chunkmap/<s>} covers every chunk appended since.
     */
    private static SectionRef ownerCatalog(OpenedFile file, int t, TableWriter.SharedSegment segment, int s,
                                           SectionWriter sections, Output out) {
        OwnerCatalog catalog = OwnerCatalog.decode(file.sections().read(SectionIds.ownerCatalog(),
                file.header().access().ownerCatalog()));
        List<TableIndexes> tables = new ArrayList<>();
        for (TableIndexes ti : catalog.tables()) {
            if (ti.table() != t) {
                tables.add(ti);
                continue;
            }
            List<IndexRef> indexes = new ArrayList<>(ti.indexes());
            indexes.addAll(segment.indexes());
            SectionRef appended = ti.chunkMapAppended();
            int mapSegment = ti.chunkMapSegment();
            if (ti.chunkMap() != null && segment.chunks() > 0) {
                ChunkMap since = segment.written().chunkMap();
                if (appended != null) {
                    since = join(ChunkMap.decode(file.sections().read(SectionIds.chunkMap(t, mapSegment), appended)), since);
                }
                byte[] raw = since.encode();
                byte[] section = sections.catalogSection(SectionIds.chunkMap(t, s), raw, raw.length);
                appended = PartitionLog.ref(out.write(section), section, true);
                mapSegment = s;
            }
            tables.add(new TableIndexes(ti.table(), indexes, ti.chunkMap(), appended, mapSegment));
        }
        byte[] raw = new OwnerCatalog(tables).encode();
        byte[] section = sections.catalogSection(SectionIds.ownerCatalog(), raw, raw.length);
        return PartitionLog.ref(out.write(section), section, true);
    }

    /** The chunk map of {@code a}'s chunks followed by {@code b}'s. */
    private static ChunkMap join(ChunkMap a, ChunkMap b) {
        List<byte[]> ids = new ArrayList<>(a.partitions());
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            index.put(Arrays.toString(ids.get(i)), i);
        }
        long[] rows = Arrays.copyOf(a.rowCounts(), a.rowCounts().length + b.rowCounts().length);
        System.arraycopy(b.rowCounts(), 0, rows, a.rowCounts().length, b.rowCounts().length);
        int[] of = Arrays.copyOf(a.partitionOf(), a.partitionOf().length + b.partitionOf().length);
        for (int i = 0; i < b.partitionOf().length; i++) {
            byte[] id = b.partitions().get(b.partitionOf()[i]);
            of[a.partitionOf().length + i] = index.computeIfAbsent(Arrays.toString(id), k -> {
                ids.add(id);
                return ids.size() - 1;
            });
        }
        return new ChunkMap(rows, ids, of);
    }
}
