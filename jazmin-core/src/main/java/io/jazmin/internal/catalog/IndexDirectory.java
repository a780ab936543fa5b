package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code IndexDirectory}: the page directory of a sorted index. {@code pageOffsets} (stored as
 * differences on disk) are held as absolute values. Arrays are shared: do not modify.
 *
 * @param firstKeys    key-form bytes of each page's first key (strings without length prefix)
 * @param entryCounts  entries per page
 * @param pageOffsets  absolute file offset of each page section
 * @param pageLengths  whole-section length of each page
 * @param pageDigests  32-byte SHA-256 per page, concatenated (access-controlled files), else empty
 * @param nulls        the null-postings section, {@code null} when no cell is null
 */
public record IndexDirectory(List<byte[]> firstKeys, int[] entryCounts, long[] pageOffsets, long[] pageLengths,
                             byte[] pageDigests, SectionRef nulls) implements ProtoMessage {

    public IndexDirectory {
        firstKeys = Values.bytesList(firstKeys);
        entryCounts = Values.ints(entryCounts);
        pageOffsets = Values.longs(pageOffsets);
        pageLengths = Values.longs(pageLengths);
        pageDigests = Values.bytes(pageDigests);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when the page offsets are not ascending
     */
    @Override
    public void encode(ProtoWriter out) {
        out.bytesList(1, firstKeys).packedUint32(2, entryCounts)
                .packedUint64(3, Differences.of(pageOffsets, "page_offsets")).packedUint64(4, pageLengths)
                .bytes(5, pageDigests).message(6, nulls);
    }

    /** Decodes a section payload. */
    public static IndexDirectory decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes an {@code IndexDirectory} message body, turning offset differences into absolute offsets. */
    public static IndexDirectory decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "IndexDirectory");
        List<byte[]> firstKeys = new ArrayList<>();
        NumberList entryCounts = new NumberList();
        NumberList pageOffsets = new NumberList();
        NumberList pageLengths = new NumberList();
        byte[] pageDigests = null;
        SectionRef nulls = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> firstKeys.add(r.bytes());
                case 2 -> r.repeatedUint32(entryCounts);
                case 3 -> r.repeatedUint64(pageOffsets);
                case 4 -> r.repeatedUint32AsLong(pageLengths);
                case 5 -> pageDigests = r.bytes();
                case 6 -> nulls = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new IndexDirectory(firstKeys, entryCounts.toIntArray(),
                pageOffsets.runningSums(Long.MAX_VALUE, "page_offsets"), pageLengths.toLongArray(), pageDigests,
                nulls);
    }
}
