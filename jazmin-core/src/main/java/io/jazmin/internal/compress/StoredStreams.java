package io.jazmin.internal.compress;

/**
 * The stored bytes of a Deflate part's column streams, between their flush points, fetched only as
 * they are needed: from a remote source reading only the columns a query uses, where nothing covers
 * them all as the section's CRC-32 does (each stream is checked only by inflating to exactly the raw
 * length its flush points give and ending where they say), or copied out of the part checked whole
 * ({@link CopiedStreams}).
 */
public interface StoredStreams {
    /** Where stream {@code k}'s stored bytes are, fetched now unless they were already. */
    Slice stored(int k);

    /**
     * The part's raw length, from its envelope, read and checked now unless it was already: only
     * its last stream's length needs it (the others' lie between flush points).
     */
    int rawLength();

    /** Fetches the {@code wanted} streams (indexes) not fetched yet, together where they lie close. */
    void fetch(java.util.BitSet wanted);

    /** {@code length} stored bytes at {@code offset} of {@code bytes}. */
    record Slice(byte[] bytes, int offset, int length) {
    }
}
