package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.JazminFormatException;
import io.jazmin.column.ColumnVector;
import io.jazmin.column.StreamDecoder;
import io.jazmin.wire.ByteReader;
import io.jazmin.wire.SectionReader;
import java.util.List;

/**
 * Reads a chunk part and decodes only the requested columns; the others are skipped by their
 * stream lengths without being decoded (spec §1.9).
 */
public final class ChunkDecoder {
    private final SectionReader sections;
    private final int tableIndex;
    private final List<Column> columns;

    public ChunkDecoder(SectionReader sections, int tableIndex, List<Column> columns) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.columns = columns;
    }

    /**
     * Decodes the columns at {@code positions} of chunk {@code chunk}; element i of the result holds
     * the values of column {@code positions[i]}.
     */
    public ColumnVector[] decode(ChunkInfo chunk, int[] positions) {
        String id = SectionIds.chunkPart(tableIndex, chunk.ordinal(), SectionIds.DEFAULT_GROUP);
        byte[] payload = sections.read(id, chunk.partOffsets()[0], chunk.partLengths()[0]);
        try {
            return decodePayload(payload, chunk.rowCount(), positions);
        } catch (JazminFormatException e) {
            throw e.inSection(id, chunk.partOffsets()[0]);
        }
    }

    private ColumnVector[] decodePayload(byte[] payload, int rowCount, int[] positions) {
        int[] wanted = new int[columns.size()];
        java.util.Arrays.fill(wanted, -1);
        for (int i = 0; i < positions.length; i++) {
            wanted[positions[i]] = i;
        }
        ColumnVector[] out = new ColumnVector[positions.length];
        ByteReader in = new ByteReader(payload);
        for (int p = 0; p < columns.size(); p++) {
            int length = in.length();
            if (wanted[p] < 0) {
                in.skip(length);
                continue;
            }
            Column column = columns.get(p);
            try {
                out[wanted[p]] = StreamDecoder.decode(column.type(), in.slice(length), rowCount);
            } catch (JazminFormatException e) {
                throw new JazminFormatException("column '" + column.name() + "': " + e.getMessage(), e);
            }
        }
        in.expectEnd("chunk part");
        return out;
    }
}
