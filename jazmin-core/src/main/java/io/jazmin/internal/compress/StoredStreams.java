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

    /**
     * Stream {@code k}'s stored bytes where they lie in a checked part held for now ({@link CopiedStreams#held}),
     * for one inflate that ends with {@link #unpin} (the part is not let go before); {@code null} when the
     * part is not held or the stream is copied ({@link #stored} then gives it).
     */
    default Slice pin(int k) {
        return null;
    }

    /** Ends an inflate from a slice {@link #pin} gave. */
    default void unpin() {
    }

    /**
     * Lets go of a checked part held for now, first copying the streams the query reads when
     * {@code keepWanted}; a stream asked for later is read again (and checked). Nothing for other streams.
     */
    default void letGo(boolean keepWanted) {
    }

    /** Fetches the {@code wanted} streams (indexes) not fetched yet, together where they lie close. */
    void fetch(java.util.BitSet wanted);

    /** {@code length} stored bytes at {@code offset} of {@code bytes}. */
    record Slice(byte[] bytes, int offset, int length) {
    }
}
