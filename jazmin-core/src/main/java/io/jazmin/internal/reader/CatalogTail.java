package io.jazmin.internal.reader;

import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Trailer;

/**
 * Where the catalog an open reads begins, so that a remote source reads it with the trailer in one
 * request ({@link ByteSource#keepTail}): first the sections the trailer names (header, key slots,
 * signature), then those the header names that every query reads next (chunk directory segments,
 * deleted rows, the partition table, append deltas). Offsets outside the version are left to the
 * section reader, which refuses them when they are read.
 */
final class CatalogTail {
    private CatalogTail() {
    }

    /** The lowest offset of the sections the trailer names. */
    static long trailerSections(Trailer t) {
        long lowest = t.headerOffset();
        if (t.keyslotsLength() > 0) {
            lowest = Math.min(lowest, t.keyslotsOffset());
        }
        if (t.signatureLength() > 0) {
            lowest = Math.min(lowest, t.signatureOffset());
        }
        return lowest;
    }

    /** The lowest offset of the directory segments, deleted rows, partition tables and deltas {@code header} lists before {@code versionEnd}. */
    static long directories(Header header, long versionEnd) {
        long lowest = versionEnd;
        for (SectionRef delta : header.deltas()) {
            lowest = lower(lowest, delta, versionEnd);
        }
        for (TableEntry table : header.tables()) {
            lowest = lower(lowest, table.deletes(), versionEnd);
            lowest = lower(lowest, table.partitionTable(), versionEnd);
            for (Partition p : table.partitions()) {
                for (SectionRef segment : p.segments()) {
                    lowest = lower(lowest, segment, versionEnd);
                }
            }
        }
        return lowest;
    }

    private static long lower(long lowest, SectionRef ref, long versionEnd) {
        return ref == null || ref.offset() < 0 || ref.offset() >= versionEnd ? lowest : Math.min(lowest, ref.offset());
    }
}
