package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.wire.ByteReader;
import java.util.List;

/**
 * Reads the stream of a list or object column (spec §1.10) into a nested {@link ColumnVector},
 * treating every count as hostile: a lengths stream must have no nulls and no negative length, the
 * items of a stream must number at most 2^31 − 1, streams nest at most
 * {@value CatalogColumn#MAX_NESTING} levels below the column, and every child stream must fill its
 * length exactly. An object body may end before its last fields (fields added by a later append): those
 * fields are all null, unless one of them is required, which is a format error.
 *
 * <p>Every stream spends at least one bit per entry (a null bit or a value), so an entry count
 * beyond eight per byte is damage, caught before anything is allocated for it.
 */
final class NestedDecoder {
    private static final Column LENGTHS = Column.required("lengths", ColumnType.INT);

    private NestedDecoder() {
    }

    static ColumnVector decode(Column column, ByteReader stream, int entries) {
        return decode(column, stream, entries, 0);
    }

    private static ColumnVector decode(Column column, ByteReader stream, int entries, int depth) {
        if (depth > CatalogColumn.MAX_NESTING) {
            throw new JazminFormatException("streams of '" + column.name() + "' nest more than "
                    + CatalogColumn.MAX_NESTING + " levels deep");
        }
        if (entries < 0) {
            throw new JazminFormatException("negative row count " + entries);
        }
        String what = column.type().typeName() + " stream of '" + column.name() + "'";
        if (entries > 8L * stream.remaining()) {
            throw new JazminFormatException(what + " cannot hold " + entries + " entries in " + stream.remaining()
                    + " bytes");
        }
        int flags = stream.u8();
        if ((flags & StreamFormat.RESERVED_FLAGS) != 0) {
            throw new JazminFormatException("reserved stream flag bits are set: 0x" + Integer.toHexString(flags));
        }
        int encoding = flags & StreamFormat.ENCODING_MASK;
        if (encoding != StreamFormat.NESTED) {
            throw new JazminFormatException("encoding " + encoding + " is not valid for a " + column.type().typeName()
                    + " column");
        }
        byte[] nulls = (flags & StreamFormat.HAS_NULLS) != 0 ? StreamDecoder.readNullBits(stream, entries) : null;
        int nonNull = nulls == null ? entries : entries - StreamDecoder.popCount(nulls);
        ColumnVector result = column.type().hasItems()
                ? readList(column, stream, entries, nulls, nonNull, depth)
                : readObject(column, stream, entries, nulls, nonNull, depth);
        stream.expectEnd(what);
        return result;
    }

    /** A child stream: nested again one level deeper, or a scalar stream. */
    private static ColumnVector child(Column column, ByteReader stream, int entries, int depth) {
        return column.type().isNested() ? decode(column, stream, entries, depth + 1)
                : StreamDecoder.decode(column.type(), stream, entries);
    }

    private static ColumnVector readList(Column column, ByteReader stream, int entries, byte[] nulls, int nonNull,
                                         int depth) {
        ByteReader lengthsStream = stream.slice(stream.length());
        if (lengthsStream.hasRemaining() && (lengthsStream.array()[lengthsStream.position()]
                & StreamFormat.HAS_NULLS) != 0) {
            throw new JazminFormatException("the lengths stream of list '" + column.name() + "' has nulls");
        }
        long[] lengths = StreamDecoder.decode(LENGTHS, lengthsStream, nonNull).longs();
        int[] offsets = new int[entries + 1];
        long total = 0;
        for (int r = 0, i = 0; r < entries; r++) {
            if (nulls == null || (nulls[r >>> 3] & (1 << (r & 7))) == 0) {
                long n = lengths[i++];
                if (n < 0) {
                    throw new JazminFormatException("list '" + column.name() + "' has a negative length " + n);
                }
                total += n;
                if (total > Integer.MAX_VALUE) {
                    throw new JazminFormatException("the lists of '" + column.name() + "' hold more than 2^31 - 1 items");
                }
            }
            offsets[r + 1] = (int) total;
        }
        ColumnVector items = child(column.item(), stream.slice(stream.length()), (int) total, depth);
        return ColumnVector.ofList(column, entries, nulls, offsets, items);
    }

    private static ColumnVector readObject(Column column, ByteReader stream, int entries, byte[] nulls, int nonNull,
                                           int depth) {
        List<Column> fields = column.fields();
        ColumnVector[] children = new ColumnVector[fields.size()];
        for (int f = 0; f < children.length; f++) {
            Column field = fields.get(f);
            if (stream.hasRemaining()) {
                children[f] = child(field, stream.slice(stream.length()), nonNull, depth);
            } else if (field.nullable()) {
                children[f] = NestedVectors.allNull(field, nonNull); // a field added after this chunk was written
            } else {
                throw new JazminFormatException("object '" + column.name() + "' has no stream for its required field '"
                        + field.name() + "'");
            }
        }
        return ColumnVector.ofObject(column, entries, nulls, children);
    }
}
