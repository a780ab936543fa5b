package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.JazminFormatException;
import io.jazmin.column.ColumnVector;
import io.jazmin.column.StreamDecoder;
import io.jazmin.wire.ByteReader;
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
    /** Per column, the last window decoded (see {@link #column(int, int, int)}) and the row it ends before. */
    private final ColumnVector[] windows;
    private final int[] windowEnds;
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
        this.windows = new ColumnVector[columns.size()];
        this.windowEnds = new int[columns.size()];
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
            v = decode(position, 0, rowCount);
            decoded[position] = v;
        }
        return v;
    }

    /**
     * The values of the column at {@code position} for at least rows {@code [from, to)}: the whole
     * column when it is decoded already, else a window vector of those rows (see
     * {@link ColumnVector#window()}), its stream read only as far as row {@code to}.
     */
    public ColumnVector column(int position, int from, int to) {
        if (decoded[position] != null || columns.get(position).type().isNested() || (from == 0 && to == rowCount)) {
            return column(position);
        }
        ColumnVector w = windows[position];
        if (w == null || w.window() > from || windowEnds[position] < to) {
            w = decode(position, from, to);
            windows[position] = w;
            windowEnds[position] = to;
        }
        return w;
    }

    private ColumnVector decode(int position, int from, int to) {
        Column column = columns.get(position);
        Piece piece = pieceOf[position];
        ColumnVector v;
        try {
            v = StreamDecoder.decode(column, new ByteReader(piece.payload(), starts[position], lengths[position]),
                    rowCount, from, to);
        } catch (JazminFormatException e) {
            throw new JazminFormatException("column '" + column.name() + "': " + e.getMessage(),
                    piece.sectionId(), piece.offset(), e);
        }
        if (windows[position] == null) {
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

    /** The values of several columns for at least rows {@code [from, to)} (see {@link #column(int, int, int)}). */
    public ColumnVector[] columns(int[] positions, int from, int to) {
        ColumnVector[] out = new ColumnVector[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = column(positions[i], from, to);
        }
        return out;
    }

    /** How many columns have been decoded so far. */
    public int decodedColumns() {
        return decodedCount;
    }
}
