package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code ColumnDefinitions}: payload of section {@code <t>/columns/<g>}, the column
 * definitions of a restricted column group.
 *
 * @param columns the group's columns
 */
public record ColumnDefinitions(List<CatalogColumn> columns) implements ProtoMessage {

    public ColumnDefinitions {
        columns = Values.list(columns);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, columns);
    }

    /** Decodes a section payload. */
    public static ColumnDefinitions decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes a {@code ColumnDefinitions} message body. */
    public static ColumnDefinitions decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "ColumnDefinitions");
        List<CatalogColumn> columns = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                columns.add(CatalogColumn.decode(r.message()));
            } else {
                r.skip();
            }
        }
        return new ColumnDefinitions(columns);
    }
}
