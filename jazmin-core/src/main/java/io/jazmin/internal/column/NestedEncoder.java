package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.internal.wire.ByteWriter;
import java.util.List;

/**
 * Writes the stream of a list or object column (spec §1.10): flags with the nested encoding, the
 * null bitmap, then the child streams, each preceded by its varint length. A list's children are
 * its lengths stream (an int stream without nulls, one entry per non-null list) and its items
 * stream; an object's children are its fields' streams, one entry per non-null object.
 */
final class NestedEncoder {
    private static final Column LENGTHS = Column.required("lengths", ColumnType.INT);

    private NestedEncoder() {
    }

    static void encode(Column column, ColumnVector values, ByteWriter out) {
        if (values.type() != column.type() || values.definition() == null) {
            throw new IllegalArgumentException("a " + column.type().typeName() + " column needs a nested vector, got "
                    + values.type().typeName());
        }
        StreamEncoder.Rows rows = StreamEncoder.Rows.of(values);
        StreamEncoder.header(out, StreamFormat.NESTED, rows);
        if (column.type().hasItems()) {
            long[] lengths = new long[rows.nonNull()];
            for (int r = 0, i = 0; r < rows.size(); r++) {
                if (!rows.isNull(r)) {
                    lengths[i++] = values.itemEnd(r) - values.itemStart(r);
                }
            }
            child(LENGTHS, ColumnVector.ofLongs(ColumnType.INT, lengths.length, lengths, null), out);
            child(column.item(), values.items(), out);
        } else {
            List<Column> fields = column.fields();
            for (int f = 0; f < fields.size(); f++) {
                child(fields.get(f), values.fields()[f], out);
            }
        }
    }

    /** One child stream with its varint length in front. */
    private static void child(Column column, ColumnVector values, ByteWriter out) {
        ByteWriter stream = new ByteWriter(64);
        StreamEncoder.encode(column, values, stream);
        out.varint(stream.size()).bytes(stream.array(), 0, stream.size());
    }
}
