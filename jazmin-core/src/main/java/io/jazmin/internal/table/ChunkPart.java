package io.jazmin.internal.table;

import io.jazmin.schema.Column;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.StreamDecoder;
import io.jazmin.internal.wire.ByteReader;
import java.util.List;

/**
 * One chunk read from the file: the part section of each visible column group, in which the stream
 * of each column is located once (by the varint lengths, spec §1.9) and decoded only when asked
 * for, at most once. Columns are addressed by their view position (see {@link TableData#columns()}).
 */
public final class ChunkPart {
    private final int rowCount;
    private final List<Column> columns;
    private final Piece[] pieceOf;
    private final int[] starts;
    private final int[] lengths;
    private final ColumnVector[] decoded;
    private int decodedCount;

    /**
     * One part section: its raw payload holds the streams of {@code members} (view positions), in order.
     */
    record Piece(String sectionId, long offset, byte[] payload, int[] members) {
    }

    ChunkPart(List<Piece> pieces, int rowCount, List<Column> columns) {
        this.rowCount = rowCount;
        this.columns = columns;
        this.pieceOf = new Piece[columns.size()];
        this.starts = new int[columns.size()];
        this.lengths = new int[columns.size()];
        this.decoded = new ColumnVector[columns.size()];
        for (Piece piece : pieces) {
            try {
                ByteReader in = new ByteReader(piece.payload());
                for (int p : piece.members()) {
                    pieceOf[p] = piece;
                    lengths[p] = in.length();
                    starts[p] = in.position();
                    in.skip(lengths[p]);
                }
                in.expectEnd("chunk part");
            } catch (JazminFormatException e) {
                throw e.inSection(piece.sectionId(), piece.offset());
            }
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
            Piece piece = pieceOf[position];
            try {
                v = StreamDecoder.decode(column, new ByteReader(piece.payload(), starts[position], lengths[position]),
                        rowCount);
            } catch (JazminFormatException e) {
                throw new JazminFormatException("column '" + column.name() + "': " + e.getMessage(),
                        piece.sectionId(), piece.offset(), e);
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
