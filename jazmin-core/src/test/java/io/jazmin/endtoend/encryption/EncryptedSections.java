package io.jazmin.endtoend.encryption;

import io.jazmin.internal.crypto.DecryptionSetup;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.options.ReadOptions;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.index.IndexSectionIds;
import io.jazmin.internal.reader.FileVersion;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.reader.VersionLocator;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Test-only walk through every section an encrypted file's header reaches (directories,
 * statistics, chunk parts, indexes with pages and null postings, deletes, partition tables,
 * deltas), each opened by the engine's {@link SectionReader} with the file's cipher. Proves the
 * group keys (data / index) against reference files and lets tamper tests read everything.
 */
final class EncryptedSections implements AutoCloseable {
    private final FileVersion version;
    private final SectionCipher cipher;
    private final SectionReader sections;
    private final Header header;
    private final List<String> idsRead = new ArrayList<>();

    EncryptedSections(byte[] file, ReadOptions options) {
        ByteSource source = ByteSource.of(file);
        version = VersionLocator.locate(source);
        cipher = DecryptionSetup.forFile(version.preamble(), options);
        sections = new SectionReader(source, version.trailerOffset(), cipher, options.limits());
        header = Header.decode(read(SectionIds.header(), version.trailer().headerOffset(),
                version.trailer().headerLength()));
        cipher.keys().useKeyring(header.keyring());
    }

    Header header() {
        return header;
    }

    Preamble preamble() {
        return version.preamble();
    }

    /** Ids of the sections read so far, in reading order. */
    List<String> idsRead() {
        return idsRead;
    }

    /** Reads every section the header reaches (the embedded files' sections excepted). */
    EncryptedSections readAll() {
        for (int d = 0; d < header.deltas().size(); d++) {
            read(SectionIds.delta(d), header.deltas().get(d));
        }
        for (int t = 0; t < header.tables().size(); t++) {
            TableEntry table = header.tables().get(t);
            if (table.partitionTable() != null) {
                read(SectionIds.partitionTable(t), table.partitionTable());
            }
            if (table.deletes() != null) {
                read(SectionIds.deletes(t, table.deletedCount()), table.deletes());
            }
            for (Partition p : table.partitions()) {
                for (int k = 0; k < p.segments().size(); k++) {
                    readSegment(t, table, k, p.segments().get(k));
                }
            }
            for (IndexRef ref : table.indexes()) {
                readIndex(t, ref);
            }
        }
        return this;
    }

    private void readSegment(int t, TableEntry table, int k, SectionRef ref) {
        String partition = SectionIds.PLAIN_PARTITION;
        ChunkDirectory dir = ChunkDirectory.decode(read(SectionIds.directory(t, partition, k), ref));
        for (int b = 0; b < dir.statistics().size(); b++) {
            read(SectionIds.statistics(t, partition, b, k), dir.statistics().get(b).section());
        }
        int groups = table.columnGroups().size();
        for (int c = 0; c < dir.ordinals().length; c++) {
            for (int g = 0; g < groups; g++) {
                int part = c * groups + g;
                read(SectionIds.chunkPart(t, dir.ordinals()[c], table.columnGroups().get(g).name()),
                        dir.partOffsets()[part], dir.partLengths()[part]);
            }
        }
    }

    private void readIndex(int t, IndexRef ref) {
        String id = IndexSectionIds.index(t, ref.column(), ref.kind(), ref.segment());
        byte[] raw = read(id, ref.section());
        if (IndexRef.SORTED.equals(ref.kind())) {
            IndexDirectory dir = IndexDirectory.decode(raw);
            for (int n = 0; n < dir.pageOffsets().length; n++) {
                read(IndexSectionIds.page(id, n), dir.pageOffsets()[n], dir.pageLengths()[n]);
            }
            if (dir.nulls() != null) {
                read(IndexSectionIds.nulls(id), dir.nulls());
            }
        }
    }

    /** Reads and opens one section. */
    byte[] read(String id, SectionRef ref) {
        return read(id, ref.offset(), ref.length());
    }

    private byte[] read(String id, long offset, long length) {
        idsRead.add(id);
        return sections.read(id, offset, length);
    }

    @Override
    public void close() {
        cipher.close();
    }
}
