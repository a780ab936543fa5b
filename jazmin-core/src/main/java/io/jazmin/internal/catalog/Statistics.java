package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import io.jazmin.error.JazminFormatException;
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

    /**
     * Decodes only entry {@code index} of a section payload's columns (a query needs one column's
     * statistics; the block covers many), checking the block holds {@code count} entries.
     */
    public static ColumnStatistics decodeColumn(byte[] payload, int index, int count) {
        ProtoReader r = new ProtoReader(new ByteReader(payload), "Statistics");
        ColumnStatistics found = null;
        int seen = 0;
        while (r.next()) {
            if (r.field() == 1) {
                ByteReader column = r.message();
                if (seen++ == index) {
                    found = ColumnStatistics.decode(column);
                }
            } else {
                r.skip();
            }
        }
        if (seen != count) {
            throw new JazminFormatException("statistics block covers " + count + " columns but holds " + seen);
        }
        return found;
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
