package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.wire.ByteWriter;
import java.util.Arrays;

/**
 * Encodes the entries of sorted-index pages one page at a time (spec §1.16), in encoding 0 or in
 * the compact encoding 1. Tracks the size the page body would have in encoding 0 either way, since
 * compact pages are cut where encoding-0 pages would be.
 */
final class PageWriter {
    static final int COMPACT_ENCODING = 1;

    private final ColumnType type;
    private final boolean compact;
    private final ByteWriter body = new ByteWriter(1024);
    private Object firstKey;
    private int count;
    private long plainSize;
    // Encoding 1 state, reset per page so each page decodes on its own.
    private long previousFirstRow;
    private long previousLong;
    private byte[] previousUtf8 = new byte[0];

    PageWriter(ColumnType type, boolean compact) {
        this.type = type;
        this.compact = compact;
    }

    /** Whether pages are written in the compact encoding 1. */
    boolean compact() {
        return compact;
    }

    /** Number of entries on the current page. */
    int count() {
        return count;
    }

    /** Bytes the current page's entries would take in encoding 0. */
    long plainSize() {
        return plainSize;
    }

    /**
     * Adds an entry.
     *
     * @param firstRow its smallest row id
     * @param more     its other row ids as differences from {@code firstRow} onwards, or {@code null}
     */
    void add(Object key, long firstRow, PostingsBuffer more) {
        if (count == 0) {
            firstKey = key;
        }
        int start = body.size();
        int plainKeySize = compact ? writeCompactKey(key) : writePlainKey(key);
        addRows(start, plainKeySize, firstRow, more);
    }

    /**
     * Adds an entry of an int or datetime index (datetime as epoch ms) without boxing its key: only
     * a page's first key is kept as an object.
     */
    void add(long key, long firstRow, PostingsBuffer more) {
        if (count == 0) {
            firstKey = key;
        }
        int start = body.size();
        int plainKeySize = compact ? writeCompactLong(key) : body.zigzag(key).size() - start;
        addRows(start, plainKeySize, firstRow, more);
    }

    /** The rest of an entry whose key, taking {@code plainKeySize} bytes in encoding 0, starts at {@code start}. */
    private void addRows(int start, int plainKeySize, long firstRow, PostingsBuffer more) {
        int moreCount = more == null ? 0 : more.count();
        body.varint(1L + moreCount);
        if (compact) {
            body.zigzag(firstRow - previousFirstRow);
            previousFirstRow = firstRow;
        } else {
            body.varint(firstRow);
        }
        if (more != null) {
            more.writeTo(body);
        }
        count++;
        plainSize += compact
                ? plainKeySize + ByteWriter.varintSize(1L + moreCount) + ByteWriter.varintSize(firstRow)
                        + (more == null ? 0 : more.byteLength())
                : body.size() - start;
    }

    private int writePlainKey(Object key) {
        int start = body.size();
        IndexKeys.write(body, type, key);
        return body.size() - start;
    }

    // Returns the size the key takes in encoding 0.
    private int writeCompactKey(Object key) {
        return switch (type) {
            case INT, DATETIME -> writeCompactLong((Long) key);
            case STRING -> {
                byte[] utf8 = IndexKeys.utf8((String) key);
                int shared = count == 0 ? 0 : sharedPrefix(previousUtf8, utf8);
                body.varint(shared).varint(utf8.length - shared).bytes(utf8, shared, utf8.length - shared);
                previousUtf8 = utf8;
                yield ByteWriter.varintSize(utf8.length) + utf8.length;
            }
            // no compact form: as in encoding 0 (which refuses the unordered types)
            case BOOL, FLOAT, DECIMAL, BINARY, JSON, LIST, OBJECT -> writePlainKey(key);
        };
    }

    private int writeCompactLong(long v) {
        if (count == 0) {
            body.zigzag(v);
        } else {
            body.varint(v - previousLong); // ascending keys: the unsigned difference fits 64 bits
        }
        previousLong = v;
        return ByteWriter.zigzagSize(v);
    }

    private static int sharedPrefix(byte[] a, byte[] b) {
        int mismatch = Arrays.mismatch(a, b);
        return mismatch < 0 ? a.length : mismatch;
    }

    /** Ends the current page and returns it; the next entry starts a new page. */
    IndexPage finish() {
        ByteWriter raw = new ByteWriter(body.size() + 11);
        raw.u8(compact ? COMPACT_ENCODING : Postings.ENCODING).varint(count).bytes(body.array(), 0, body.size());
        IndexPage page = new IndexPage(IndexKeys.firstKeyBytes(type, firstKey), count, raw.toByteArray());
        body.reset();
        count = 0;
        plainSize = 0;
        previousFirstRow = 0;
        return page;
    }
}
