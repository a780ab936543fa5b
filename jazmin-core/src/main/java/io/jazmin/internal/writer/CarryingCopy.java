package io.jazmin.internal.writer;

import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.DeletedRows;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.TableData;
import io.jazmin.internal.wire.StoredPayload;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * How a compaction copies one table of a file that is not shared (plain or encrypted, spec §1.24).
 * A chunk that holds no deleted row and is at least half full (half the new file's chunk rows, or of
 * its chunk bytes raw) is carried as its encoded part: read and checked (CRC and length, and in an
 * encrypted file its seal), enveloped anew under its new section id (sealed under the new version's
 * keys), with its statistics and flush points as its directory stored them; of its columns only the
 * indexed ones are decoded, for the new file's indexes. The other chunks (those holding deleted rows,
 * and the small chunks appends leave) are decoded and their live rows re-encoded, each run of them
 * into full chunks, as a compaction did with every chunk before: a one-thread writer's compaction
 * spent about 10 µs a row decoding and re-encoding chunks it then wrote unchanged (issue 31).
 *
 * <p>A carried part keeps its compression: it is carried only when stored uncompressed or with the new
 * file's codec (at any level), and when it has column flush points exactly as the new parts will, so
 * that the table's one directory segment lists them for every part or for none. With
 * {@link ColumnFlushPoints#AUTO} (a file that has none, see {@link RewriteSource#rewriteOptions}) a table
 * that carries a chunk is written without them.
 */
final class CarryingCopy {
    /**
     * A part whose stored bytes are under 1/{@value} of the new file's chunk bytes is not read for its
     * raw length: it would need to inflate more than half that ratio to be half a chunk's raw bytes.
     */
    private static final int RAW_PER_STORED_JUDGED = 32;

    private final TableReader table;
    private final List<ChunkInfo> chunks;
    private final boolean[] carry;
    private final WriteOptions options;

    private CarryingCopy(TableReader table, List<ChunkInfo> chunks, boolean[] carry, WriteOptions options) {
        this.table = table;
        this.chunks = chunks;
        this.carry = carry;
        this.options = options;
    }

    /**
     * Plans the copy of {@code table} into a table written with {@code tableOptions}: which chunks are
     * carried, judged from the directory, the deleted rows and the statistics (each chunk's part is
     * read and checked only when it is copied).
     */
    static CarryingCopy plan(TableReader table, WriteOptions tableOptions) {
        TableData data = table.data();
        List<ChunkInfo> chunks = data.chunks();
        DeletedRows deleted = data.deleted();
        boolean points = tableOptions.columnFlushPoints() == ColumnFlushPoints.ALWAYS
                && tableOptions.codec() == Codec.DEFLATE;
        boolean[] carry = new boolean[chunks.size()];
        boolean any = false;
        for (int i = 0; i < carry.length; i++) {
            carry[i] = carriable(data, chunks.get(i), deleted, tableOptions, points);
            any |= carry[i];
        }
        WriteOptions written = any && tableOptions.columnFlushPoints() == ColumnFlushPoints.AUTO
                ? tableOptions.withColumnFlushPoints(ColumnFlushPoints.NEVER) : tableOptions;
        return new CarryingCopy(table, chunks, carry, written);
    }

    /** The options the table is written with: those planned with, its flush points settled as carried parts need. */
    WriteOptions options() {
        return options;
    }

    private static boolean carriable(TableData data, ChunkInfo chunk, DeletedRows deleted, WriteOptions options,
                                     boolean points) {
        if (chunk.groupCount() != 1 || chunk.hasFlushPoints() != points
                || deleted.countIn(chunk.rowStart(), chunk.rowStart() + chunk.rowCount()) != 0
                || !halfFull(data, chunk, options)) {
            return false;
        }
        List<Column> columns = data.columns();
        for (int p = 0; p < columns.size(); p++) {
            // A file of another writer may store no statistics, or other leaves: those chunks are re-encoded.
            ChunkStatistics s = data.statistics(chunk, p);
            if (s == null || !s.hasLeavesOf(columns.get(p))) {
                return false;
            }
        }
        return true;
    }

    private static boolean halfFull(TableData data, ChunkInfo chunk, WriteOptions options) {
        if ((long) chunk.rowCount() * 2 >= options.chunkRows()) {
            return true;
        }
        if (chunk.partLength(0) * RAW_PER_STORED_JUDGED < options.chunkBytes()) {
            return false;
        }
        long raw = data.sections().rawLength(partId(data, chunk), new SectionRef(chunk.partOffset(0),
                chunk.partLength(0)));
        return raw * 2 >= options.chunkBytes();
    }

    private static String partId(TableData data, ChunkInfo chunk) {
        return SectionIds.chunkPart(data.tableIndex(), chunk.ordinal(), SectionIds.DEFAULT_GROUP);
    }

    /** Copies the table's live rows into {@code writer}'s current table, started with {@link #options()}. */
    void writeTo(FullFileWriter writer) {
        int[] indexed = writer.indexedPositions();
        int i = 0;
        while (i < chunks.size()) {
            CarriedChunk carried = carry[i] ? read(chunks.get(i), indexed) : null;
            if (carried != null) {
                writer.addCarried(carried);
                i++;
                continue;
            }
            int end = i + 1;
            while (end < chunks.size() && !carry[end]) {
                end++;
            }
            Iterator<Row> rows;
            if (i == 0 && end == chunks.size()) {
                rows = table.rows().iterator();
            } else {
                Set<Integer> run = new HashSet<>();
                for (int c = i; c < end; c++) {
                    run.add(chunks.get(c).ordinal());
                }
                rows = table.restrictedTo(run).rows().iterator();
            }
            Rewriter.copyRows(rows, writer);
            i = end;
        }
    }

    /**
     * The chunk's part read and checked, with its statistics, flush points and indexed values; {@code null}
     * when it is stored with another codec than the new file's (then it is re-encoded).
     */
    private CarriedChunk read(ChunkInfo chunk, int[] indexed) {
        TableData data = table.data();
        String id = partId(data, chunk);
        StoredPayload part = data.sections().readStored(id, chunk.partOffset(0), chunk.partLength(0));
        if (part.codec() != Codec.NONE.wireId() && part.codec() != options.codec().wireId()) {
            return null;
        }
        int[] streamOffsets = null;
        int[] streamStoredOffsets = null;
        byte[] valuePoints = null;
        if (chunk.hasFlushPoints()) {
            // Checked as a read of the part checks them: a carried part's points are the new file's.
            FlushPoints points = chunk.flushPoints();
            try {
                points.check(part.length(), (int) part.rawLength());
            } catch (JazminFormatException e) {
                throw e.inSection(id, chunk.partOffset(0));
            }
            chunk.valuePoints();
            streamOffsets = Arrays.copyOfRange(points.rawOffsets(), points.from(), points.from() + points.count());
            streamStoredOffsets = Arrays.copyOfRange(points.storedOffsets(), points.from(),
                    points.from() + points.count());
            valuePoints = chunk.valuePointsEntry().toArray();
        }
        ChunkStatistics[] statistics = new ChunkStatistics[data.columns().size()];
        for (int p = 0; p < statistics.length; p++) {
            statistics[p] = data.statistics(chunk, p);
        }
        return new CarriedChunk(part, statistics, chunk.rowCount(), streamOffsets, streamStoredOffsets, valuePoints,
                indexedRows(chunk, indexed));
    }

    /** Per row of {@code chunk}, the values of the columns at {@code indexed}, at their positions. */
    private List<Object[]> indexedRows(ChunkInfo chunk, int[] indexed) {
        if (indexed.length == 0) {
            return List.of();
        }
        List<Column> columns = table.data().columns();
        List<String> names = new ArrayList<>();
        for (int p : indexed) {
            names.add(columns.get(p).name());
        }
        List<Object[]> out = new ArrayList<>(chunk.rowCount());
        Iterator<Row> rows = table.restrictedTo(Set.of(chunk.ordinal())).rows(RowQuery.all().withSelect(names))
                .iterator();
        while (rows.hasNext()) {
            Row row = rows.next();
            Object[] values = new Object[columns.size()];
            for (int k = 0; k < indexed.length; k++) {
                values[indexed[k]] = row.get(k);
            }
            out.add(values);
        }
        if (out.size() != chunk.rowCount()) {
            throw new JazminFormatException("table '" + table.name() + "', chunk " + chunk.ordinal() + ": read "
                    + out.size() + " rows of its " + chunk.rowCount());
        }
        return out;
    }
}
