package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code SectionRef}: where a section lies in the file.
 *
 * @param offset absolute file offset of the section's envelope
 * @param length whole section length including the 16-byte envelope (uint32)
 * @param digest SHA-256 of the whole section (access-controlled files), else empty; do not modify
 */
public record SectionRef(long offset, long length, byte[] digest) implements ProtoMessage {

    public SectionRef {
        digest = Values.bytes(digest);
    }

    /** A reference without digest. */
    public SectionRef(long offset, long length) {
        this(offset, length, null);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.uint64(1, offset).uint64(2, length).bytes(3, digest);
    }

    /** Decodes a {@code SectionRef} message body. */
    public static SectionRef decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "SectionRef");
        long offset = 0;
        long length = 0;
        byte[] digest = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> offset = r.uint64();
                case 2 -> length = r.uint32AsLong();
                case 3 -> digest = r.bytes();
                default -> r.skip();
            }
        }
        return new SectionRef(offset, length, digest);
    }
}
