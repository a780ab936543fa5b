package io.jazmin.key;

import io.jazmin.error.JazminValidationException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import io.jazmin.internal.keys.Hkdf;
import io.jazmin.internal.keys.PasswordKdf;

/**
 * Keeps the PBKDF2 master keys of password files so that a file version (one preamble salt) costs
 * one derivation, not one per open. Appends and deletes keep a file's salt, so every reader and
 * writer of it after the first reuses the key; a full rewrite gets a fresh salt and derives once.
 * Entries are keyed by (password identity, salt, iterations); the identity is an HMAC of the
 * password under a random key of this cache, so the password itself is not kept. The least
 * recently used entry goes when the cache is full. Thread-safe.
 *
 * <p>Give one to {@link io.jazmin.options.ReadOptions#withKeyCache} and {@link io.jazmin.options.WriteOptions#withKeyCache}
 * for every open of the same files, and {@link #close()} it when they are done with: that clears
 * every key it holds. {@link #toString()} shows only counts.
 */
public final class DerivedKeyCache implements AutoCloseable {
    /** Entries kept by {@link #DerivedKeyCache()}: the current version and a few older ones readers may still open. */
    public static final int DEFAULT_CAPACITY = 4;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int capacity;
    private final byte[] identityKey = new byte[Hkdf.HASH_SIZE];
    private final LinkedHashMap<Entry, byte[]> keys = new LinkedHashMap<>(16, 0.75f, true);
    private long derivations;
    private long hits;
    private boolean closed;

    /** A cache of {@value #DEFAULT_CAPACITY} entries. */
    public DerivedKeyCache() {
        this(DEFAULT_CAPACITY);
    }

    /** A cache of at most {@code capacity} (at least 1) master keys. */
    public DerivedKeyCache(int capacity) {
        if (capacity < 1) {
            throw new JazminValidationException("a derived-key cache needs a capacity of at least 1, got " + capacity);
        }
        this.capacity = capacity;
        RANDOM.nextBytes(identityKey);
    }

    /**
     * The master key {@link PasswordKdf#derive} gives for these arguments (a fresh copy: clear it
     * after use), derived only when this cache does not hold it. A closed cache derives every time
     * and keeps nothing.
     */
    public byte[] derive(Secret password, byte[] salt, int iterations) {
        Entry entry = new Entry(identity(password), salt.clone(), iterations);
        synchronized (this) {
            byte[] master = keys.get(entry);
            if (master != null) {
                hits++;
                return master.clone();
            }
            // Derived under the lock: concurrent opens of one new version wait for one derivation.
            master = derive(password, salt, iterations, null);
            derivations++;
            if (!closed) {
                keys.put(entry, master.clone());
                evict();
            }
            return master;
        }
    }

    private void evict() {
        Iterator<Map.Entry<Entry, byte[]>> it = keys.entrySet().iterator();
        while (keys.size() > capacity && it.hasNext()) {
            Arrays.fill(it.next().getValue(), (byte) 0);
            it.remove();
        }
    }

    private byte[] identity(Secret password) {
        byte[] utf8 = password.utf8();
        try {
            return Hkdf.extract(identityKey, utf8);
        } finally {
            Arrays.fill(utf8, (byte) 0);
        }
    }

    /**
     * The master key of {@code password}, taken from {@code cache} when it holds it ({@code null}:
     * derived now); the password's characters are wiped from the copy PBKDF2 used.
     */
    public static byte[] derive(Secret password, byte[] salt, int iterations, DerivedKeyCache cache) {
        if (cache != null) {
            return cache.derive(password, salt, iterations);
        }
        char[] chars = password.chars();
        try {
            return PasswordKdf.derive(chars, salt, iterations);
        } finally {
            Arrays.fill(chars, '\0');
        }
    }

    /** How many PBKDF2 derivations this cache has run (misses). */
    public synchronized long derivations() {
        return derivations;
    }

    /** How many times a kept key was handed out instead of derived. */
    public synchronized long hits() {
        return hits;
    }

    /** How many master keys are kept now. */
    public synchronized int size() {
        return keys.size();
    }

    /** Clears every kept key; later calls derive without keeping. */
    @Override
    public synchronized void close() {
        closed = true;
        keys.values().forEach(k -> Arrays.fill(k, (byte) 0));
        keys.clear();
        Arrays.fill(identityKey, (byte) 0);
    }

    /** Counts only, never key material. */
    @Override
    public synchronized String toString() {
        return "DerivedKeyCache[size=" + keys.size() + ", capacity=" + capacity + ", derivations=" + derivations
                + ", hits=" + hits + (closed ? ", closed" : "") + "]";
    }

    /** One cache key; salts and identities are compared by content. */
    private record Entry(byte[] identity, byte[] salt, int iterations) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && iterations == e.iterations && MessageDigest.isEqual(identity, e.identity)
                    && Arrays.equals(salt, e.salt);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(salt) + iterations;
        }
    }
}
