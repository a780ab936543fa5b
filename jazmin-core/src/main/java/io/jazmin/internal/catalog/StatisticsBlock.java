package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;

/**
 * Proto {@code StatisticsBlock}: which columns a {@link Statistics} section covers.
 *
 * @param columns positions of the covered columns (do not modify)
 * @param section the statistics section
 */
public record StatisticsBlock(int[] columns, SectionRef section) implements ProtoMessage {

    public StatisticsBlock {
        columns = Values.ints(columns);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.packedUint32(1, columns).message(2, section);
    }

    /** Decodes a {@code StatisticsBlock} message body. */
    public static StatisticsBlock decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "StatisticsBlock");
        NumberList columns = new NumberList();
        SectionRef section = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> r.repeatedUint32(columns);
                case 2 -> section = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new StatisticsBlock(columns.toIntArray(), section);
    }
}
