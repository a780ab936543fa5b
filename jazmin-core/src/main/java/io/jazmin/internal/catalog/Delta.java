package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Delta}: payload of section {@code delta/<d>}.
 *
 * @param tables per-table additions
 */
public record Delta(List<TableDelta> tables) implements ProtoMessage {

    public Delta {
        tables = Values.list(tables);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, tables);
    }

    /** Decodes a section payload. */
    public static Delta decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code Delta} message body. */
    public static Delta decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "Delta");
        List<TableDelta> tables = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                tables.add(TableDelta.decode(r.message()));
            } else {
                r.skip();
            }
        }
        return new Delta(tables);
    }
}
