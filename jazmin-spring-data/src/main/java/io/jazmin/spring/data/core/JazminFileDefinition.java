package io.jazmin.spring.data.core;

import io.jazmin.options.Priority;
import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.key.JazminKey;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.UnlockToken;
import io.jazmin.source.HttpSource;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * One configured file: where it is, its secret, and how it is written when created or rewritten.
 * Immutable; {@link #toString()} never shows the secret.
 *
 * @param name            the logical name entities and template calls refer to
 * @param path            the file on disk, or {@code null} for a file read from {@code url}
 * @param key             the key text ({@code jzk1-...}) of an encrypted file, or {@code null}
 * @param password        the password of a password-protected file, or {@code null}
 * @param accessKey       the access key text ({@code jza1-...}) a shared file is opened with, or {@code null}
 *                        (its owner key is {@code key}); repositories then see only its rows and columns, and
 *                        every write is refused ({@link AccessKeyWriteException}), so such a file is neither
 *                        created when missing nor given a compaction threshold
 * @param unlockToken     with {@code accessKey} of an online grant, the unlock token text ({@code jzu1-...})
 * @param priority        how readers are kept between operations
 * @param createIfMissing whether a missing file is created empty when first needed
 * @param codec           section compression for written files, or {@code null} for the engine default
 * @param indexes         indexes to build on write, by column (in addition to those an entity declares)
 * @param sortedBy        the order rows are kept in, or empty (then an entity's or the existing file's)
 * @param compaction      when the file is compacted after a write ({@link CompactionPolicy#NONE}: on demand only),
 *                        or {@code null} for the default: {@link CompactionPolicy#AUTOMATIC} for a file on disk
 *                        that is written, {@link CompactionPolicy#NONE} for one read by URL or with an access key
 *                        (which also take {@code AUTOMATIC} as the default, so withers can carry it over)
 * @param kdfIterations   PBKDF2 iterations of the password file when it is written anew (created, rewritten
 *                        or compacted): {@value WriteOptions#MIN_KDF_ITERATIONS}-{@value WriteOptions#MAX_KDF_ITERATIONS},
 *                        default {@value WriteOptions#DEFAULT_KDF_ITERATIONS}. Reads use the count stored in the file.
 * @param executor        runs the engine's chunk work (read-ahead, parallel encoding), an application's
 *                        task executor say, or {@code null} for the engine's shared worker threads
 * @param url             instead of {@code path}, the {@code http(s)} URL of a file read with {@code Range}
 *                        requests ({@link io.jazmin.source.HttpSource}), or {@code null}: such a file is
 *                        read-only (every write is refused with a {@link ReadOnlyFileException}), so it is
 *                        neither created when missing nor given a compaction threshold
 */
public record JazminFileDefinition(String name, Path path, String key, String password, String accessKey,
                                   String unlockToken, Priority priority, boolean createIfMissing, Codec codec,
                                   Map<String, Set<IndexKind>> indexes, List<String> sortedBy,
                                   CompactionPolicy compaction, int kdfIterations, Executor executor, URI url) {

    /**
     * Checks the definition.
     *
     * @throws IllegalArgumentException when more than one secret is given, an unlock token without access key, not
     *                                  one of a path and a URL, or a URL that is not an absolute http(s) URL
     * @throws AccessKeyWriteException  when an access-key file is to be created when missing or compacted after
     *                                  writes: an access key never writes
     * @throws ReadOnlyFileException    when a file read by URL is to be created when missing or compacted after writes
     */
    public JazminFileDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(priority, "priority");
        boolean writable = url == null && accessKey == null;
        if (compaction == null || !writable && compaction.equals(CompactionPolicy.AUTOMATIC)) {
            // The default, also when carried over by a wither from a writable definition.
            compaction = writable ? CompactionPolicy.AUTOMATIC : CompactionPolicy.NONE;
        }
        if ((path == null) == (url == null)) {
            throw new IllegalArgumentException("file '" + name + "': give either a path or a URL");
        }
        if (url != null) {
            HttpSource.to(url); // refuses what is not an absolute http(s) URL, naming it without its secrets
            if (createIfMissing) {
                throw new ReadOnlyFileException(name, HttpSource.nameOf(url), ReadOnlyFileException.CREATE_IF_MISSING);
            }
            if (compaction.enabled()) {
                throw new ReadOnlyFileException(name, HttpSource.nameOf(url), ReadOnlyFileException.COMPACTION_THRESHOLD);
            }
        }
        if ((key != null ? 1 : 0) + (password != null ? 1 : 0) + (accessKey != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("file '" + name + "': give one of a key, a password or an access key");
        }
        if (unlockToken != null && accessKey == null) {
            throw new IllegalArgumentException("file '" + name + "': an unlock token goes with an access key");
        }
        if (accessKey != null && createIfMissing) {
            throw new AccessKeyWriteException(name, AccessKeyWriteException.Write.CREATE_IF_MISSING);
        }
        if (accessKey != null && compaction.enabled()) {
            throw new AccessKeyWriteException(name, AccessKeyWriteException.Write.COMPACTION_THRESHOLD);
        }
        indexes = indexes == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(indexes));
        sortedBy = sortedBy == null ? List.of() : List.copyOf(sortedBy);
        if (kdfIterations < WriteOptions.MIN_KDF_ITERATIONS || kdfIterations > WriteOptions.MAX_KDF_ITERATIONS) {
            throw new IllegalArgumentException("file '" + name + "': kdf-iterations must be "
                    + WriteOptions.MIN_KDF_ITERATIONS + "-" + WriteOptions.MAX_KDF_ITERATIONS + ", got " + kdfIterations);
        }
    }

    /** A file on disk. */
    public JazminFileDefinition(String name, Path path, String key, String password, String accessKey,
                                String unlockToken, Priority priority, boolean createIfMissing, Codec codec,
                                Map<String, Set<IndexKind>> indexes, List<String> sortedBy,
                                CompactionPolicy compaction, int kdfIterations, Executor executor) {
        this(name, path, key, password, accessKey, unlockToken, priority, createIfMissing, codec, indexes, sortedBy,
                compaction, kdfIterations, executor, null);
    }

    /** A definition whose chunk work runs on the engine's shared worker threads. */
    public JazminFileDefinition(String name, Path path, String key, String password, Priority priority,
                                boolean createIfMissing, Codec codec, Map<String, Set<IndexKind>> indexes,
                                List<String> sortedBy, CompactionPolicy compaction) {
        this(name, path, key, password, null, null, priority, createIfMissing, codec, indexes, sortedBy, compaction,
                WriteOptions.DEFAULT_KDF_ITERATIONS, null);
    }

    /** A definition with the default compaction ({@link CompactionPolicy#AUTOMATIC}). */
    public JazminFileDefinition(String name, Path path, String key, String password, Priority priority,
                                boolean createIfMissing, Codec codec, Map<String, Set<IndexKind>> indexes,
                                List<String> sortedBy) {
        this(name, path, key, password, null, null, priority, createIfMissing, codec, indexes, sortedBy,
                null, WriteOptions.DEFAULT_KDF_ITERATIONS, null);
    }

    /** A plain file with the defaults: balanced, not created when missing, engine write defaults. */
    public static JazminFileDefinition of(String name, Path path) {
        return new JazminFileDefinition(name, path, null, null, Priority.BALANCED, false, null, Map.of(), List.of());
    }

    /**
     * A plain file read from an {@code http(s)} URL with the defaults (balanced), read-only.
     *
     * @throws IllegalArgumentException when {@code url} is not an absolute http(s) URL
     */
    public static JazminFileDefinition ofUrl(String name, URI url) {
        return new JazminFileDefinition(name, null, null, null, null, null, Priority.BALANCED, false, null, Map.of(),
                List.of(), CompactionPolicy.NONE, WriteOptions.DEFAULT_KDF_ITERATIONS, null,
                Objects.requireNonNull(url, "url"));
    }

    /** The same file settings for another path (a transaction's working copy, say). */
    public JazminFileDefinition withPath(Path value) {
        return new JazminFileDefinition(name, value, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, null);
    }

    /** The same file settings for a file read from {@code value} ({@code http(s)}) instead of a path: read-only. */
    public JazminFileDefinition withUrl(URI value) {
        return new JazminFileDefinition(name, null, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor,
                Objects.requireNonNull(value, "url"));
    }

    /**
     * Where the file is, for messages and reports: its path, or its URL without user info, query or
     * fragment (which may hold credentials or a signature).
     */
    public String location() {
        return url != null ? HttpSource.nameOf(url) : path.toString();
    }

    public JazminFileDefinition withKey(String value) {
        return new JazminFileDefinition(name, path, value, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withPassword(String value) {
        return new JazminFileDefinition(name, path, key, value, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    /** Opens the shared file with access key text {@code value} ({@code jza1-...}): its rows and columns only. */
    public JazminFileDefinition withAccessKey(String value) {
        return new JazminFileDefinition(name, path, key, password, value, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    /** With an access key of an online grant: the key service's unlock token text ({@code jzu1-...}). */
    public JazminFileDefinition withUnlockToken(String value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, value, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withPriority(Priority value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, value,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withCreateIfMissing(boolean value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                value, codec, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withCodec(Codec value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, value, indexes, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withIndexes(Map<String, Set<IndexKind>> value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, value, sortedBy, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withSortedBy(List<String> value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, value, compaction, kdfIterations, executor, url);
    }

    public JazminFileDefinition withCompaction(CompactionPolicy value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, value, kdfIterations, executor, url);
    }

    /** Writes new versions of the password file with {@code value} PBKDF2 iterations. */
    public JazminFileDefinition withKdfIterations(int value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, value, executor, url);
    }

    /** The same file with its chunk work on {@code value} ({@code null}: the engine's shared worker threads). */
    public JazminFileDefinition withExecutor(Executor value) {
        return new JazminFileDefinition(name, path, key, password, accessKey, unlockToken, priority,
                createIfMissing, codec, indexes, sortedBy, compaction, kdfIterations, value, url);
    }

    /** The options appends, deletes and compaction use: the file's secret and, when set, the codec. */
    public WriteOptions changeOptions() {
        WriteOptions options = WriteOptions.defaults().withPriority(priority).withExecutor(executor);
        if (key != null) {
            options = options.withKey(JazminKey.parse(key));
        } else if (password != null) {
            options = options.withPassword(password).withKdfIterations(kdfIterations);
        }
        return codec != null ? options.withCodec(codec) : options;
    }

    /**
     * How the file is opened: with its key (a shared file's owner key), password or access key (and
     * unlock token), if any, and its priority.
     */
    public ReadOptions readOptions() {
        ReadOptions options = ReadOptions.defaults().withPriority(priority).withExecutor(executor);
        if (unlockToken != null) {
            options = options.withUnlockToken(UnlockToken.parse(unlockToken));
        }
        if (key != null) {
            return options.withKey(JazminKey.parse(key));
        }
        if (accessKey != null) {
            return options.withAccessKey(AccessKeyText.parse(accessKey));
        }
        return password != null ? options.withPassword(password) : options;
    }

    /** The write options this definition fixes: secret, codec, sort order, indexes and priority. */
    public WriteOptions writeOptions(WriteOptions base) {
        WriteOptions options = base.withPriority(priority).withExecutor(executor);
        if (key != null) {
            options = options.withKey(JazminKey.parse(key));
        } else if (password != null) {
            options = options.withPassword(password).withKdfIterations(kdfIterations);
        }
        if (codec != null) {
            options = options.withCodec(codec);
        }
        if (!sortedBy.isEmpty()) {
            options = options.withSortedBy(sortedBy);
        }
        for (Map.Entry<String, Set<IndexKind>> index : indexes.entrySet()) {
            options = options.withIndex(index.getKey(), index.getValue().toArray(IndexKind[]::new));
        }
        return options;
    }

    /** Which secret the definition gives: {@code key}, {@code password}, {@code access-key} or {@code none}. */
    public String secretKind() {
        return key != null ? "key" : password != null ? "password" : accessKey != null ? "access-key" : "none";
    }

    /** Never shows the key or password, nor a URL's user info or query. */
    @Override
    public String toString() {
        return "JazminFileDefinition[name=" + name + (url != null ? ", url=" : ", path=") + location() + ", secret="
                + secretKind() + (unlockToken != null ? "+unlock-token" : "") + ", priority=" + priority
                + ", createIfMissing=" + createIfMissing + ", codec=" + codec + ", indexes=" + indexes
                + ", sortedBy=" + sortedBy + ", compaction=" + compaction + ", kdfIterations=" + kdfIterations + ", executor=" + executor + "]";
    }
}
