package io.jazmin.key;

import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A password held as characters that can be wiped: {@link #close()} overwrites them, and
 * {@link #toString()} never shows them. Options keep passwords in this type; closing the secret
 * (or the {@code try} block that opened it) clears it, after which using it fails.
 * <pre>{@code
 * try (Secret password = Secret.of(console.readPassword())) {
 *     JazminReader.open(path, ReadOptions.defaults().withPassword(password)) ...
 * }
 * }</pre>
 * Two secrets are equal only when they are the same object.
 */
public final class Secret implements AutoCloseable {
    private final char[] chars;
    private boolean cleared;

    private Secret(char[] chars) {
        if (chars.length == 0) {
            throw new JazminValidationException("the password must not be empty");
        }
        this.chars = chars;
    }

    /** A secret holding a copy of {@code chars} (the caller may clear its own array). */
    public static Secret of(char[] chars) {
        return new Secret(chars.clone());
    }

    /** A secret holding the characters of {@code text} (which stays in memory as the caller's string). */
    public static Secret of(String text) {
        return new Secret(text.toCharArray());
    }

    /**
     * A copy of the characters; the caller clears it after use.
     *
     * @throws JazminKeyException when the secret was cleared
     */
    public synchronized char[] chars() {
        requireLive();
        return chars.clone();
    }

    /** The UTF-8 bytes of the characters (a fresh array: clear it after use). */
    public synchronized byte[] utf8() {
        requireLive();
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] out = new byte[encoded.remaining()];
        encoded.get(out);
        Arrays.fill(encoded.array(), (byte) 0);
        return out;
    }

    /** Whether {@link #close()} has wiped the characters. */
    public synchronized boolean isCleared() {
        return cleared;
    }

    /** Overwrites the characters; later calls do nothing. */
    @Override
    public synchronized void close() {
        Arrays.fill(chars, '\0');
        cleared = true;
    }

    private void requireLive() {
        if (cleared) {
            throw new JazminKeyException("the password was cleared (its Secret was closed) before it was used");
        }
    }

    @Override
    public String toString() {
        return "Secret[hidden]";
    }
}
