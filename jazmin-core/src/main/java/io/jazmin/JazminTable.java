package io.jazmin;

import io.jazmin.catalog.IndexRef;
import io.jazmin.catalog.SectionRef;
import io.jazmin.catalog.TableEntry;
import io.jazmin.column.ColumnVector;
import io.jazmin.reader.ChunkInfo;
import io.jazmin.reader.DeletedRows;
import io.jazmin.reader.TableData;
import io.jazmin.wire.SectionReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One table of an open file: its schema and counts, and its rows streamed chunk by chunk. Only
 * the selected columns are decoded; chunks wholly before the offset are skipped unread.
 */
public final class JazminTable {
    private final TableData data;
    private final TableEntry entry;

    JazminTable(SectionReader sections, int tableIndex, TableEntry entry, List<SectionRef> deltas) {
        this.data = new TableData(sections, tableIndex, entry, deltas);
        this.entry = entry;
    }

    public String name() {
        return entry.name();
    }

    /** The columns in position order. */
    public List<Column> columns() {
        return data.columns();
    }

    /** The column named {@code name}. */
    public Column column(String name) {
        for (Column c : data.columns()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new JazminValidationException("unknown column '" + name + "' in table '" + name() + "'");
    }

    /** Rows a reader returns: written rows minus deleted ones. */
    public long rowCount() {
        return entry.rowCount() - entry.deletedCount();
    }

    /** Rows ever written, deleted ones included. */
    public long writtenRowCount() {
        return entry.rowCount();
    }

    public long deletedRowCount() {
        return entry.deletedCount();
    }

    public int chunkCount() {
        return entry.chunkCount();
    }

    public List<String> sortedBy() {
        return entry.sortedBy();
    }

    /** The indexes stored for this table (one entry per segment). */
    public List<IndexInfo> indexes() {
        List<IndexInfo> out = new ArrayList<>();
        for (IndexRef ref : entry.indexes()) {
            out.add(new IndexInfo(ref.column(), ref.kind(), ref.segment()));
        }
        return out;
    }

    /** Every row, every column, in file order. */
    public Stream<Row> rows() {
        return rows(RowQuery.all());
    }

    /** The rows and columns {@code query} asks for, in file order, read lazily chunk by chunk. */
    public Stream<Row> rows(RowQuery query) {
        Iterator<Row> it = iterator(query);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL),
                false);
    }

    /** Like {@link #rows(RowQuery)}, as an iterator. */
    public Iterator<Row> iterator(RowQuery query) {
        List<Column> selected = select(query.select());
        int[] positions = new int[selected.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = data.columns().indexOf(selected.get(i));
        }
        return new RowIterator(new RowLayout(selected), positions, query.offset(), query.limit());
    }

    private List<Column> select(List<String> names) {
        if (names.isEmpty()) {
            return data.columns();
        }
        List<Column> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(column(n));
        }
        return out;
    }

    /** Walks chunks in order, skipping deleted rows, whole chunks before the offset, and stopping at the limit. */
    private final class RowIterator implements Iterator<Row> {
        private final RowLayout layout;
        private final int[] positions;
        private final DeletedRows deleted;
        private final List<ChunkInfo> chunks;
        private long toSkip;
        private long remaining;
        private int chunkIndex;
        private ChunkInfo chunk;
        private ColumnVector[] vectors;
        private int position;
        private Row next;

        RowIterator(RowLayout layout, int[] positions, long offset, long limit) {
            this.layout = layout;
            this.positions = positions;
            this.deleted = data.deleted();
            this.chunks = data.chunks();
            this.toSkip = offset;
            this.remaining = limit < 0 ? Long.MAX_VALUE : limit;
        }

        @Override
        public boolean hasNext() {
            if (next == null && remaining > 0) {
                next = advance();
            }
            return next != null;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Row r = next;
            next = null;
            remaining--;
            return r;
        }

        private Row advance() {
            while (true) {
                if (chunk != null && position < chunk.rowCount()) {
                    int p = position++;
                    long rowId = chunk.rowStart() + p;
                    if (deleted.contains(rowId)) {
                        continue;
                    }
                    if (toSkip > 0) {
                        toSkip--;
                        continue;
                    }
                    return new Row(layout, vectors, p, rowId);
                }
                if (chunkIndex >= chunks.size()) {
                    return null;
                }
                chunk = chunks.get(chunkIndex++);
                position = 0;
                vectors = null;
                long visible = chunk.rowCount() - deleted.countIn(chunk.rowStart(), chunk.rowStart() + chunk.rowCount());
                if (toSkip >= visible) {
                    // The whole chunk lies before the offset: count it without reading it.
                    toSkip -= visible;
                    position = chunk.rowCount();
                    continue;
                }
                vectors = data.decode(chunk, positions);
            }
        }
    }
}
