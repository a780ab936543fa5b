package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code ColumnGroup}. The default group {@code *} (always first) and every group of a file
 * that is not access-controlled list their columns inline; restricted groups of access-controlled
 * files give only a count and the encrypted {@code <t>/columns/<g>} section.
 *
 * @param name        group name, {@code *} for the default group
 * @param columns     inline column definitions
 * @param columnCount number of columns of a restricted group
 * @param definitions the {@link ColumnDefinitions} section of a restricted group, else {@code null}
 */
public record ColumnGroup(String name, List<CatalogColumn> columns, int columnCount, SectionRef definitions)
        implements ProtoMessage {

    /** Name of the default column group. */
    public static final String DEFAULT = "*";

    public ColumnGroup {
        name = Values.text(name);
        columns = Values.list(columns);
    }

    /** A group listing its columns inline (the only kind in files that are not access-controlled). */
    public static ColumnGroup inline(String name, List<CatalogColumn> columns) {
        return new ColumnGroup(name, columns, 0, null);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.string(1, name).messages(2, columns).uint32(3, columnCount).message(4, definitions);
    }

    /** Decodes a {@code ColumnGroup} message body. */
    public static ColumnGroup decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "ColumnGroup");
        String name = "";
        List<CatalogColumn> columns = new ArrayList<>();
        int columnCount = 0;
        SectionRef definitions = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> name = r.string();
                case 2 -> columns.add(CatalogColumn.decode(r.message()));
                case 3 -> columnCount = r.uint32();
                case 4 -> definitions = SectionRef.decode(r.message());
                default -> r.skip();
            }
        }
        return new ColumnGroup(name, columns, columnCount, definitions);
    }
}
