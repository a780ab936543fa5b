package io.jazmin.internal.index;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Comparator;

/**
 * A decoded trigram index payload: the grams (ascending) and where each gram's postings start.
 * Postings are only decoded, and their ids checked, when a lookup needs them: indexes of repetitive
 * text hold millions of row ids.
 */
final class GramTable {
    private static final int MIN_GRAM_BYTES = 7; // 3 code units and a postings count

    private final byte[] payload;
    private final long[] grams;
    private final int[] offsets;
    private final long rowLimit;

    private GramTable(byte[] payload, long[] grams, int[] offsets, long rowLimit) {
        this.payload = payload;
        this.grams = grams;
        this.offsets = offsets;
        this.rowLimit = rowLimit;
    }

    /**
     * Decodes a trigram index payload.
     *
     * @throws UnsupportedFeatureException when the encoding byte is not 0
     * @throws JazminFormatException       when the payload is damaged or the grams are not ascending
     */
    static GramTable decode(byte[] payload, long rowLimit) {
        ByteReader in = new ByteReader(payload);
        int encoding = in.u8();
        if (encoding != Postings.ENCODING) {
            throw new UnsupportedFeatureException("index-encoding-" + encoding,
                    "trigram index uses unknown encoding " + encoding);
        }
        int count = in.count(MIN_GRAM_BYTES);
        long[] grams = new long[count];
        int[] offsets = new int[count];
        for (int i = 0; i < count; i++) {
            grams[i] = Trigrams.gram((char) in.u16(), (char) in.u16(), (char) in.u16());
            if (i > 0 && grams[i] <= grams[i - 1]) {
                throw new JazminFormatException("trigram index grams are not strictly ascending");
            }
            offsets[i] = in.position();
            Postings.skip(in);
        }
        in.expectEnd("trigram index");
        return new GramTable(payload, grams, offsets, rowLimit);
    }

    /**
     * Rows that have every gram of {@code queryGrams}: the intersection of their postings, rarest
     * gram first so the candidates shrink fastest.
     */
    RowIdSet rowsWithAll(long[] queryGrams) {
        Integer[] found = new Integer[queryGrams.length];
        for (int i = 0; i < queryGrams.length; i++) {
            int at = Arrays.binarySearch(grams, queryGrams[i]);
            if (at < 0) {
                return RowIdSet.empty();
            }
            found[i] = offsets[at];
        }
        return intersect(found);
    }

    /** The postings count of the rarest of {@code queryGrams} (0 when one is absent): no row set of {@link #rowsWithAll} is larger. */
    long fewestWithAll(long[] queryGrams) {
        long fewest = Long.MAX_VALUE;
        for (long g : queryGrams) {
            fewest = Math.min(fewest, countOf(g));
        }
        return fewest == Long.MAX_VALUE ? 0 : fewest;
    }

    /** The smallest, over entries, of an entry's grams' postings counts added up: a bound on {@link #rowsWithOneOfEach}. */
    long fewestWithOneOfEach(long[][] alternatives) {
        long fewest = Long.MAX_VALUE;
        for (long[] variants : alternatives) {
            long any = 0;
            for (long g : variants) {
                any += countOf(g);
            }
            fewest = Math.min(fewest, any);
        }
        return fewest == Long.MAX_VALUE ? 0 : fewest;
    }

    private long countOf(long gram) {
        int at = Arrays.binarySearch(grams, gram);
        return at < 0 ? 0 : countAt(offsets[at]);
    }

    /**
     * Rows that have, for every entry of {@code alternatives}, at least one of its grams: the
     * intersection over entries of the union of each entry's postings.
     */
    RowIdSet rowsWithOneOfEach(long[][] alternatives) {
        RowIdSet result = null;
        for (long[] variants : alternatives) {
            List<RowIdSet> any = new ArrayList<>();
            for (long g : variants) {
                int at = Arrays.binarySearch(grams, g);
                if (at >= 0) {
                    any.add(RowIdSet.ofSorted(Postings.read(reader(offsets[at]), rowLimit)));
                }
            }
            RowIdSet ids = RowIdSet.unionAll(any);
            result = result == null ? ids : result.intersect(ids);
            if (result.isEmpty()) {
                break;
            }
        }
        return result == null ? RowIdSet.empty() : result;
    }

    // The rarest gram's ids, narrowed in place by each other gram's list as it is read.
    private RowIdSet intersect(Integer[] found) {
        if (found.length == 0) {
            return RowIdSet.empty();
        }
        Arrays.sort(found, Comparator.comparingLong(this::countAt));
        long[] ids = Postings.read(reader(found[0]), rowLimit);
        int n = ids.length;
        for (int i = 1; i < found.length && n > 0; i++) {
            n = Postings.retainAll(reader(found[i]), rowLimit, ids, n);
        }
        return RowIdSet.ofSorted(n == ids.length ? ids : Arrays.copyOf(ids, n));
    }

    private long countAt(int offset) {
        return reader(offset).varint();
    }

    private ByteReader reader(int offset) {
        return new ByteReader(payload, offset, payload.length - offset);
    }
}
