package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.JazminFormatException;
import io.jazmin.column.ColumnVector;
import io.jazmin.column.StreamDecoder;
import io.jazmin.wire.ByteReader;
import java.util.List;

/**
 * One chunk part read from the file: the stream of each column is located once (by the varint
 * lengths, spec §1.9) and decoded only when asked for, at most once.
 */
public final class ChunkPart {
    private final String sectionId;
    private final long offset;
    private final byte[] payload;
    private final int rowCount;
    private final List<Column> columns;
    private final int[] starts;
    private final int[] lengths;
    private final ColumnVector[] decoded;
    private int decodedCount;

    ChunkPart(String sectionId, long offset, byte[] payload, int rowCount, List<Column> columns) {
        this.sectionId = sectionId;
        this.offset = offset;
        this.payload = payload;
        this.rowCount = rowCount;
        this.columns = columns;
        this.starts = new int[columns.size()];
        this.lengths = new int[columns.size()];
        this.decoded = new ColumnVector[columns.size()];
        try {
            ByteReader in = new ByteReader(payload);
            for (int p = 0; p < columns.size(); p++) {
                lengths[p] = in.length();
                starts[p] = in.position();
                in.skip(lengths[p]);
            }
            in.expectEnd("chunk part");
        } catch (JazminFormatException e) {
            throw e.inSection(sectionId, offset);
        }
    }

    public int rowCount() {
        return rowCount;
    }

    /** The values of the column at {@code position}, decoded on first use. */
    public ColumnVector column(int position) {
        ColumnVector v = decoded[position];
        if (v == null) {
            Column column = columns.get(position);
            try {
                v = StreamDecoder.decode(column, new ByteReader(payload, starts[position], lengths[position]),
                        rowCount);
            } catch (JazminFormatException e) {
                throw new JazminFormatException("column '" + column.name() + "': " + e.getMessage(), sectionId,
                        offset, e);
            }
            decoded[position] = v;
            decodedCount++;
        }
        return v;
    }

    /** The values of several columns, in the order given. */
    public ColumnVector[] columns(int[] positions) {
        ColumnVector[] out = new ColumnVector[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = column(positions[i]);
        }
        return out;
    }

    /** How many columns have been decoded so far. */
    public int decodedColumns() {
        return decodedCount;
    }
}
