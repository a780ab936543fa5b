package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.wire.ByteReader;
import java.util.Arrays;
import java.util.Comparator;

/**
 * One decoded page of a sorted index: keys strictly ascending, each with its posting list. Decoding
 * checks the encoding byte, key order, each entry's count (and an encoding-1 entry's first row id) and
 * that no byte is left over, stepping over the posting lists ({@link Postings#skip}, as a trigram
 * table does): a list is decoded into ids, and its order and range checked, only when a lookup first
 * asks for its entry, so every id a lookup returns is checked and none other is decoded. An equality
 * lookup on a page of a few common keys then reads one key's rows, not all of them (issue 33: the
 * country index's page of three keys, 25,000 rows each).
 */
final class SortedPage {
    private final Object[] keys;
    /** The page payload: the posting lists are read from it when asked for. */
    private final byte[] payload;
    /** Per entry, where its posting list starts and ends in {@link #payload}. */
    private final int[] postingsAt;
    private final int[] postingsEnd;
    /** Per entry of an encoding-1 page, its first row id (the base of the next entry's); else {@code null}. */
    private final long[] firstIds;
    private final long rowLimit;
    /** Per entry, its posting list once decoded. */
    private final long[][] postings;
    private final Comparator<Object> order;

    private SortedPage(Object[] keys, byte[] payload, int[] postingsAt, int[] postingsEnd, long[] firstIds,
                       long rowLimit, Comparator<Object> order) {
        this.keys = keys;
        this.payload = payload;
        this.postingsAt = postingsAt;
        this.postingsEnd = postingsEnd;
        this.firstIds = firstIds;
        this.rowLimit = rowLimit;
        this.postings = new long[keys.length][];
        this.order = order;
    }

    /**
     * Decodes a page payload, its posting lists located but not yet decoded nor checked (see the class comment).
     *
     * @param indexDeltas whether the file lists reader feature {@code index-deltas} (allowing encoding 1)
     * @param rowLimit    the table's row count; every row id must lie below it
     */
    static SortedPage decode(byte[] payload, ColumnType type, boolean indexDeltas, long rowLimit) {
        ByteReader in = new ByteReader(payload);
        int encoding = in.u8();
        boolean compact = encoding == PageWriter.COMPACT_ENCODING;
        if (compact && !indexDeltas) {
            throw new UnsupportedFeatureException(ReaderFeatures.INDEX_DELTAS,
                    "index page uses encoding 1, but the file does not list reader feature index-deltas");
        }
        if (!compact && encoding != Postings.ENCODING) {
            throw new UnsupportedFeatureException("index-encoding-" + encoding,
                    "index page uses unknown encoding " + encoding);
        }
        Comparator<Object> order = KeyForms.comparator(type);
        int count = in.count(2); // an entry takes at least a key byte and a count byte
        Object[] keys = new Object[count];
        int[] postingsAt = new int[count];
        int[] postingsEnd = new int[count];
        long[] firstIds = compact ? new long[count] : null;
        CompactKeyReader compactKeys = compact ? new CompactKeyReader(type) : null;
        long previousFirst = 0;
        for (int i = 0; i < count; i++) {
            keys[i] = compact ? compactKeys.read(in) : IndexKeys.read(in, type);
            if (i > 0 && order.compare(keys[i - 1], keys[i]) >= 0) {
                throw new JazminFormatException("index page keys are not strictly ascending");
            }
            postingsAt[i] = in.position();
            if (compact) {
                firstIds[i] = Postings.skipCompact(in, previousFirst, rowLimit);
                previousFirst = firstIds[i];
            } else {
                Postings.skip(in);
            }
            postingsEnd[i] = in.position();
        }
        in.expectEnd("index page");
        return new SortedPage(keys, payload, postingsAt, postingsEnd, firstIds, rowLimit, order);
    }

    /** The posting list of entry {@code i}, decoded and checked on first use, ending where decoding stepped over it. */
    private long[] postings(int i) {
        long[] ids = postings[i];
        if (ids == null) {
            ByteReader in = new ByteReader(payload, postingsAt[i], postingsEnd[i] - postingsAt[i]);
            ids = firstIds == null ? Postings.read(in, rowLimit)
                    : Postings.readCompact(in, i == 0 ? 0 : firstIds[i - 1], rowLimit);
            in.expectEnd("index page entry");
            postings[i] = ids;
        }
        return ids;
    }

    int size() {
        return keys.length;
    }

    Object key(int i) {
        return keys[i];
    }

    /** Rows whose key equals {@code key}. */
    RowIdSet eq(Object key) {
        int i = lowerBound(key, false);
        return i < keys.length && order.compare(keys[i], key) == 0 ? RowIdSet.ofSorted(postings(i)) : RowIdSet.empty();
    }

    /** Rows whose key lies between the bounds ({@code null}: open side). */
    RowIdSet between(Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) {
        int from = lower == null ? 0 : lowerBound(lower, !lowerInclusive);
        int to = upper == null ? keys.length : lowerBound(upper, upperInclusive);
        return union(from, to);
    }

    /** Rows whose string key starts with {@code prefix}: a run of keys from the prefix's position. */
    RowIdSet prefix(String prefix) {
        int from = lowerBound(prefix, false);
        int to = from;
        while (to < keys.length && ((String) keys[to]).startsWith(prefix)) {
            to++;
        }
        return union(from, to);
    }

    /** The first position whose key is at least {@code key} (above it when {@code strict}). */
    private int lowerBound(Object key, boolean strict) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = order.compare(keys[mid], key);
            if (c < 0 || (strict && c == 0)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private RowIdSet union(int from, int to) {
        if (to <= from) {
            return RowIdSet.empty();
        }
        if (to - from == 1) {
            return RowIdSet.ofSorted(postings(from));
        }
        int total = 0;
        for (int i = from; i < to; i++) {
            total += postings(i).length;
        }
        long[] all = new long[total];
        int n = 0;
        for (int i = from; i < to; i++) {
            System.arraycopy(postings[i], 0, all, n, postings[i].length);
            n += postings[i].length;
        }
        return RowIdSet.sortedDistinct(all, n);
    }

    /**
     * Keys of an encoding-1 page, read in order: int and datetime keys as differences from the
     * previous key, strings as the bytes shared with the previous key plus the rest; other types as
     * in encoding 0.
     */
    private static final class CompactKeyReader {
        private final ColumnType type;
        private boolean first = true;
        private long previousLong;
        private byte[] utf8 = new byte[64];
        private int utf8Length;

        CompactKeyReader(ColumnType type) {
            this.type = type;
        }

        Object read(ByteReader in) {
            Object key = switch (type) {
                case INT, DATETIME -> readLong(in);
                case STRING -> readString(in);
                case BOOL, FLOAT, DECIMAL, BINARY, JSON, LIST, OBJECT -> IndexKeys.read(in, type);
            };
            first = false;
            return key;
        }

        private Long readLong(ByteReader in) {
            if (first) {
                previousLong = in.zigzag();
                return previousLong;
            }
            long step = in.varint(); // unsigned: up to 2^64 - 1
            if (step == 0 || Long.compareUnsigned(step, Long.MAX_VALUE - previousLong) > 0) {
                throw new JazminFormatException("index page key difference is zero or beyond the int64 range");
            }
            previousLong += step;
            return previousLong;
        }

        private String readString(ByteReader in) {
            int shared = in.varintInt();
            int rest = in.length();
            if (shared > utf8Length) {
                throw new JazminFormatException("index page key shares " + shared + " bytes with a key of "
                        + utf8Length);
            }
            int length = shared + rest;
            if (length > utf8.length) {
                utf8 = Arrays.copyOf(utf8, Math.max(length, utf8.length * 2));
            }
            System.arraycopy(in.array(), in.position(), utf8, shared, rest);
            in.skip(rest);
            utf8Length = length;
            return ByteReader.decodeUtf8(utf8, 0, length);
        }
    }
}
