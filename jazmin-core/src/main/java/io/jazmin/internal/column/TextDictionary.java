package io.jazmin.internal.column;

/**
 * The entries of a dictionary-encoded stream being written: an open-addressing table from value
 * ({@code equals}/{@code hashCode}, as a {@code HashMap} would compare them) to entry id, in order
 * of first appearance. Strings that come with their encoded bytes are looked up by those bytes
 * instead ({@link #idOfEncoded}): equal strings have equal UTF-8, so the ids are the same. One table serves chunk after chunk: it is sized to a chunk's values and only
 * the slots a chunk used are cleared, so encoding allocates nothing per value.
 */
final class TextDictionary {
    private static final int MIN_BITS = 2;

    /** Per slot, the entry id + 1, or 0 when free. */
    private int[] slots = new int[1 << MIN_BITS];
    private int shift = 32 - MIN_BITS;
    /** Per entry id, its value, its slot and its hash (compared before the values). */
    private Object[] entries = new Object[0];
    private int[] entrySlots = new int[0];
    private int[] entryHashes = new int[0];
    /** Per entry id looked up by its bytes, where its length-prefixed bytes start and end. */
    private int[] entryStarts = new int[0];
    private int[] entryEnds = new int[0];
    private int size;

    /** Empties the table, dropping its values, and makes room for up to {@code maxEntries} entries at a load of at most one half. */
    void reset(int maxEntries) {
        clear();
        int bits = Math.max(MIN_BITS, 33 - Integer.numberOfLeadingZeros(Math.max(1, maxEntries) - 1));
        if (bits > 32 - shift) {
            slots = new int[1 << bits];
            shift = 32 - bits;
        }
        if (entries.length < maxEntries) {
            entries = new Object[maxEntries];
            entrySlots = new int[maxEntries];
            entryHashes = new int[maxEntries];
            entryStarts = new int[maxEntries];
            entryEnds = new int[maxEntries];
        }
    }

    /** The id of {@code value}, a new one (the next) if it was not in the table; at most {@code maxEntries} are added. */
    int idOf(Object value) {
        int mask = slots.length - 1;
        int hash = value.hashCode();
        int slot = (hash * 0x9E3779B9) >>> shift;
        for (int id; (id = slots[slot]) != 0; slot = (slot + 1) & mask) {
            if (entryHashes[id - 1] == hash && entries[id - 1].equals(value)) {
                return id - 1;
            }
        }
        int id = add(slot, hash);
        entries[id] = value;
        return id;
    }

    /**
     * The id of the length-prefixed UTF-8 value at {@code at} of {@code bytes}, a new one if no
     * value with the same bytes was added; every value of a chunk is looked up in the same array.
     */
    int idOfEncoded(byte[] bytes, int at) {
        long value = LengthPrefix.read(bytes, at);
        int end = LengthPrefix.start(value) + LengthPrefix.length(value);
        int length = end - at; // the prefix included: equal lengths have equal prefixes
        int hash = ShortRanges.hash(bytes, at, length);
        int mask = slots.length - 1;
        int slot = (hash * 0x9E3779B9) >>> this.shift;
        for (int id; (id = slots[slot]) != 0; slot = (slot + 1) & mask) {
            int e = id - 1;
            if (entryHashes[e] == hash && entryEnds[e] - entryStarts[e] == length
                    && ShortRanges.mismatch(bytes, at, entryStarts[e], length) < 0) {
                return e;
            }
        }
        int id = add(slot, hash);
        entryStarts[id] = at;
        entryEnds[id] = end;
        return id;
    }

    /** A new entry in the free {@code slot}: its id. */
    private int add(int slot, int hash) {
        int id = size++;
        slots[slot] = id + 1;
        entrySlots[id] = slot;
        entryHashes[id] = hash;
        return id;
    }

    /** Empties the table, so that it holds on to none of the chunk's values. */
    void clear() {
        for (int e = 0; e < size; e++) {
            slots[entrySlots[e]] = 0;
            entries[e] = null;
        }
        size = 0;
    }

    /** Entries added since the last {@link #reset(int)}. */
    int size() {
        return size;
    }

    /** The value of entry {@code id}. */
    Object entry(int id) {
        return entries[id];
    }
}
