package io.jazmin.cli;

import io.jazmin.schema.Column;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a sample of one column's values shows {@code advise}: distinct values (counted exactly up
 * to {@link #MAX_TRACKED}), the null share, the mean length of text and binary values, and in how
 * many chunks each value's rows lie.
 */
final class ColumnProfile {
    /** Distinct values tracked per column advised on: beyond it the column counts as "many". */
    static final int MAX_TRACKED = 10_000;
    /** Distinct values tracked per other column (only its cardinality matters, for the codec). */
    static final int MAX_TRACKED_OTHER = 1_000;

    private final Column column;
    private final int maxTracked;
    private final Map<Object, Set<Integer>> chunksByValue = new HashMap<>();
    private boolean capped;
    private long values;
    private long nulls;
    private long lengthSum;

    /** A profile tracking at most {@code maxTracked} distinct values: the heap stays bounded for wide tables. */
    ColumnProfile(Column column, int maxTracked) {
        this.column = column;
        this.maxTracked = maxTracked;
    }

    Column column() {
        return column;
    }

    /** Counts one value of a row in chunk {@code chunk}. */
    void add(Object value, int chunk) {
        values++;
        if (value == null) {
            nulls++;
            return;
        }
        if (value instanceof String s) {
            lengthSum += s.getBytes(StandardCharsets.UTF_8).length;
        } else if (value instanceof byte[] b) {
            lengthSum += b.length;
        }
        if (!column.type().isOrdered()) {
            return; // lists, objects, JSON and binary are neither indexed nor sorted by
        }
        Set<Integer> chunks = chunksByValue.get(value);
        if (chunks == null) {
            if (chunksByValue.size() == maxTracked) {
                capped = true;
                return;
            }
            chunks = new HashSet<>();
            chunksByValue.put(value, chunks);
        }
        chunks.add(chunk);
    }

    /** Distinct non-null values seen (at most the bound tracked; see {@link #capped()}). */
    int distinct() {
        return chunksByValue.size();
    }

    /** Whether more distinct values were seen than tracked. */
    boolean capped() {
        return capped;
    }

    /** The share of null values, 0 to 1. */
    double nullShare() {
        return values == 0 ? 0 : (double) nulls / values;
    }

    /** The mean UTF-8 length of text values (or bytes of binary values); 0 for other types. */
    double meanLength() {
        long present = values - nulls;
        return present == 0 ? 0 : (double) lengthSum / present;
    }

    /** Bytes of text and binary values seen. */
    long textBytes() {
        return lengthSum;
    }

    /** Non-null values seen. */
    long present() {
        return values - nulls;
    }

    /** Whether the values are strings. */
    boolean isText() {
        return column.type().isText();
    }

    /** In how many chunks the rows of one tracked value lie, on average (0 when none was seen). */
    double chunksPerValue() {
        if (chunksByValue.isEmpty()) {
            return 0;
        }
        long sum = 0;
        for (Set<Integer> chunks : chunksByValue.values()) {
            sum += chunks.size();
        }
        return (double) sum / chunksByValue.size();
    }
}
