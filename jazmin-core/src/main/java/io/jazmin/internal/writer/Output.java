package io.jazmin.internal.writer;

/** Where a writer puts sections: a new file, or the end of a file being appended to. */
interface Output {
    /** Offset in the file of the next byte written. */
    long offset();

    /** Appends bytes and returns the offset they start at. */
    long write(byte[] bytes);

    /**
     * Drops every byte written from {@code mark} (an earlier {@link #offset()}) on: the blocks of
     * an embedded content found to be stored already.
     */
    void rewind(long mark);
}
