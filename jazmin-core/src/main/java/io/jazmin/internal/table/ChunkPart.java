package io.jazmin.internal.table;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.ExactSum;
import io.jazmin.internal.column.StreamDecoder;
import io.jazmin.internal.column.StreamSum;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.compress.SectionPayload;
import io.jazmin.internal.compress.StoredStreams;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.parallel.FanOut;
import java.util.List;
import java.util.function.Supplier;

/**
 * One chunk read from the file: the part section of each visible column group, in which the stream
 * of each column is located (by the varint lengths, spec §1.9) and decoded only when asked for, at
 * most once. A part's payload is inflated only as far as the streams asked for reach, so the
 * streams after the last one a query reads are neither inflated nor checked; with column flush
 * points each stream asked for is inflated on its own, and no other, and a window of a few rows (a
 * lookup) inflates its stream only about as far as they lie. Columns are addressed by their view
 * position (see {@link TableData#columns()}).
 *
 * <p>With a {@link SharedChunkCache}, a column is first looked up there; one that is not is decoded
 * whole (never as a window) and kept, and a part's section is read only when a column it holds is
 * not kept.
 */
public final class ChunkPart {
    /** Bytes of the longest stream length varint. */
    private static final int MAX_LENGTH_BYTES = 10;
    /** Raw bytes inflated past the guess of where a window's last row ends (a row's values, with room). */
    private static final int PREFIX_SLACK = 256;
    /** The largest prefix buffer a thread keeps (see {@link #decodeFromPrefix}). */
    private static final int MAX_KEPT_PREFIX = 1 << 20;
    /**
     * Per thread, the buffer the prefixes of scalar streams are inflated into: their window vectors
     * hold decoded values (and copied null bits), nothing of the stream's bytes (plain strings are
     * built for the window's rows, {@link ColumnVector#withoutStreamBytes()}).
     */
    private static final ThreadLocal<byte[]> PREFIX_BUFFER = new ThreadLocal<>();
    /**
     * Per thread, the array a filter's whole int or datetime column is decoded into (see
     * {@link #filterColumn}); taken out while a part holds it, so no two vectors ever share it.
     */
    private static final ThreadLocal<long[]> FILTER_LONGS = new ThreadLocal<>();
    private final int rowCount;
    private final List<Column> columns;
    private final Piece[] pieceOf;
    /** Per column, its place among its piece's members. */
    private final int[] memberIndex;
    /** Per column, its own bytes once inflated from its flush point; {@code null}: its piece's payload. */
    private final byte[][] arrays;
    private final int[] starts;
    private final int[] lengths;
    private final ColumnVector[] decoded;
    /** Per column, the last window decoded (see {@link #column(int, int, int)}) and the row it ends before. */
    private final ColumnVector[] windows;
    private final int[] windowEnds;
    /** Per column, whether {@code decoded} holds an array taken from {@link #FILTER_LONGS} till {@link #settleFilterColumns}. */
    private final boolean[] borrowed;
    private int decodedCount;
    /** The process-wide cache and this part's file version in it, or {@code null}s when not cached. */
    private final SharedChunkCache shared;
    private final SharedChunkCache.FileVersionKey file;
    private final boolean fill;

    /**
     * One part section: its raw payload holds the streams of {@code members} (view positions), in
     * order; the first {@code located} of them are located, the next starting at {@code cursor}.
     */
    static final class Piece {
        private final String sectionId;
        private final long offset;
        private final long length;
        private Supplier<SectionPayload> reader;
        private SectionPayload payload;
        private final int[] members;
        private int located;
        private int cursor;
        /** Decodes the part's value points, or {@code null} once they are decoded (or when it has none). */
        private Supplier<ValuePoints> pointsReader;
        private ValuePoints points;

        /**
         * A part whose payload is {@code reader}'s, read when a column first needs it.
         *
         * @param points the part's value points ({@link ChunkInfo#valuePoints}), decoded on first use, or {@code null}
         */
        Piece(String sectionId, long offset, long length, Supplier<SectionPayload> reader, int[] members,
              Supplier<ValuePoints> points) {
            this.sectionId = sectionId;
            this.offset = offset;
            this.length = length;
            this.reader = reader;
            this.members = members;
            this.pointsReader = points;
        }

        /** The part's value points, decoded and their structure checked on first use, or {@code null}. */
        private synchronized ValuePoints valuePoints() {
            if (pointsReader != null) {
                points = pointsReader.get(); // damage thrown to the column's decode, which names both
                pointsReader = null;
            }
            return points;
        }

        private SectionPayload payload() {
            if (payload == null) {
                payload = reader.get();
                reader = null;
            }
            return payload;
        }
    }

    /**
     * @param shared the process-wide cache to use, or {@code null}
     * @param file   the part's file version in {@code shared} ({@code null} with it)
     * @param fill   whether columns decoded here are put in {@code shared}, or only looked up there
     */
    ChunkPart(List<Piece> pieces, int rowCount, List<Column> columns, SharedChunkCache shared,
              SharedChunkCache.FileVersionKey file, boolean fill) {
        this.shared = shared;
        this.file = file;
        this.fill = fill;
        this.rowCount = rowCount;
        this.columns = columns;
        this.pieceOf = new Piece[columns.size()];
        this.memberIndex = new int[columns.size()];
        this.arrays = new byte[columns.size()][];
        this.starts = new int[columns.size()];
        this.lengths = new int[columns.size()];
        this.decoded = new ColumnVector[columns.size()];
        this.windows = new ColumnVector[columns.size()];
        this.windowEnds = new int[columns.size()];
        this.borrowed = new boolean[columns.size()];
        for (Piece piece : pieces) {
            for (int i = 0; i < piece.members.length; i++) {
                pieceOf[piece.members[i]] = piece;
                memberIndex[piece.members[i]] = i;
            }
        }
    }

    /**
     * Lets go of the checked parts this part's read holds ({@link ChunkDecoder#read(ChunkInfo, boolean,
     * boolean, java.util.BitSet, boolean)}), first copying the streams the query reads when {@code keepWanted};
     * a stream asked for later is read again. Nothing for parts not held (with the shared cache none is).
     */
    public void letGo(boolean keepWanted) {
        if (shared != null) {
            return; // never held, and its parts are read only when a column needs one
        }
        for (Piece piece : pieceOf) {
            if (piece != null) {
                piece.payload().letGo(keepWanted);
            }
        }
    }

    /** Locates the streams of the column at {@code position}'s piece up to its own (or just its own, flushed). */
    private void locate(int position) {
        Piece piece = pieceOf[position];
        SectionPayload payload = piece.payload();
        if (payload.streamCount() > 0) {
            locateFlushed(piece, position);
            return;
        }
        try {
            while (piece.located <= memberIndex[position]) {
                int raw = payload.length();
                int head = Math.min(raw, piece.cursor + 10); // a varint length takes at most 10 bytes
                ByteReader in = new ByteReader(payload.upTo(head), piece.cursor, head - piece.cursor);
                long end = Math.min(raw, in.varintInt() + (long) in.position());
                // Read again over the stream's bytes: the length must fit in what the payload has left.
                in = new ByteReader(payload.upTo((int) end), piece.cursor, (int) end - piece.cursor);
                int length = in.length();
                int member = piece.members[piece.located];
                starts[member] = in.position();
                lengths[member] = length;
                piece.cursor = in.position() + length;
                piece.located++;
                if (piece.located == piece.members.length) {
                    new ByteReader(payload.whole(), piece.cursor, raw - piece.cursor).expectEnd("chunk part");
                }
            }
        } catch (JazminFormatException e) {
            throw e.inSection(piece.sectionId, piece.offset);
        }
    }

    /**
     * Locates the stream of the column at {@code position} inflated from its flush point: its bytes are
     * its length varint and the stream, nothing before or after.
     */
    private void locateFlushed(Piece piece, int position) {
        if (arrays[position] != null) {
            return;
        }
        try {
            if (piece.payload().streamCount() != piece.members.length) {
                throw new JazminFormatException("chunk part has " + piece.payload().streamCount()
                        + " column flush points for its " + piece.members.length + " columns");
            }
            // A stored stream is read where it lies among the part's stored bytes; others are inflated.
            StoredStreams.Slice inPlace = piece.payload().streamInPlace(memberIndex[position]);
            byte[] bytes = inPlace != null ? inPlace.bytes() : piece.payload().stream(memberIndex[position]);
            ByteReader in = inPlace != null ? new ByteReader(bytes, inPlace.offset(), inPlace.length())
                    : new ByteReader(bytes, 0, bytes.length);
            int length = in.length();
            starts[position] = in.position();
            lengths[position] = length;
            in.skip(length);
            in.expectEnd("column stream between flush points");
            arrays[position] = bytes;
        } catch (JazminFormatException e) {
            throw e.inSection(piece.sectionId, piece.offset);
        }
    }

    public int rowCount() {
        return rowCount;
    }

    /** The values of the column at {@code position}, decoded on first use. */
    public ColumnVector column(int position) {
        ColumnVector v = decoded[position];
        if (v != null) {
            return v;
        }
        SharedChunkCache.ColumnKey key = cacheable(position) ? key(position) : null;
        v = key == null ? null : shared.get(key);
        if (v == null) {
            v = decode(position, 0, rowCount);
            if (key != null && fill && v.shareable()) {
                v = v.detached(starts[position]);
                shared.put(key, v, v.heapBytes());
            }
        }
        decoded[position] = v;
        return v;
    }

    /** Whether the column at {@code position} is looked up in and kept by the shared cache. */
    private boolean cacheable(int position) {
        return shared != null && ColumnVector.immutableValues(columns.get(position).type());
    }

    private SharedChunkCache.ColumnKey key(int position) {
        Piece piece = pieceOf[position];
        Column column = columns.get(position);
        return new SharedChunkCache.ColumnKey(file, piece.sectionId, piece.offset, piece.length,
                memberIndex[position], column.name(), column.type());
    }

    /**
     * The values of the column at {@code position} for at least rows {@code [from, to)}: the whole
     * column when it is decoded already, else a window vector of those rows (see
     * {@link ColumnVector#window()}), its stream read only as far as row {@code to}.
     */
    public ColumnVector column(int position, int from, int to) {
        if (decoded[position] != null || columns.get(position).type().isNested() || (from == 0 && to == rowCount)
                || (fill && cacheable(position))) {
            return column(position);
        }
        ColumnVector kept = cacheable(position) ? shared.get(key(position)) : null;
        if (kept != null) {
            decoded[position] = kept;
            return kept;
        }
        ColumnVector w = windows[position];
        if (w == null || w.window() > from || windowEnds[position] < to) {
            w = decode(position, from, to);
            windows[position] = w;
            windowEnds[position] = to;
        }
        return w;
    }

    /**
     * The values of the column at {@code position} for a filter testing rows {@code [from, to)}, as
     * {@link #column(int, int, int)} gives them; but a whole int or datetime column that the shared cache
     * does not keep is decoded into an array the thread reuses (a lookup then allocates no array for
     * the whole chunk to test it). The caller calls {@link #settleFilterColumns} once the filter is
     * tested, before asking this part for columns again.
     */
    public ColumnVector filterColumn(int position, int from, int to) {
        ColumnType type = columns.get(position).type();
        if (from != 0 || to != rowCount || decoded[position] != null || cacheable(position)
                || (type != ColumnType.INT && type != ColumnType.DATETIME)) {
            return column(position, from, to);
        }
        long[] into = FILTER_LONGS.get();
        FILTER_LONGS.set(null);
        if (into == null || into.length != rowCount) {
            into = new long[rowCount];
        }
        ColumnVector v = decode(position, 0, rowCount, into);
        decoded[position] = v;
        borrowed[position] = true;
        return v;
    }

    /**
     * A whole int, datetime, float or bool column decoded from its stream inflated, on its own from its
     * flush point and checked whole, into the thread's {@link #PREFIX_BUFFER}: its vector keeps nothing
     * of the bytes (values and null bits are copied out), so none is allocated per stream, nor kept by
     * the payload; an int or datetime column's values go into {@code into} when given. {@code null} when
     * the stream does not inflate on its own or is held inflated already.
     */
    private ColumnVector decodeFlushed(int position, long[] into) {
        ByteReader stream = flushedStream(position);
        if (stream == null) {
            return null;
        }
        Column column = columns.get(position);
        try {
            return into != null ? StreamDecoder.decodeLongsInto(column.type(), stream, rowCount, into)
                    : StreamDecoder.decode(column, stream, rowCount, 0, rowCount);
        } catch (JazminFormatException e) {
            throw inColumn(column, pieceOf[position], e);
        }
    }

    /**
     * The stream of the column at {@code position}, inflated on its own from its flush point into the
     * thread's {@link #PREFIX_BUFFER} (or read where it lies when stored), its length checked against
     * its flush points; {@code null} when the stream does not inflate on its own or is held inflated
     * already. The reader's bytes are the thread's until its next use of the buffer.
     */
    private ByteReader flushedStream(int position) {
        Piece piece = pieceOf[position];
        SectionPayload payload = piece.payload();
        int k = memberIndex[position];
        if (arrays[position] != null || payload.streamCount() != piece.members.length || payload.holdsStream(k)) {
            return null;
        }
        int raw = payload.streamLength(k);
        try {
            // A stored stream is read where it lies among the part's stored bytes; others inflate into the buffer.
            StoredStreams.Slice inPlace = payload.streamInPlace(k);
            byte[] bytes;
            ByteReader in;
            if (inPlace != null) {
                bytes = inPlace.bytes();
                in = new ByteReader(bytes, inPlace.offset(), raw);
            } else {
                bytes = threadBuffer(raw);
                payload.streamInto(k, bytes);
                in = new ByteReader(bytes, 0, raw);
            }
            int length = in.length();
            int start = in.position();
            in.skip(length);
            in.expectEnd("column stream between flush points");
            return new ByteReader(bytes, start, length);
        } catch (JazminFormatException e) {
            throw e.inSection(piece.sectionId, piece.offset);
        }
    }

    /**
     * The whole columns at {@code positions} as a read-ahead thread hands a chunk's to the caller, plain
     * strings built ({@link ColumnVector#withoutStreamBytes()}: new vectors, so a cached one stays as it
     * is). A string column the shared cache does not keep, whose stream inflates on its own, is inflated
     * into the thread's {@link #PREFIX_BUFFER} and made to keep nothing of it before any other stream
     * uses the buffer ({@link ColumnVector#apartFromBuffer()}): a read of all rows no longer allocates
     * (and zeroes) an array for each text stream's bytes beside the strings built from them.
     */
    public ColumnVector[] columnsBuilt(int[] positions) {
        ColumnVector[] out = new ColumnVector[positions.length];
        for (int i = 0; i < positions.length; i++) {
            int p = positions[i];
            ColumnVector v = decoded[p] == null && !cacheable(p) && columns.get(p).type() == ColumnType.STRING
                    ? stringsFromThreadBuffer(p) : null;
            out[i] = v != null ? v : column(p).withoutStreamBytes();
        }
        return out;
    }

    /**
     * The string column at {@code position} decoded from the thread's buffer as {@link #columnsBuilt}
     * says, or {@code null} when its stream does not inflate on its own.
     */
    private ColumnVector stringsFromThreadBuffer(int position) {
        ByteReader stream = flushedStream(position);
        if (stream == null) {
            return null;
        }
        Column column = columns.get(position);
        ColumnVector v;
        try {
            v = StreamDecoder.decode(column, stream, rowCount, 0, rowCount).apartFromBuffer();
        } catch (JazminFormatException e) {
            throw inColumn(column, pieceOf[position], e);
        }
        decoded[position] = v;
        if (windows[position] == null) {
            decodedCount++;
        }
        return v;
    }

    /** Whether a decoded vector of {@code type} keeps nothing of its stream's bytes ({@link #decodeFlushed}). */
    private static boolean copiesOutOfStream(ColumnType type) {
        return switch (type) {
            case INT, DATETIME, FLOAT, BOOL -> true;
            // Plain strings keep the stream's bytes; the other object types are left as they were.
            case STRING, DECIMAL, BINARY, JSON, LIST, OBJECT -> false;
        };
    }

    /**
     * Ends a filter's use of the columns {@link #filterColumn} decoded into the thread's array: each
     * keeps rows {@code [from, to)} (those the filter found; none when equal), as a window copying
     * their values when they are less than half the chunk, the array going back to the thread; else
     * whole, the array then the vector's alone.
     */
    public void settleFilterColumns(int from, int to) {
        for (int p = 0; p < borrowed.length; p++) {
            if (!borrowed[p]) {
                continue;
            }
            borrowed[p] = false;
            ColumnVector whole = decoded[p];
            if (2 * (to - from) >= rowCount && to > from) {
                continue;
            }
            decoded[p] = null;
            if (to > from) {
                windows[p] = whole.windowOfLongs(from, to);
                windowEnds[p] = to;
            }
            FILTER_LONGS.set(whole.longs());
        }
    }

    private ColumnVector decode(int position, int from, int to) {
        return decode(position, from, to, null);
    }

    /** @param into the array a whole int or datetime column goes into, or {@code null} for a new one */
    private ColumnVector decode(int position, int from, int to, long[] into) {
        Column column = columns.get(position);
        ColumnVector v = from != 0 || to != rowCount ? decodeFromPrefix(position, column, from, to)
                : copiesOutOfStream(column.type()) ? decodeFlushed(position, into) : null;
        if (v == null) {
            v = decodeFromStream(position, column, from, to, into);
        }
        if (windows[position] == null) {
            decodedCount++;
        }
        return v;
    }

    /**
     * Rows {@code [from, to)} of a column whose stream inflates on its own (column flush points), from
     * only as many of its first bytes as the rows likely need (as far into it as row {@code to} is into
     * the chunk, and some more); {@code null} when that would be the whole stream or falls short (the
     * caller then decodes from the whole stream, which also reports damage).
     */
    private ColumnVector decodeFromPrefix(int position, Column column, int from, int to) {
        Piece piece = pieceOf[position];
        SectionPayload payload = piece.payload();
        if (arrays[position] != null || column.type().isNested() || payload.streamCount() != piece.members.length) {
            return null;
        }
        int k = memberIndex[position];
        if (!payload.holdsStream(k)) {
            try {
                ValuePoints points = piece.valuePoints();
                ColumnVector fromPoint = points == null || points.count(k) == 0 ? null
                        : PointWindows.decode(points, payload, k, column.type(), rowCount, from, to);
                if (fromPoint != null) {
                    return fromPoint;
                }
            } catch (JazminFormatException e) {
                throw inColumn(column, piece, e); // a point the file gives that does not hold: damage, named
            }
        }
        int raw = payload.streamLength(k);
        long guess = (long) raw * to / rowCount + raw / 16 + PREFIX_SLACK;
        if (guess >= raw) {
            return null;
        }
        try {
            byte[] bytes;
            int n;
            boolean reused = !payload.holdsStream(k);
            if (reused) {
                n = (int) guess;
                bytes = threadBuffer(n);
                payload.streamPrefix(k, n, bytes);
            } else {
                bytes = payload.streamPrefix(k, (int) guess);
                n = bytes.length;
            }
            ByteReader in = new ByteReader(bytes, 0, Math.min(n, MAX_LENGTH_BYTES));
            int length = in.varintInt();
            int start = in.position();
            if (n - start > length) {
                return null; // longer than its length says: damage the whole stream's decode reports
            }
            ColumnVector window = StreamDecoder.decodePrefix(column, new ByteReader(bytes, start, n - start), length,
                    rowCount, from, to);
            // Plain strings would point into the thread's buffer: their rows' values are built now.
            return reused ? window.withoutStreamBytes() : window;
        } catch (JazminFormatException e) {
            return null;
        }
    }

    /**
     * The thread's {@link #PREFIX_BUFFER} when it holds at least {@code size} bytes, else a new one, kept
     * for the thread's next use unless larger than {@link #MAX_KEPT_PREFIX}.
     */
    static byte[] threadBuffer(int size) {
        byte[] bytes = PREFIX_BUFFER.get();
        if (bytes == null || bytes.length < size) {
            bytes = new byte[size];
            if (size <= MAX_KEPT_PREFIX) {
                PREFIX_BUFFER.set(bytes);
            }
        }
        return bytes;
    }

    /** The stream of the column at {@code position} ({@link #locate}d already), inflated as far as it reaches. */
    private ByteReader stream(int position) {
        byte[] payload = arrays[position] != null ? arrays[position]
                : pieceOf[position].payload().upTo(starts[position] + lengths[position]);
        return new ByteReader(payload, starts[position], lengths[position]);
    }

    private ColumnVector decodeFromStream(int position, Column column, int from, int to, long[] into) {
        locate(position);
        Piece piece = pieceOf[position];
        ColumnVector v;
        try {
            ByteReader stream = stream(position);
            v = into != null ? StreamDecoder.decodeLongsInto(column.type(), stream, rowCount, into)
                    : StreamDecoder.decode(column, stream, rowCount, from, to);
        } catch (JazminFormatException e) {
            throw inColumn(column, piece, e);
        }
        return v;
    }

    /**
     * Adds the values of the int, float or decimal column at {@code position} in the rows set in
     * {@code rows} ({@code null}: every row) to {@code sum}. A float column not decoded yet (nor taken
     * from or kept in the shared cache) is summed from its stream ({@link StreamSum}), with the checks
     * its decode makes, and no vector is built.
     */
    public void sum(int position, long[] rows, ExactSum sum) {
        Column column = columns.get(position);
        if (decoded[position] != null || !StreamSum.reads(column.type()) || cacheable(position)) {
            StreamSum.add(column(position), rows, sum);
            return;
        }
        locate(position);
        Piece piece = pieceOf[position];
        try {
            StreamSum.add(stream(position), rowCount, rows, sum);
        } catch (JazminFormatException e) {
            throw inColumn(column, piece, e);
        }
        decodedCount++;
    }

    /** Damage found decoding {@code column}'s stream, named with the column and its part section. */
    private static JazminFormatException inColumn(Column column, Piece piece, JazminFormatException e) {
        return new JazminFormatException("column '" + column.name() + "': " + e.getMessage(), piece.sectionId,
                piece.offset, e);
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

    /**
     * Like {@link #columns(int[], int, int)}, with the window decodes split between the caller and one
     * worker of {@code fan}: a lookup inflates and decodes each column's stream from its flush point up
     * to its rows, independent work of very different sizes (a long text column is most of it). The
     * costliest prefix decodes, as far as the flush points tell their raw bytes, are handed to the
     * worker until it holds about half; the caller decodes the rest, then the worker's share itself if
     * no worker has started it. Only windows of streams inflating on their own are handed over; the
     * values are the same either way.
     */
    public ColumnVector[] columns(int[] positions, int from, int to, FanOut fan) {
        long[] cost = new long[positions.length];
        long total = 0;
        for (int i = 0; i < positions.length; i++) {
            cost[i] = prefixCost(positions[i], from, to);
            total += cost[i];
        }
        if (fan == FanOut.CALLER_ONLY || total < MIN_SHARED_PREFIX_BYTES) {
            return columns(positions, from, to);
        }
        // The costliest first, each to the worker while its share stays within half of the whole.
        Integer[] order = new Integer[positions.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compare(cost[b], cost[a]));
        boolean[] handed = new boolean[positions.length];
        long share = 0;
        for (int i : order) {
            if (cost[i] > 0 && (share == 0 || 2 * (share + cost[i]) <= total)) {
                handed[i] = true;
                share += cost[i];
            }
        }
        if (2 * share > total + total / 2 || share == total) {
            return columns(positions, from, to); // one column is nearly all of it: nothing to share
        }
        // The worker's task touches only its columns' streams (each inflates on its own) and keeps its
        // windows apart; the caller's task (the last, never queued) decodes the others as usual.
        ColumnVector[] windowsDecoded = new ColumnVector[positions.length];
        ColumnVector[] out = new ColumnVector[positions.length];
        fan.all(List.<java.util.concurrent.Callable<Object>>of(() -> {
            for (int i = 0; i < positions.length; i++) {
                if (handed[i]) {
                    int p = positions[i];
                    windowsDecoded[i] = decodeFromPrefix(p, columns.get(p), from, to);
                }
            }
            return null;
        }, () -> {
            for (int i = 0; i < positions.length; i++) {
                if (!handed[i]) {
                    out[i] = column(positions[i], from, to);
                }
            }
            return null;
        }));
        for (int i = 0; i < positions.length; i++) {
            if (handed[i]) {
                int p = positions[i];
                ColumnVector w = windowsDecoded[i];
                if (w == null) {
                    out[i] = column(p, from, to); // the prefix fell short: decoded from the whole stream here
                } else {
                    if (windows[p] == null) {
                        decodedCount++; // as decode counts a column's first window
                    }
                    windows[p] = w;
                    windowEnds[p] = to;
                    out[i] = w;
                }
            }
        }
        return out;
    }

    /** Raw bytes below which a lookup's prefix decodes are not worth handing to another thread. */
    private static final long MIN_SHARED_PREFIX_BYTES = 32 * 1024;

    /**
     * The raw bytes {@link #column(int, int, int)} would inflate for the column at {@code position} as
     * a window from its stream's flush point (its payload read now), or 0 when it would not decode it
     * that way (decoded or kept already, nested, a whole column, no flush points).
     */
    private long prefixCost(int position, int from, int to) {
        Column column = columns.get(position);
        if (decoded[position] != null || column.type().isNested() || (from == 0 && to == rowCount)
                || cacheable(position) || arrays[position] != null
                || (windows[position] != null && windows[position].window() <= from && windowEnds[position] >= to)) {
            return 0;
        }
        Piece piece = pieceOf[position];
        SectionPayload payload = piece.payload();
        int k = memberIndex[position];
        if (payload.streamCount() != piece.members.length || payload.holdsStream(k)) {
            return 0;
        }
        ValuePoints points;
        try {
            points = piece.valuePoints();
        } catch (JazminFormatException e) {
            points = null; // reported, with the column, when the window is decoded
        }
        return points != null && points.count(k) > 0 ? PointWindows.cost(points, payload, k)
                : (long) payload.streamLength(k) * to / Math.max(1, rowCount);
    }

    /** How many columns have been decoded so far (not counting those found in the shared cache). */
    public int decodedColumns() {
        return decodedCount;
    }
}
