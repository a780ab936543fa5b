package io.jazmin.internal.index;

/**
 * One page of a sorted index as the writer stores it. Arrays are shared: do not modify.
 *
 * @param firstKey   key-form bytes of the page's first key, as listed in the {@code IndexDirectory}
 *                   (strings without length prefix)
 * @param entryCount number of distinct keys on the page
 * @param payload    the raw section payload: encoding byte, varint entry count, entries
 */
public record IndexPage(byte[] firstKey, int entryCount, byte[] payload) {

    /** The page's encoding byte: 0, or 1 for compact pages (reader feature {@code index-deltas}). */
    public int encoding() {
        return payload[0];
    }
}
