package io.jazmin.data;

import java.nio.charset.StandardCharsets;

/**
 * A string column of {@link ColumnArrays} as UTF-8 bytes in one buffer, without a {@code String}
 * per value ({@link ColumnArrays#utf8(String)}): row {@code r}'s value is
 * {@code bytes()[start(r) .. start(r) + length(r))}. A null row (see {@link ColumnArrays#isNull})
 * has length 0. The bytes are valid UTF-8 (checked when the file's stream was read) and shared: do
 * not modify them.
 */
public final class Utf8Column {
    private final byte[] bytes;
    private final int[] offsets;

    /**
     * Made by the engine; users receive it from {@link ColumnArrays#utf8(String)}.
     *
     * @param bytes   the values' bytes, one after the other
     * @param offsets per row where its value starts, and one more: where the last ends ({@code size + 1} entries)
     */
    public Utf8Column(byte[] bytes, int[] offsets) {
        this.bytes = bytes;
        this.offsets = offsets;
    }

    /** The rows. */
    public int size() {
        return offsets.length - 1;
    }

    /** The buffer holding every row's bytes (shared, not a copy). */
    public byte[] bytes() {
        return bytes;
    }

    /** Where row {@code row}'s bytes start in {@link #bytes()}. */
    public int start(int row) {
        return offsets[row];
    }

    /** How many bytes row {@code row}'s value has (0 for a null row). */
    public int length(int row) {
        return offsets[row + 1] - offsets[row];
    }

    /** Row {@code row}'s value decoded as a string (a null row gives the empty string: ask {@link ColumnArrays#isNull}). */
    public String string(int row) {
        return new String(bytes, offsets[row], length(row), StandardCharsets.UTF_8);
    }
}
