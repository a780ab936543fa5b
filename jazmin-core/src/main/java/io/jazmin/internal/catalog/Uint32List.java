package io.jazmin.internal.catalog;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteSpan;
import java.util.Arrays;
import java.util.Objects;

/**
 * A repeated {@code uint32} field of a decoded message whose values must each fit an {@code int}:
 * either the values, decoded, or the field's one packed run kept undecoded as a view of the message's
 * bytes, whose values are decoded and checked only when a range of them is read ({@link #range}).
 * A chunk directory's flush points (fields 16 and 17) are such lists: one value per column per chunk,
 * three quarters of the numbers a directory lists, of which a lookup reads one chunk's (issue 33). The
 * list is never changed; a view keeps the whole message's array alive as long as it.
 */
public final class Uint32List {
    /** The empty list. */
    public static final Uint32List EMPTY = new Uint32List(Values.NO_INTS, null, 0, "");

    /** The values, or {@code null} when {@link #run} holds them undecoded. */
    private final int[] values;
    private final ByteSpan run;
    private final int size;
    /** The field, named when a value of the run is damaged ({@code "catalog message ChunkDirectory: field 16"}). */
    private final String field;

    private Uint32List(int[] values, ByteSpan run, int size, String field) {
        this.values = values;
        this.run = run;
        this.size = size;
        this.field = field;
    }

    /** The list of {@code values} (taken over, not copied; {@code null}: empty). */
    public static Uint32List of(int[] values) {
        return values == null || values.length == 0 ? EMPTY : new Uint32List(values, null, values.length, "");
    }

    /** How many values the list holds. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * Values {@code [from, from + count)}, a fresh array. A packed run's are decoded now, skipping the
     * ones before them undecoded, and checked: each a varint of at most ten bytes that fits an int.
     *
     * @throws JazminFormatException     naming the field when one of them is damaged
     * @throws IndexOutOfBoundsException when the range is not inside the list
     */
    public int[] range(int from, int count) {
        Objects.checkFromIndexSize(from, count, size);
        if (values != null) {
            return Arrays.copyOfRange(values, from, from + count);
        }
        ByteReader in = run.reader();
        in.skipVarints(from);
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = checked(in.varint(), field);
        }
        return out;
    }

    /** Every value: the list's own array when decoded (shared: never modify it), else a decoded copy. */
    public int[] toArray() {
        return values != null ? values : range(0, size);
    }

    /**
     * Bytes of heap the decoded values take; 0 for a view, whose array its holder counts
     * ({@link #viewedArrayBytes}).
     */
    public long heapBytes() {
        return values == null ? 0 : 4L * values.length;
    }

    /** Bytes of the whole array a view keeps alive (the message's), else 0. */
    public long viewedArrayBytes() {
        return run == null ? 0 : run.bytes().length;
    }

    private static int checked(long v, String field) {
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new JazminFormatException(field + ": value " + Long.toUnsignedString(v) + " out of range");
        }
        return (int) v;
    }

    /**
     * Collects a field's occurrences while its message is decoded: the first packed run is kept as a
     * view (nothing decoded), and a list of other forms (unpacked values, several runs: no writer of
     * this library makes them) is decoded whole, every value checked, as other repeated fields are.
     */
    public static final class Builder {
        private final String field;
        private ByteSpan run;
        /** The values once the field is not one packed run, else {@code null}. */
        private NumberList decoded;

        /** @param field the field, named in errors ({@code "catalog message ChunkDirectory: field 16"}) */
        public Builder(String field) {
            this.field = field;
        }

        /** Adds an unpacked value (already checked to fit an int). */
        void add(int value) {
            decodeRun();
            decoded.add(value);
        }

        /** Adds a packed run, a view of the message's bytes. */
        void addRun(ByteSpan packed) {
            if (run == null && decoded == null) {
                run = packed;
                return;
            }
            decodeRun();
            decodeInto(packed);
        }

        /** Makes the list decoded, decoding the run kept so far, if any. */
        private void decodeRun() {
            if (decoded == null) {
                decoded = NumberList.ofInts();
                if (run != null) {
                    decodeInto(run);
                    run = null;
                }
            }
        }

        private void decodeInto(ByteSpan packed) {
            ByteReader in = packed.reader();
            while (in.hasRemaining()) {
                decoded.add(checked(in.varint(), field));
            }
        }

        /** The list. */
        public Uint32List build() {
            if (decoded != null) {
                return of(decoded.toIntArray());
            }
            if (run == null || run.isEmpty()) {
                return EMPTY;
            }
            ByteReader in = run.reader();
            return new Uint32List(null, run, in.varintsLeft(), field);
        }
    }
}
