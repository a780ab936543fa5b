package io.jazmin.internal.reader;

import io.jazmin.error.JazminIoException;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.table.ChunkCache;
import io.jazmin.internal.table.SharedChunkCache;
import io.jazmin.internal.table.Grant;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.table.TableData;

/**
 * A file version opened and checked: where it is, its header, and how to read (and, for an
 * encrypted file, decrypt) its sections.
 *
 * @param cipher          the file's cipher, or {@code null} for a plain file
 * @param grant           in an access-controlled file, what the key that opened it may see; else {@code null}
 * @param chunkCacheBytes decompressed chunk payloads each table keeps for later queries (0: none)
 * @param sharedKey       this version's key in the process-wide {@link SharedChunkCache}, or {@code null}
 *                        when its columns are not cached there (see {@link FileOpener})
 */
public record OpenedFile(ByteSource source, FileVersion version, Header header, SectionReader sections,
                         SectionCipher cipher, Grant grant, long chunkCacheBytes,
                         SharedChunkCache.FileVersionKey sharedKey) implements AutoCloseable {

    /**
     * Whether this version is visibly earlier than one the file held: an unfinished or cut append
     * was skipped, or the file is marked appended yet this version has no appends (the file was cut
     * back at the trailer of its last full write, or its first append stopped before writing).
     */
    public boolean earlierVersion() {
        return version.recovered() || (version.preamble().has(Preamble.APPENDED) && header.appendCount() == 0);
    }

    /** Whether sorted index pages may use the compact encoding in this file. */
    public boolean indexDeltas() {
        return header.readerFeatures().contains(ReaderFeatures.INDEX_DELTAS);
    }

    /**
     * The names of the partitions the key sees: an access key's from its bundle, the owner's from
     * the owner directory (read now); empty outside access-controlled files.
     */
    public java.util.List<String> visiblePartitions() {
        if (grant == null) {
            return java.util.List.of();
        }
        return grant.owner() ? OwnerDirectory.partitions(this) : grant.partitionList();
    }

    /**
     * The embedded-file groups the key sees, by name: the owner every group the owner directory
     * lists (read now); an access key the groups named like its partitions whose directories it
     * opens, then the other groups its bundle names ({@code fileGroupNames}, written by this
     * library: {@code *} and the grant's named groups; the reference writers store only those
     * groups' ids, which name nothing). Empty outside access-controlled files.
     */
    public java.util.List<String> visibleFileGroups() {
        if (grant == null) {
            return java.util.List.of();
        }
        if (grant.owner()) {
            return OwnerDirectory.fileGroups(this);
        }
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        grant.partitionNames().forEach((id, name) -> {
            if (grant.seesFileGroup(id)) {
                out.add(name);
            }
        });
        grant.fileGroupNames().forEach((id, name) -> {
            if (grant.seesFileGroup(id)) {
                out.add(name);
            }
        });
        return java.util.List.copyOf(out);
    }

    /** The data of table {@code index}. */
    public TableData table(int index) {
        return new TableData(sections, index, header, grant, indexDeltas(), new ChunkCache(chunkCacheBytes),
                sharedKey == null ? null : SharedChunkCache.shared(), sharedKey);
    }

    /** The file's metadata as a JSON object text ({@code "{}"} when it has none). */
    public String metadata() {
        return header.metadata().isEmpty() ? "{}" : header.metadata();
    }

    /** Closes the file and clears the file's keys. */
    @Override
    public void close() {
        if (cipher != null) {
            cipher.close();
        }
        try {
            source.close();
        } catch (java.io.IOException e) {
            throw new JazminIoException("cannot close", source.path(), e);
        }
    }
}
