package io.jazmin.reader;

import io.jazmin.Column;
import io.jazmin.catalog.SectionRef;
import io.jazmin.catalog.TableEntry;
import io.jazmin.column.ColumnVector;
import io.jazmin.wire.SectionReader;
import java.util.List;

/**
 * Access to one table's stored data: its columns (checked at open), and, loaded on first use, its
 * chunk list and deleted rows.
 */
public final class TableData {
    private final SectionReader sections;
    private final int tableIndex;
    private final TableEntry entry;
    private final List<SectionRef> deltas;
    private final List<Column> columns;
    private final ChunkDecoder decoder;
    private List<ChunkInfo> chunks;
    private DeletedRows deleted;

    public TableData(SectionReader sections, int tableIndex, TableEntry entry, List<SectionRef> deltas) {
        this.sections = sections;
        this.tableIndex = tableIndex;
        this.entry = entry;
        this.deltas = deltas;
        this.columns = List.copyOf(TableColumns.of(entry));
        this.decoder = new ChunkDecoder(sections, tableIndex, columns);
    }

    public TableEntry entry() {
        return entry;
    }

    /** Columns in position order. */
    public List<Column> columns() {
        return columns;
    }

    /** The chunks in ordinal order (reads the directory segments the first time). */
    public List<ChunkInfo> chunks() {
        if (chunks == null) {
            chunks = TableLayout.chunks(sections, tableIndex, entry, deltas, entry.columnGroups().size());
        }
        return chunks;
    }

    /** The deleted row ids (reads the deletes section the first time). */
    public DeletedRows deleted() {
        if (deleted == null) {
            SectionRef ref = entry.deletes();
            if (ref == null) {
                if (entry.deletedCount() != 0) {
                    throw new io.jazmin.JazminFormatException("table '" + entry.name() + "' counts "
                            + entry.deletedCount() + " deleted rows but has no deletes section");
                }
                deleted = DeletedRows.none();
            } else {
                String id = SectionIds.deletes(tableIndex, entry.deletedCount());
                deleted = DeletedRows.parse(sections.read(id, ref.offset(), ref.length()), entry.deletedCount(),
                        entry.rowCount());
            }
        }
        return deleted;
    }

    /** Decodes the columns at {@code positions} of a chunk. */
    public ColumnVector[] decode(ChunkInfo chunk, int[] positions) {
        return decoder.decode(chunk, positions);
    }
}
