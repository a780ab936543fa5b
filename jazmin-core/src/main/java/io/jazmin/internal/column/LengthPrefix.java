package io.jazmin.internal.column;

/**
 * The varint length before each value of a chunk's encoded strings, read in the hot loops over them
 * (the writer's own bytes, so never malformed): where the value's bytes start and how many there are.
 */
final class LengthPrefix {
    private LengthPrefix() {
    }

    /** The value at {@code at}: its length in the high 32 bits, where its bytes start in the low 32. */
    static long read(byte[] bytes, int at) {
        int length = 0;
        int shift = 0;
        int b;
        do {
            b = bytes[at++];
            length |= (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return (long) length << 32 | at;
    }

    static int length(long read) {
        return (int) (read >>> 32);
    }

    static int start(long read) {
        return (int) read;
    }
}
