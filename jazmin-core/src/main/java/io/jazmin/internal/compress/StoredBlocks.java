package io.jazmin.internal.compress;

/**
 * The stored payload of a section, fetched block by block as an inflater asks for it instead of
 * held in memory whole: the maker has already checked every block (CRC-32 over the whole payload)
 * and checks each block again as it is fetched, so a lazily inflated payload reads only the bytes
 * it inflates, twice at most.
 */
public interface StoredBlocks {
    /** The stored payload's length. */
    int length();

    /** The length of every block but the last, which may be shorter. */
    int blockSize();

    /**
     * Fetches block {@code k} into the start of {@code into} (at least {@link #blockSize()} long)
     * and returns its length; blocks are fetched in order from 1 (0 is the caller's already), each
     * once. A block whose bytes differ from those checked is a format error.
     */
    int fetch(int k, byte[] into);
}
