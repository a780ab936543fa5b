package io.jazmin.testing;

import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.reader.FileVersion;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.reader.VersionLocator;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.section.SectionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test-only look inside a plain file's sections (header, chunk directories, index sections)
 * through the engine's wire and catalog classes, for checks the public API does not expose:
 * the bytes a file spends on indexes, and where a chunk part lies.
 */
public final class FileSections {
    private final SectionReader sections;
    private final Header header;

    private FileSections(byte[] file) {
        ByteSource source = ByteSource.of(file);
        FileVersion version = VersionLocator.locate(source);
        sections = new SectionReader(source, version.trailerOffset());
        header = Header.decode(sections.read(SectionIds.header(), version.trailer().headerOffset(),
                version.trailer().headerLength()));
    }

    public static FileSections of(byte[] file) {
        return new FileSections(file);
    }

    public static FileSections of(Path file) {
        try {
            return new FileSections(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Header header() {
        return header;
    }

    /**
     * Whole-section bytes (envelopes included) of every index of every table: trigram sections,
     * sorted-index directories, their pages and their null-postings sections.
     */
    public long indexBytes() {
        return indexBytes(true);
    }

    /**
     * Like {@link #indexBytes()}, without the sorted-index directories: what does not depend on where
     * the sections lie (a directory holds its pages' file offsets).
     */
    public long indexContentBytes() {
        return indexBytes(false);
    }

    private long indexBytes(boolean directories) {
        long total = 0;
        for (int t = 0; t < header.tables().size(); t++) {
            for (IndexRef ref : header.tables().get(t).indexes()) {
                boolean sorted = IndexRef.SORTED.equals(ref.kind());
                total += directories || !sorted ? ref.section().length() : 0;
                if (sorted) {
                    IndexDirectory dir = IndexDirectory.decode(read("index directory", ref.section()));
                    for (long length : dir.pageLengths()) {
                        total += length;
                    }
                    if (dir.nulls() != null) {
                        total += dir.nulls().length();
                    }
                }
            }
        }
        return total;
    }

    /** The chunk directory of the first segment of the first partition of table {@code t}. */
    public ChunkDirectory firstDirectory(int t) {
        TableEntry table = header.tables().get(t);
        Partition partition = table.partitions().get(0);
        return ChunkDirectory.decode(read(SectionIds.directory(t, SectionIds.PLAIN_PARTITION, 0),
                partition.segments().get(0)));
    }

    /** The raw (decompressed) payload of the section {@code ref}. */
    public byte[] read(String id, SectionRef ref) {
        return sections.read(id, ref.offset(), ref.length());
    }
}
