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
import io.jazmin.internal.catalog.ReaderFeatures;
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

    /** The rows appended to the table: its writer, the segment written, and its (possibly grown) columns and groups. */
    private record AppendedRows(TableWriter writer, TableWriter.SharedSegment segment, List<Column> columns,
                                SharedTable plan) {
    }

    /** The new version's embedded files and key slots. */
    private record Access(FilesInfo files, ShareWriter.Slots slots) {
    }

    private final OpenedFile file;
    private final Header header;
    private final WriteOptions options;
    private final Work work;
    private final int t;
    private final TableEntry entry;
    private final TableData data;
    private final List<TableReader> readers = new ArrayList<>();
    private final long nowMillis;
    private final Instant now;
    private final SectionWriter sections;
    private final ShareSecrets secrets;
    /** The online grants' shares, zeroed when the append ends. */
    private final Map<String, byte[]> shares;

    private SharedAppend(OpenedFile file, WriteOptions options, Work work, ShareSecrets secrets,
                         Map<String, byte[]> shares) {
        this.file = file;
        this.header = file.header();
        this.options = options;
        this.work = work;
        this.t = work.table();
        this.entry = header.tables().get(t);
        for (int i = 0; i < header.tables().size(); i++) {
            readers.add(new TableReader(file.table(i), options.parallelism()));
        }
        this.data = file.table(t);
        this.nowMillis = options.now() == null ? System.currentTimeMillis() : options.now().toEpochMilli();
        this.now = Instant.ofEpochMilli(nowMillis);
        this.sections = new SectionWriter(options.codec(), options.level(), file.cipher());
        this.secrets = secrets;
        this.shares = shares;
    }

    static Appender.Result append(WriterLock lock, OpenedFile file, WriteOptions options, Work work) {
        Map<String, byte[]> shares = new LinkedHashMap<>();
        try (ShareSecrets secrets = file.cipher().ownerSecrets(file.version().preamble().salt())) {
            return new SharedAppend(file, options, work, secrets, shares).write(lock);
        } finally {
            shares.values().forEach(share -> Arrays.fill(share, (byte) 0));
        }
    }

    /** Writes the append after the version's valid end and commits it; nothing is left of it on failure. */
    private Appender.Result write(WriterLock lock) {
        List<AccessGrant> current = SharedRewrite.currentGrants(file, shares);
        List<AccessGrant> grants = widened(current);
        AppendOutput out = new AppendOutput(lock, work.validEnd(), file.version().preamble().flags());
        try {
            AppendedRows rows = appendRows(out);
            List<SectionRef> deltas = new ArrayList<>(header.deltas());
            TableEntry next = nextEntry(rows, deltas, out);
            List<TableEntry> tables = new ArrayList<>(header.tables());
            tables.set(t, next);
            Catalog catalog = ownerCatalog(file, t, rows.segment(), work.s(), sections, out);
            Access access = access(rows.segment(), current, grants, tables, out);
            commit(out, rows.writer(), tables, deltas, access, catalog.ref());
            long deletedNow = work.deleted() == null ? 0 : work.deleted().length - entry.deletedCount();
            return new Appender.Result(work.s(), rows.segment().rows(), deletedNow, next.rowCount() - next.deletedCount(),
                    work.validEnd(), out.offset(), superseded(access, catalog));
        } catch (RuntimeException | Error e) {
            out.abort();
            throw e;
        }
    }

    /** The grants after the append: the current ones, widened by the options' access settings if any. */
    private List<AccessGrant> widened(List<AccessGrant> current) {
        if (options.access() == null) {
            return current;
        }
        ShareWriter.checkGrants(options.access(), options.key());
        return GrantWidening.check(current, SharedRewrite.settings(readers, List.of()), options.access(), now);
    }

    /** Writes the new rows into their partitions' chunks, index segments and directory segments. */
    private AppendedRows appendRows(AppendOutput out) {
        TableReader reader = readers.get(t);
        WriteOptions tableOptions = options.withSortedBy(entry.sortedBy())
                .withIndexes(IndexBuilders.kindsOf(reader.indexes())).withCompactIndexes(file.indexDeltas());
        TableStart start = new TableStart(entry.rowCount(), entry.chunkCount(), 0, work.s(),
                entry.sortedBy().isEmpty() ? null : Appender.lastRow(data));
        List<Column> columns = work.grown() == null ? data.columns() : work.grown();
        SharedTable plan = SharedTable.plan(SharedRewrite.division(reader), columns, secrets);
        TableWriter writer = new TableWriter(t, entry.name(), columns, tableOptions, out, sections, start, plan);
        while (work.rows().hasNext()) {
            writer.add(writer.byPosition(work.rows().next()));
        }
        return new AppendedRows(writer, writer.finishSharedSegment(segmentCounts(data)), columns, plan);
    }

    /**
     * The table's entry after the append: grown column definitions, the new directory segments (or
     * a new delta in {@code deltas}), and the new deleted-row list.
     */
    private TableEntry nextEntry(AppendedRows rows, List<SectionRef> deltas, AppendOutput out) {
        TableEntry defined = work.grown() == null ? entry
                : withDefinitions(entry, data.columns(), rows.columns(), rows.plan(), t, sections, out);
        TableEntry next = withSegments(defined, rows.segment(), deltas, t, sections, out);
        return work.deleted() == null ? next : withDeletes(next, work.deleted(), out);
    }

    /** The entry with a new deleted-row section listing {@code deleted}. */
    private TableEntry withDeletes(TableEntry e, long[] deleted, AppendOutput out) {
        byte[] raw = Postings.encodeSection(deleted);
        byte[] section = sections.catalogSection(SectionIds.deletes(t, deleted.length), raw, raw.length);
        return new TableEntry(e.name(), e.columnCount(), e.columnGroups(), e.sortedBy(), e.partitionBy(), e.rowCount(),
                deleted.length, e.chunkCount(), e.partitions(), e.partitionTable(), e.indexes(),
                PartitionLog.ref(out.write(section), section, true));
    }

    /**
     * The embedded files and key slots of the new version: new file directories when files change
     * (or grants do, in a file with files), new key slots and owner directory only when grants,
     * partitions or file groups changed, else the current ones.
     */
    private Access access(TableWriter.SharedSegment segment, List<AccessGrant> current, List<AccessGrant> grants,
                          List<TableEntry> tables, AppendOutput out) {
        List<String> listed = OwnerDirectory.partitions(file);
        Set<String> names = new LinkedHashSet<>(listed);
        names.addAll(segment.partitionNames());
        FilesInfo files = header.files();
        List<String> listedGroups = files == null ? List.of() : OwnerDirectory.fileGroups(file);
        List<String> fileGroups = listedGroups;
        if (!work.files().isEmpty() || files != null && !grants.equals(current)) {
            AppendedFiles appended = appendFiles(grants, names, out);
            files = appended.info();
            fileGroups = appended.groups();
        }
        if (names.size() != listed.size() || !grants.equals(current) || !fileGroups.equals(listedGroups)) {
            return new Access(files, ShareWriter.writeGrants(out, sections, secrets, options.key(), grants, names,
                    ShareWriter.allGroups(tables), fileGroups, now, shares));
        }
        Trailer trailer = file.version().trailer();
        return new Access(files, new ShareWriter.Slots(header.access().ownerDirectory(), trailer.keyslotsOffset(),
                file.sections().readWhole("keyslots", trailer.keyslotsOffset(), trailer.keyslotsLength())));
    }

    /**
     * With file changes: new directories {@code files/dir/<group id>/<s>} listing the files kept by
     * reference and the new ones (spec §1.24); either way, the saved shapes checked against what
     * each (possibly new) grant sees.
     */
    private AppendedFiles appendFiles(List<AccessGrant> grants, Set<String> partitions, AppendOutput out) {
        Map<String, List<Column>> columns = new LinkedHashMap<>();
        Map<String, Map<String, String>> groupOf = new LinkedHashMap<>();
        for (TableReader r : readers) {
            columns.put(r.name(), r.columns());
            Map<String, String> groups = new HashMap<>();
            r.columnGroupColumns().forEach((g, names) -> names.forEach(c -> groups.put(c, g)));
            groupOf.put(r.name(), groups);
        }
        FilesInfo info = header.files();
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

    /** Writes the new header, the owner's signature and the trailer: the append is then the file's version. */
    private void commit(AppendOutput out, TableWriter writer, List<TableEntry> tables, List<SectionRef> deltas,
                        Access access, SectionRef catalog) {
        List<String> readerFeatures = new ArrayList<>(header.readerFeatures());
        if (writer.usesIndexDeltas() && !readerFeatures.contains(ReaderFeatures.INDEX_DELTAS)) {
            readerFeatures.add(ReaderFeatures.INDEX_DELTAS);
        }
        Header newHeader = new Header(readerFeatures, header.writerFeatures(), header.created(), nowMillis,
                work.s(), header.metadata(), tables, header.keyring(), access.files(),
                new AccessInfo(access.slots().ownerDirectory(), catalog), deltas);
        byte[] raw = newHeader.encode();
        byte[] headerSection = sections.appendedHeader(SectionIds.header(), raw);
        long at = out.write(headerSection);
        out.commit(ShareWriter.signed(out, options.key(), file.version().preamble().fileId(), access.slots(), at,
                headerSection));
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
    /**
     * The bytes of the previous version this append no longer references (see
     * {@link io.jazmin.JazminFile.ChangedBytes#superseded()}): besides what every append supersedes,
     * the owner catalog and a replaced chunk map; -1 when the append wrote new key slots or
     * embedded-file directories, whose predecessors it does not count.
     */
    private long superseded(Access access, Catalog catalog) {
        boolean sameSlots = access.slots().listAt() == file.version().trailer().keyslotsOffset();
        if (!sameSlots || access.files() != header.files()) {
            return -1;
        }
        return Appender.superseded(file, t, work.deleted() != null) + header.access().ownerCatalog().length()
                + catalog.replacedMapBytes();
    }

    /** The new owner catalog and the length of the appended chunk map it replaced (0 if none). */
    private record Catalog(SectionRef ref, long replacedMapBytes) {
    }

    private static Catalog ownerCatalog(OpenedFile file, int t, TableWriter.SharedSegment segment, int s,
                                           SectionWriter sections, Output out) {
        OwnerCatalog catalog = OwnerCatalog.decode(file.sections().read(SectionIds.ownerCatalog(),
                file.header().access().ownerCatalog()));
        long replacedMapBytes = 0;
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
                    replacedMapBytes = appended.length();
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
        return new Catalog(PartitionLog.ref(out.write(section), section, true), replacedMapBytes);
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
