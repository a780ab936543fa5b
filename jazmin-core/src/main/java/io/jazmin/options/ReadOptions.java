package io.jazmin.options;

import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.DerivedKeyCache;
import io.jazmin.key.JazminKey;
import io.jazmin.key.Secret;
import io.jazmin.key.UnlockToken;
import java.util.concurrent.Executor;

/**
 * How a file is opened: the secret of an encrypted file, the work done ahead, the bounds checked.
 * Immutable; start from {@link #defaults()} and change what you need (each {@code with} method
 * returns new options):
 * <pre>{@code
 * JazminReader.open(path, ReadOptions.defaults().withKey(JazminKey.parse(keyText)));
 * JazminReader.open(path, ReadOptions.defaults().withPassword(Secret.of(chars)).withPriority(Priority.SPEED));
 * }</pre>
 * At most one secret is given: a key, a password or an access key. {@link #toString()} never shows
 * the password, and keys show only their key id.
 */
public final class ReadOptions {
    private final JazminKey key;
    private final Secret password;
    private final AccessKeyText accessKey;
    private final Parallelism parallelism;
    private final ReadLimits limits;
    private final boolean requireLatest;
    private final long knownAppendCount;
    private final DerivedKeyCache keyCache;
    private final UnlockToken unlockToken;
    private final AccessState accessState;
    private final boolean sharedCache;
    private final boolean cacheDecryptedChunks;

    private ReadOptions(Builder b) {
        if (b.knownAppendCount < 0) {
            throw new JazminValidationException("knownAppendCount must not be negative, got " + b.knownAppendCount);
        }
        int secrets = (b.key != null ? 1 : 0) + (b.password != null ? 1 : 0) + (b.accessKey != null ? 1 : 0);
        if (secrets > 1) {
            throw new JazminValidationException("give one of a key, a password or an access key, not several");
        }
        this.key = b.key;
        this.password = b.password;
        this.accessKey = b.accessKey;
        this.parallelism = b.parallelism;
        this.limits = b.limits;
        this.requireLatest = b.requireLatest;
        this.knownAppendCount = b.knownAppendCount;
        this.keyCache = b.keyCache;
        this.unlockToken = b.unlockToken;
        this.accessState = b.accessState;
        this.sharedCache = b.sharedCache;
        this.cacheDecryptedChunks = b.cacheDecryptedChunks;
    }

    /** No secret (plain files), balanced priority, default limits, any version accepted. */
    public static ReadOptions defaults() {
        return builder().build();
    }

    private static Builder builder() {
        return new Builder();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.key = key;
        b.password = password;
        b.accessKey = accessKey;
        b.parallelism = parallelism;
        b.limits = limits;
        b.requireLatest = requireLatest;
        b.knownAppendCount = knownAppendCount;
        b.keyCache = keyCache;
        b.unlockToken = unlockToken;
        b.accessState = accessState;
        b.sharedCache = sharedCache;
        b.cacheDecryptedChunks = cacheDecryptedChunks;
        return b;
    }

    /** The key of a key file (or the owner key of a shared file), or {@code null}. */
    public JazminKey key() {
        return key;
    }

    /** The password of a password file, or {@code null}. */
    public Secret password() {
        return password;
    }

    /**
     * An access key ({@code jza1-…}) of a shared file, or {@code null}: the reader then sees only
     * the partitions and column groups granted to it.
     */
    public AccessKeyText accessKey() {
        return accessKey;
    }

    /** How many chunks scans decode ahead on worker threads (default balanced). */
    public Parallelism parallelism() {
        return parallelism;
    }

    /** The resource bounds applied to the file. */
    public ReadLimits limits() {
        return limits;
    }

    /** Whether a version the reader can tell is earlier than one the file held is refused. */
    public boolean requireLatest() {
        return requireLatest;
    }

    /** With {@link #requireLatest()}: the appends the caller knows the file has had (0 when unknown). */
    public long knownAppendCount() {
        return knownAppendCount;
    }

    /** Keeps the PBKDF2 keys of password files between opens, or {@code null} to derive on every open. */
    public DerivedKeyCache keyCache() {
        return keyCache;
    }

    /**
     * With an access key of an online grant: the token from the owner's key service ({@code jzu1-…}),
     * or {@code null}.
     */
    public UnlockToken unlockToken() {
        return unlockToken;
    }

    /** Where the last-seen records of time-limited grants are kept (default {@link AccessState#defaults()}). */
    public AccessState accessState() {
        return accessState;
    }

    public ReadOptions withKey(JazminKey value) {
        return toBuilder().key(value).build();
    }

    /** The password of a password file ({@code null}: none); see {@link #withPassword(Secret)}. */
    public ReadOptions withPassword(String value) {
        return toBuilder().password(value == null ? null : Secret.of(value)).build();
    }

    /** The password of a password file, wiped when the caller closes {@code value} ({@code null}: none). */
    public ReadOptions withPassword(Secret value) {
        return toBuilder().password(value).build();
    }

    public ReadOptions withAccessKey(AccessKeyText value) {
        return toBuilder().accessKey(value).build();
    }

    /**
     * Priority, degree and executor of the worker threads at once ({@code null}: the defaults); the
     * three withers below change one of them.
     */
    public ReadOptions withParallelism(Parallelism value) {
        return toBuilder().parallelism(value).build();
    }

    /** Scans decode chunks ahead on worker threads as {@code value} allows (default {@link Priority#BALANCED}). */
    public ReadOptions withPriority(Priority value) {
        return toBuilder().parallelism(parallelism.withPriority(value)).build();
    }

    /**
     * At most {@code value} chunks decoded at once on worker threads, whatever the priority; 1 keeps
     * every read on the calling thread, 0 follows the priority.
     */
    public ReadOptions withMaxDegreeOfParallelism(int value) {
        return toBuilder().parallelism(parallelism.withMaxDegree(value)).build();
    }

    /**
     * Scans decode chunks ahead on {@code value} (an application's task executor, say) instead of
     * the library's shared daemon threads; {@code null} goes back to those. See {@link Parallelism#executor()}.
     */
    public ReadOptions withExecutor(Executor value) {
        return toBuilder().parallelism(parallelism.withExecutor(value)).build();
    }

    /** Reads within {@code value} instead of {@link ReadLimits#defaults()}. */
    public ReadOptions withLimits(ReadLimits value) {
        return toBuilder().limits(value).build();
    }

    /** {@link #withRequireLatest(long)} with no append count known. */
    public ReadOptions withRequireLatest() {
        return withRequireLatest(0);
    }

    /**
     * Refuses, with a {@link io.jazmin.error.JazminFormatException}, to open a version the reader can
     * tell is earlier than one the file held ({@code JazminReader.earlierVersion()}), or one with fewer
     * than {@code knownAppendCount} appends (for instance the {@code JazminReader.appendCount()} seen
     * the last time the file was read; 0 when unknown).
     *
     * <p>Rollback limit (spec §1.24, §4): an appended file cut back at an earlier trailer is an older
     * version that is still valid, and in encrypted files still authentic, since every version was
     * written with the same keys. A reader alone detects only a cut inside an append and a cut back
     * to the last full write; a cut back to an earlier append is caught only through
     * {@code knownAppendCount}, so callers that must not see undone changes should remember it.
     */
    public ReadOptions withRequireLatest(long knownAppendCount) {
        return toBuilder().requireLatest(true).knownAppendCount(knownAppendCount).build();
    }

    /**
     * Password keys are taken from and kept in {@code value} ({@code null}: derived on every
     * open), so opening the same file version again costs no PBKDF2 run. The caller closes it.
     */
    public ReadOptions withKeyCache(DerivedKeyCache value) {
        return toBuilder().keyCache(value).build();
    }

    /** Opens an online grant's slot with {@code value}, the key service's unlock token for the access key. */
    public ReadOptions withUnlockToken(UnlockToken value) {
        return toBuilder().unlockToken(value).build();
    }

    /**
     * Keeps the last-seen records of time-limited grants in {@code value} ({@link AccessState#in},
     * or {@link AccessState#disabled()} for none) instead of the default location.
     */
    public ReadOptions withAccessState(AccessState value) {
        return toBuilder().accessState(value).build();
    }

    /**
     * Whether this reader may use and fill the process-wide cache of decoded chunk columns
     * ({@code io.jazmin.ReadCache}; default {@code true}), within {@link Priority#sharedCacheBytes()}.
     * Only plain files read from a path are cached, unless {@link #cacheDecryptedChunks()} lets a
     * key or password file's decrypted chunks be kept too; access-controlled files never are.
     */
    public boolean sharedCache() {
        return sharedCache;
    }

    /** These options with the process-wide decoded-chunk cache used or not (see {@link #sharedCache()}). */
    public ReadOptions withSharedCache(boolean value) {
        return toBuilder().sharedCache(value).build();
    }

    /**
     * Whether the decrypted, decoded chunk columns (and chunk directories and statistics) of a file
     * opened with a key or a password may be kept in the process-wide cache like a plain file's
     * (default {@code false}). It applies only where {@link #sharedCache()} does; access-controlled
     * (shared) files are never cached, whatever this says, since their grants see different rows
     * and columns.
     *
     * <p>The trade-off: a repeated lookup in an encrypted file then costs what one in a plain file
     * does, but its <b>plaintext stays in this process's heap</b> after the reader is closed and its
     * keys cleared, until evicted or {@code io.jazmin.ReadCache.clear()} (which makes it unreachable,
     * not erased): it is in a heap dump, and any code in the process that opens the same file with the
     * same secret is served from it. Leave it off where the heap is less trusted than the secret.
     */
    public boolean cacheDecryptedChunks() {
        return cacheDecryptedChunks;
    }

    /** These options with key and password files' decrypted chunks cached or not (see {@link #cacheDecryptedChunks()}). */
    public ReadOptions withCacheDecryptedChunks(boolean value) {
        return toBuilder().cacheDecryptedChunks(value).build();
    }

    /** Whether any secret is given. */
    public boolean hasSecret() {
        return key != null || password != null || accessKey != null;
    }

    @Override
    public String toString() {
        return "ReadOptions[key=" + key + ", password=" + (password == null ? "null" : "(hidden)")
                + ", accessKey=" + accessKey + ", parallelism=" + parallelism + ", limits=" + limits
                + ", requireLatest=" + requireLatest + ", knownAppendCount=" + knownAppendCount
                + ", keyCache=" + keyCache + ", unlockToken=" + (unlockToken == null ? "null" : "(hidden)")
                + ", accessState=" + accessState + ", sharedCache=" + sharedCache
                + ", cacheDecryptedChunks=" + cacheDecryptedChunks + "]";
    }

    /**
     * The settings being changed by one wither: a copy of the options, checked together when built
     * (one secret at most), so the withers stay one line each.
     */
    private static final class Builder {
        private JazminKey key;
        private Secret password;
        private AccessKeyText accessKey;
        private Parallelism parallelism = Parallelism.defaults();
        private ReadLimits limits = ReadLimits.defaults();
        private boolean requireLatest;
        private long knownAppendCount;
        private DerivedKeyCache keyCache;
        private UnlockToken unlockToken;
        private AccessState accessState = AccessState.defaults();
        private boolean sharedCache = true;
        private boolean cacheDecryptedChunks;

        private Builder() {
        }

        public Builder unlockToken(UnlockToken value) {
            unlockToken = value;
            return this;
        }

        public Builder accessState(AccessState value) {
            accessState = value == null ? AccessState.defaults() : value;
            return this;
        }

        public Builder key(JazminKey value) {
            key = value;
            return this;
        }

        public Builder password(Secret value) {
            password = value;
            return this;
        }

        public Builder accessKey(AccessKeyText value) {
            accessKey = value;
            return this;
        }

        /** Priority, degree and executor of the worker threads ({@link Parallelism#withPriority} and the others). */
        public Builder parallelism(Parallelism value) {
            parallelism = value == null ? Parallelism.defaults() : value;
            return this;
        }

        public Builder limits(ReadLimits value) {
            limits = value == null ? ReadLimits.defaults() : value;
            return this;
        }

        public Builder requireLatest(boolean value) {
            requireLatest = value;
            return this;
        }

        public Builder knownAppendCount(long value) {
            knownAppendCount = value;
            return this;
        }

        public Builder keyCache(DerivedKeyCache value) {
            keyCache = value;
            return this;
        }

        /** Whether to use the process-wide decoded-chunk cache (see {@link ReadOptions#sharedCache()}). */
        public Builder sharedCache(boolean value) {
            sharedCache = value;
            return this;
        }

        /** Whether key and password files' decrypted chunks may be cached (see {@link ReadOptions#cacheDecryptedChunks()}). */
        public Builder cacheDecryptedChunks(boolean value) {
            cacheDecryptedChunks = value;
            return this;
        }

        ReadOptions build() {
            return new ReadOptions(this);
        }
    }
}
