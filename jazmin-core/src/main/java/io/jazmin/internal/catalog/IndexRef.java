package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code IndexRef}: one index segment of a column.
 *
 * @param column  the indexed column's name
 * @param kind    {@code sorted} or {@code trigram}
 * @param section sorted: its {@link IndexDirectory}; trigram: the index itself
 * @param segment 0 for the index written with the file, s for the rows of append s
 */
public record IndexRef(String column, String kind, SectionRef section, int segment) implements ProtoMessage {

    /** Kind of a sorted index. */
    public static final String SORTED = "sorted";
    /** Kind of a trigram index. */
    public static final String TRIGRAM = "trigram";

    public IndexRef {
        column = Values.text(column);
        kind = Values.text(kind);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.string(1, column).string(2, kind).message(3, section).uint32(4, segment);
    }

    /** Decodes an {@code IndexRef} message body. */
    public static IndexRef decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "IndexRef");
        String column = "";
        String kind = "";
        SectionRef section = null;
        int segment = 0;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> column = r.string();
                case 2 -> kind = r.string();
                case 3 -> section = SectionRef.decode(r.message());
                case 4 -> segment = r.uint32();
                default -> r.skip();
            }
        }
        return new IndexRef(column, kind, section, segment);
    }
}
