package io.jazmin.internal.catalog;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code Column}: a column definition as stored. The type is kept as its wire id so that a
 * column of a type this library does not know still decodes; {@link #knownType()} tells whether it
 * can be used.
 *
 * @param position    column position in the table (field position inside an object; 0 for a list item)
 * @param name        column name (the reference writer names list items {@code "item"})
 * @param type        wire id of proto enum {@code Type}, possibly unknown
 * @param required    whether nulls are refused (the opposite of {@link Column#nullable()})
 * @param description free text, or empty
 * @param attributes  JSON object text, or empty
 * @param unit        proto enum {@code TimeUnit}; 0 = milliseconds, the only value defined
 * @param fields      fields of an object column, in position order
 * @param item        item definition of a list column, else {@code null}
 */
public record CatalogColumn(int position, String name, int type, boolean required, String description,
                            String attributes, int unit, List<CatalogColumn> fields, CatalogColumn item)
        implements ProtoMessage {

    /** Deepest nesting of items/fields below a column (spec §1.10); also bounds decoder recursion. */
    public static final int MAX_NESTING = 64;

    /** The name the reference writer gives list items. */
    public static final String ITEM_NAME = "item";

    public CatalogColumn {
        name = Values.text(name);
        description = Values.text(description);
        attributes = Values.text(attributes);
        fields = Values.list(fields);
    }

    /** The column type, or {@code null} when the wire id is not one this library knows. */
    public ColumnType knownType() {
        return ColumnType.fromWireId(type);
    }

    /**
     * Converts a public column definition; object fields get positions 0..n−1 and a list item gets
     * position 0 and the name {@value #ITEM_NAME}, as the reference writer does.
     */
    public static CatalogColumn of(Column column, int position) {
        return of(column, position, column.name());
    }

    private static CatalogColumn of(Column column, int position, String name) {
        List<CatalogColumn> fields = new ArrayList<>(column.fields().size());
        for (int i = 0; i < column.fields().size(); i++) {
            fields.add(of(column.fields().get(i), i));
        }
        // The item's own name is irrelevant to the format; the reference writer always stores "item".
        CatalogColumn item = column.item() == null ? null : of(column.item(), 0, ITEM_NAME);
        return new CatalogColumn(position, name, column.type().wireId(), !column.nullable(),
                column.description(), column.attributes(), 0, fields, item);
    }

    /**
     * Converts to the public definition (recursively for items and fields).
     *
     * @throws JazminFormatException       when this or a nested type id is unknown
     * @throws UnsupportedFeatureException when a time unit other than milliseconds is used
     */
    public Column toColumn() {
        ColumnType t = knownType();
        if (t == null) {
            throw new JazminFormatException("column '" + name + "' has unknown type id " + type);
        }
        if (unit != 0) {
            throw new UnsupportedFeatureException("time-unit-" + unit,
                    "column '" + name + "' uses time unit " + unit + "; only milliseconds are supported");
        }
        List<Column> children = new ArrayList<>(fields.size());
        for (CatalogColumn f : fields) {
            children.add(f.toColumn());
        }
        return new Column(name, t, !required, description, attributes, item == null ? null : item.toColumn(),
                children);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.uint32(1, position).string(2, name).enumValue(3, type).bool(4, required).string(5, description)
                .string(6, attributes).enumValue(7, unit).messages(8, fields).message(9, item);
    }

    /** Decodes a {@code Column} message body. */
    public static CatalogColumn decode(ByteReader in) {
        return decode(in, 0);
    }

    private static CatalogColumn decode(ByteReader in, int depth) {
        if (depth > MAX_NESTING) {
            throw new JazminFormatException("column nesting deeper than " + MAX_NESTING + " levels");
        }
        ProtoReader r = new ProtoReader(in, "Column");
        int position = 0;
        String name = "";
        int type = 0;
        boolean required = false;
        String description = "";
        String attributes = "";
        int unit = 0;
        List<CatalogColumn> fields = new ArrayList<>();
        CatalogColumn item = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> position = r.uint32();
                case 2 -> name = r.string();
                case 3 -> type = r.enumValue();
                case 4 -> required = r.bool();
                case 5 -> description = r.string();
                case 6 -> attributes = r.string();
                case 7 -> unit = r.enumValue();
                case 8 -> fields.add(decode(r.message(), depth + 1));
                case 9 -> item = decode(r.message(), depth + 1);
                default -> r.skip();
            }
        }
        return new CatalogColumn(position, name, type, required, description, attributes, unit, fields, item);
    }
}
