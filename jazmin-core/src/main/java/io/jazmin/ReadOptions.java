package io.jazmin;

import io.jazmin.crypto.AccessKeyText;
import io.jazmin.crypto.DerivedKeyCache;
import io.jazmin.crypto.JazminKey;
import io.jazmin.crypto.UnlockToken;

/**
 * How a file is opened: the secret of an encrypted file. Immutable; give at most one secret:
 * <pre>{@code
 * JazminReader.open(path, ReadOptions.defaults().withKey(JazminKey.parse(keyText)));
 * JazminReader.open(path, ReadOptions.defaults().withPassword(password));
 * }</pre>
 *
 * @param key       the key of a key file, or {@code null}
 * @param password  the password of a password file, or {@code null}; never shown by {@link #toString()}
 * @param accessKey an access key ({@code jza1-…}) of an access-controlled file: the reader then sees
 *                  only the partitions and column groups granted to it (the owner key of such a
 *                  file is given as {@code key})
 * @param parallelism how many chunks scans decode ahead on worker threads (default balanced)
 * @param limits      the resource bounds applied to the file ({@link ReadLimits#defaults()} when {@code null})
 * @param requireLatest whether to refuse a version the reader can tell is earlier than one the file
 *                    held (see {@link #withRequireLatest(long)})
 * @param knownAppendCount with {@code requireLatest}: the appends the caller knows the file has had
 *                    (0 when unknown); a version with fewer is refused
 * @param keyCache  keeps the PBKDF2 keys of password files between opens, or {@code null} to derive
 *                  on every open (see {@link #withKeyCache})
 * @param unlockToken with an access key of an online grant: the token from the owner's key service
 *                  ({@code jzu1-…}), or {@code null}; never shown by {@link #toString()}
 * @param accessState where the last-seen records of time-limited grants are kept (default
 *                  {@link AccessState#defaults()})
 */
public record ReadOptions(JazminKey key, String password, AccessKeyText accessKey, Parallelism parallelism,
                          ReadLimits limits, boolean requireLatest, long knownAppendCount,
                          DerivedKeyCache keyCache, UnlockToken unlockToken, AccessState accessState) {

    public ReadOptions {
        parallelism = parallelism == null ? Parallelism.defaults() : parallelism;
        limits = limits == null ? ReadLimits.defaults() : limits;
        accessState = accessState == null ? AccessState.defaults() : accessState;
        if (knownAppendCount < 0) {
            throw new JazminValidationException("knownAppendCount must not be negative, got " + knownAppendCount);
        }
        int secrets = (key != null ? 1 : 0) + (password != null ? 1 : 0) + (accessKey != null ? 1 : 0);
        if (secrets > 1) {
            throw new JazminValidationException("give one of a key, a password or an access key, not several");
        }
        if (password != null && password.isEmpty()) {
            throw new JazminValidationException("the password must not be empty");
        }
    }

    /** Options with the given secret and parallelism, default limits, any version accepted. */
    public ReadOptions(JazminKey key, String password, AccessKeyText accessKey, Parallelism parallelism) {
        this(key, password, accessKey, parallelism, null, false, 0, null, null, null);
    }

    /** No secret: for plain files. */
    public static ReadOptions defaults() {
        return new ReadOptions(null, null, null, Parallelism.defaults());
    }

    public ReadOptions withKey(JazminKey value) {
        return new ReadOptions(value, password, accessKey, parallelism, limits, requireLatest, knownAppendCount,
                keyCache, unlockToken, accessState);
    }

    public ReadOptions withPassword(String value) {
        return new ReadOptions(key, value, accessKey, parallelism, limits, requireLatest, knownAppendCount, keyCache,
                unlockToken, accessState);
    }

    public ReadOptions withAccessKey(AccessKeyText value) {
        return new ReadOptions(key, password, value, parallelism, limits, requireLatest, knownAppendCount, keyCache,
                unlockToken, accessState);
    }

    /** Scans decode chunks ahead on worker threads as {@code value} allows (default {@link Priority#BALANCED}). */
    public ReadOptions withPriority(Priority value) {
        return new ReadOptions(key, password, accessKey, parallelism.withPriority(value), limits, requireLatest,
                knownAppendCount, keyCache, unlockToken, accessState);
    }

    /**
     * At most {@code value} chunks decoded at once on worker threads, whatever the priority; 1 keeps
     * every read on the calling thread, 0 follows the priority.
     */
    public ReadOptions withMaxDegreeOfParallelism(int value) {
        return new ReadOptions(key, password, accessKey, parallelism.withMaxDegree(value), limits, requireLatest,
                knownAppendCount, keyCache, unlockToken, accessState);
    }

    /**
     * Scans decode chunks ahead on {@code value} (an application's task executor, say) instead of
     * the library's shared daemon threads; {@code null} goes back to those. See {@link Parallelism#executor()}.
     */
    public ReadOptions withExecutor(java.util.concurrent.Executor value) {
        return new ReadOptions(key, password, accessKey, parallelism.withExecutor(value), limits, requireLatest,
                knownAppendCount, keyCache, unlockToken, accessState);
    }

    /** Reads within {@code value} instead of {@link ReadLimits#defaults()}. */
    public ReadOptions withLimits(ReadLimits value) {
        return new ReadOptions(key, password, accessKey, parallelism, value, requireLatest, knownAppendCount, keyCache,
                unlockToken, accessState);
    }

    /** {@link #withRequireLatest(long)} with no append count known. */
    public ReadOptions withRequireLatest() {
        return withRequireLatest(0);
    }

    /**
     * Refuses, with a {@link JazminFormatException}, to open a version the reader can tell is earlier
     * than one the file held ({@link JazminReader#earlierVersion()}), or one with fewer than
     * {@code knownAppendCount} appends (for instance the {@link JazminReader#appendCount()} seen the
     * last time the file was read; 0 when unknown).
     *
     * <p>Rollback limit (spec §1.24, §4): an appended file cut back at an earlier trailer is an older
     * version that is still valid, and in encrypted files still authentic, since every version was
     * written with the same keys. A reader alone detects only a cut inside an append and a cut back
     * to the last full write; a cut back to an earlier append is caught only through
     * {@code knownAppendCount}, so callers that must not see undone changes should remember it.
     */
    public ReadOptions withRequireLatest(long knownAppendCount) {
        return new ReadOptions(key, password, accessKey, parallelism, limits, true, knownAppendCount, keyCache,
                unlockToken, accessState);
    }

    /**
     * Password keys are taken from and kept in {@code value} ({@code null}: derived on every
     * open), so opening the same file version again costs no PBKDF2 run. The caller closes it.
     */
    public ReadOptions withKeyCache(DerivedKeyCache value) {
        return new ReadOptions(key, password, accessKey, parallelism, limits, requireLatest, knownAppendCount, value,
                unlockToken, accessState);
    }

    /** Opens an online grant's slot with {@code value}, the key service's unlock token for the access key. */
    public ReadOptions withUnlockToken(UnlockToken value) {
        return new ReadOptions(key, password, accessKey, parallelism, limits, requireLatest, knownAppendCount, keyCache,
                value, accessState);
    }

    /**
     * Keeps the last-seen records of time-limited grants in {@code value} ({@link AccessState#in},
     * or {@link AccessState#disabled()} for none) instead of the default location.
     */
    public ReadOptions withAccessState(AccessState value) {
        return new ReadOptions(key, password, accessKey, parallelism, limits, requireLatest, knownAppendCount, keyCache,
                unlockToken, value);
    }

    /** Whether any secret is given. */
    public boolean hasSecret() {
        return key != null || password != null || accessKey != null;
    }

    /** Like the record's own, but never shows the password (keys show only their key id). */
    @Override
    public String toString() {
        return "ReadOptions[key=" + key + ", password=" + (password == null ? "null" : "(hidden)")
                + ", accessKey=" + accessKey + ", parallelism=" + parallelism + ", limits=" + limits
                + ", requireLatest=" + requireLatest + ", knownAppendCount=" + knownAppendCount
                + ", keyCache=" + keyCache + ", unlockToken=" + (unlockToken == null ? "null" : "(hidden)")
                + ", accessState=" + accessState + "]";
    }
}
