package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code OwnerCatalog}: payload of section {@code owner/catalog}.
 *
 * @param tables per-table owner catalogs
 */
public record OwnerCatalog(List<TableIndexes> tables) implements ProtoMessage {

    public OwnerCatalog {
        tables = Values.list(tables);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, tables);
    }

    /** Decodes a section payload. */
    public static OwnerCatalog decode(byte[] payload) {
        return decode(new ByteReader(payload));
    }

    /** Decodes an {@code OwnerCatalog} message body. */
    public static OwnerCatalog decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "OwnerCatalog");
        List<TableIndexes> tables = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                tables.add(TableIndexes.decode(r.message()));
            } else {
                r.skip();
            }
        }
        return new OwnerCatalog(tables);
    }
}
