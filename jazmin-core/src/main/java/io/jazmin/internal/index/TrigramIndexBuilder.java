package io.jazmin.internal.index;

import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.wire.ByteWriter;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds the trigram index of a string column (spec §1.16), used to narrow {@code contains} and
 * {@code icontains} searches. Rows must be added in ascending row-id order. Produces the same bytes
 * as the reference writer.
 */
public final class TrigramIndexBuilder {
    /**
     * Distinct values whose grams' postings are remembered: text columns repeat (names, cities,
     * titles), and a value looked up costs one hash of it where splitting it costs a table probe
     * per gram. Where values do not repeat the memory is dropped after as many misses again.
     */
    static final int REMEMBERED_VALUES = 1024;
    /** Longer values are never remembered (they seldom repeat, and would each hold an array of their grams). */
    static final int REMEMBERED_LENGTH = 256;

    private final GramPostings grams = new GramPostings();
    private Map<String, PostingsBuffer[]> remembered = new HashMap<>();
    private int hits;
    private int missesWhileFull;
    private long lastRowId = -1;

    /**
     * Adds the cell of row {@code rowId}; {@code null} and text under 3 code units add no gram.
     *
     * @throws IllegalArgumentException when {@code rowId} is not above the previous one
     */
    public void add(long rowId, String value) {
        if (rowId <= lastRowId) {
            throw new IllegalArgumentException("row ids must ascend: " + rowId + " after " + lastRowId);
        }
        lastRowId = rowId;
        if (value == null || value.length() < 3) {
            return;
        }
        if (remembered != null && value.length() <= REMEMBERED_LENGTH) {
            PostingsBuffer[] postings = rememberedPostings(value);
            if (postings != null) {
                for (PostingsBuffer p : postings) {
                    p.add(rowId);
                }
                return;
            }
        }
        char a = Trigrams.fold(value.charAt(0));
        char b = Trigrams.fold(value.charAt(1));
        for (int i = 2; i < value.length(); i++) {
            char c = Trigrams.fold(value.charAt(i));
            // A gram repeated within one value is listed once: the row is already its last id.
            grams.postings(Trigrams.gram(a, b, c)).addDistinct(rowId);
            a = b;
            b = c;
        }
    }

    /** The postings of each distinct gram of {@code value} when remembered (or now remembered), else {@code null}. */
    private PostingsBuffer[] rememberedPostings(String value) {
        PostingsBuffer[] postings = remembered.get(value);
        if (postings != null) {
            hits++;
            return postings;
        }
        if (remembered.size() < REMEMBERED_VALUES) {
            long[] distinct = Trigrams.of(value);
            postings = new PostingsBuffer[distinct.length];
            for (int k = 0; k < distinct.length; k++) {
                postings[k] = grams.postings(distinct[k]);
            }
            remembered.put(value, postings);
            return postings;
        }
        if (++missesWhileFull > REMEMBERED_VALUES && missesWhileFull > hits) {
            remembered = null;
        }
        return null;
    }

    /** The index section payload: encoding byte 0, gram count, then each gram (3 × u16) with its postings. */
    public byte[] encode() {
        long[] sorted = grams.sortedGrams();
        PostingsBuffer[] postings = new PostingsBuffer[sorted.length];
        // Sized exactly: the postings of a long column run to megabytes, which growing would copy again and again.
        long size = 1 + ByteWriter.varintSize(sorted.length);
        for (int g = 0; g < sorted.length; g++) {
            postings[g] = grams.get(sorted[g]);
            size += 6 + ByteWriter.varintSize(postings[g].count()) + postings[g].byteLength();
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new JazminValidationException("the trigram index of this column would exceed 2 GiB; split the table");
        }
        ByteWriter out = new ByteWriter((int) size);
        out.u8(Postings.ENCODING).varint(sorted.length);
        for (int g = 0; g < sorted.length; g++) {
            long gram = sorted[g];
            out.u16((int) (gram >>> 32)).u16((int) (gram >>> 16) & 0xFFFF).u16((int) gram & 0xFFFF);
            out.varint(postings[g].count());
            postings[g].writeTo(out);
        }
        return out.toFinalByteArray();
    }
}
