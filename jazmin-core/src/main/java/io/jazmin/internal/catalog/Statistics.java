package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Statistics}: payload of section {@code <t>/stats/<p>/<b>[/<k>]}.
 *
 * @param columns one entry per column of the block, in the block's column order
 */
public record Statistics(List<ColumnStatistics> columns) implements ProtoMessage {

    public Statistics {
        columns = Values.list(columns);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, columns);
    }

    /** Decodes a section payload. */
    public static Statistics decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code Statistics} message body. */
    public static Statistics decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Statistics");
        List<ColumnStatistics> columns = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                columns.add(ColumnStatistics.decode(r.message()));
            } else {
                r.skip();
            }
        }
        return new Statistics(columns);
    }
}
