package io.jazmin.internal.column;

import io.jazmin.error.JazminValidationException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Collects string values as UTF-8 bytes in one growing buffer (what {@code data.Utf8Column} holds): the stored bytes of
 * plain-encoded strings are copied as they are, without a {@code String} for each
 * ({@link ColumnVector#appendUtf8}); values a vector holds as strings (dictionaries) are encoded once
 * per distinct instance of a chunk.
 */
public final class Utf8Buffer {
    /** The most bytes one array holds on common JVMs. */
    private static final int MAX_BYTES = Integer.MAX_VALUE - 16;
    private byte[] bytes;
    private int length;
    private int[] offsets;
    private int rows;
    /** The bytes of the string instances of the vector being added (a dictionary repeats them), or {@code null}. */
    private Map<Object, byte[]> encoded;
    private ColumnVector encodedFor;

    /** @param expectedRows the rows likely added (a start, not a bound) */
    public Utf8Buffer(int expectedRows) {
        offsets = new int[Math.max(16, expectedRows) + 1];
        bytes = new byte[(int) Math.min(1 << 20, Math.max(64, expectedRows * 8L))]; // grows as values arrive
    }

    /** Adds a value stored as {@code count} bytes of {@code from} at {@code at}, valid UTF-8. */
    void add(byte[] from, int at, int count) {
        if (bytes.length - length < count) {
            long needed = (long) length + count;
            if (needed > MAX_BYTES) {
                throw new JazminValidationException("the string values selected exceed 2 GiB: select fewer rows at a time");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BYTES, Math.max((long) bytes.length * 2, needed)));
        }
        System.arraycopy(from, at, bytes, length, count);
        length += count;
        endRow();
    }

    /** Adds {@code value}, a string held by {@code vector}, encoded once per instance while that vector is added. */
    void add(ColumnVector vector, String value) {
        if (encodedFor != vector) {
            encodedFor = vector;
            encoded = new IdentityHashMap<>();
        }
        // The engine's strings were decoded from strict UTF-8: no unpaired surrogate to replace.
        byte[] b = encoded.computeIfAbsent(value, v -> ((String) v).getBytes(StandardCharsets.UTF_8));
        add(b, 0, b.length);
    }

    /** Adds a null row: no bytes. */
    void addNull() {
        endRow();
    }

    private void endRow() {
        if (rows + 2 > offsets.length) {
            offsets = Arrays.copyOf(offsets, Math.max(offsets.length * 2, rows + 2));
        }
        rows++;
        offsets[rows] = length;
    }

    /** The bytes of the values added, trimmed to their size. */
    public byte[] bytes() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }

    /** Per row added where its value starts in {@link #bytes()}, and where the last ends ({@link #rows()} + 1 entries). */
    public int[] offsets() {
        return Arrays.copyOf(offsets, rows + 1);
    }
}
