package io.jazmin;

import io.jazmin.crypto.AccessKeyText;
import io.jazmin.crypto.DerivedKeyCache;
import io.jazmin.crypto.JazminKey;

/**
 * How a file is opened: the secret of an encrypted file. Immutable; give at most one secret:
 * <pre>{@code
 * JazminReader.open(path, ReadOptions.defaults().withKey(JazminKey.parse(keyText)));
 * JazminReader.open(path, ReadOptions.defaults().withPassword(password));
 * }</pre>
 *
 * @param key       the key of a key file, or {@code null}
 * @param password  the password of a password file, or {@code null}; never shown by {@link #toString()}
 * @param accessKey an access key; access-controlled files are not supported yet, so opening with
 *                  one fails with {@link UnsupportedFeatureException}
 * @param parallelism how many chunks scans decode ahead on worker threads (default balanced)
 * @param keyCache  keeps the PBKDF2 keys of password files between opens, or {@code null} to derive
 *                  on every open (see {@link #withKeyCache})
 */
public record ReadOptions(JazminKey key, String password, AccessKeyText accessKey, Parallelism parallelism,
                          DerivedKeyCache keyCache) {

    public ReadOptions {
        parallelism = parallelism == null ? Parallelism.defaults() : parallelism;
        int secrets = (key != null ? 1 : 0) + (password != null ? 1 : 0) + (accessKey != null ? 1 : 0);
        if (secrets > 1) {
            throw new JazminValidationException("give one of a key, a password or an access key, not several");
        }
        if (password != null && password.isEmpty()) {
            throw new JazminValidationException("the password must not be empty");
        }
    }

    /** No secret: for plain files. */
    public static ReadOptions defaults() {
        return new ReadOptions(null, null, null, Parallelism.defaults(), null);
    }

    public ReadOptions withKey(JazminKey value) {
        return new ReadOptions(value, password, accessKey, parallelism, keyCache);
    }

    public ReadOptions withPassword(String value) {
        return new ReadOptions(key, value, accessKey, parallelism, keyCache);
    }

    public ReadOptions withAccessKey(AccessKeyText value) {
        return new ReadOptions(key, password, value, parallelism, keyCache);
    }

    /** Scans decode chunks ahead on worker threads as {@code value} allows (default {@link Priority#BALANCED}). */
    public ReadOptions withPriority(Priority value) {
        return new ReadOptions(key, password, accessKey, parallelism.withPriority(value), keyCache);
    }

    /**
     * At most {@code value} chunks decoded at once on worker threads, whatever the priority; 1 keeps
     * every read on the calling thread, 0 follows the priority.
     */
    public ReadOptions withMaxDegreeOfParallelism(int value) {
        return new ReadOptions(key, password, accessKey, parallelism.withMaxDegree(value), keyCache);
    }

    /**
     * Password keys are taken from and kept in {@code value} ({@code null}: derived on every
     * open), so opening the same file version again costs no PBKDF2 run. The caller closes it.
     */
    public ReadOptions withKeyCache(DerivedKeyCache value) {
        return new ReadOptions(key, password, accessKey, parallelism, value);
    }

    /** Whether any secret is given. */
    public boolean hasSecret() {
        return key != null || password != null || accessKey != null;
    }

    /** Like the record's own, but never shows the password (keys show only their key id). */
    @Override
    public String toString() {
        return "ReadOptions[key=" + key + ", password=" + (password == null ? "null" : "(hidden)")
                + ", accessKey=" + accessKey + ", parallelism=" + parallelism
                + ", keyCache=" + keyCache + "]";
    }
}
