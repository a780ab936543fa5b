package io.jazmin;

import io.jazmin.change.UpdateChanges;
import io.jazmin.change.UpdateResult;

import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.reader.StorageReport;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.writer.Appender;
import io.jazmin.internal.writer.Rewriter;
import io.jazmin.internal.writer.Updater;
import io.jazmin.internal.reader.OwnerDirectory;
import io.jazmin.internal.reader.UnlockTokens;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.internal.writer.KeyRotation;
import io.jazmin.internal.writer.OwnerKeyRotation;
import io.jazmin.internal.writer.SharedRewrite;
import io.jazmin.options.AccessGrant;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.Storage;
import io.jazmin.options.WriteOptions;
import java.util.function.Function;
import io.jazmin.files.FileChanges;
import io.jazmin.internal.reader.FileVersion;
import io.jazmin.internal.reader.VersionLocator;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.schema.FileFacts;

/**
 * Changes to existing files (spec §1.24): appends, deletes and upserts that add a new version at
 * the end of the file in milliseconds without rewriting it, and compaction, which rewrites it.
 * One writer at a time per file ({@code <path>.lock}); readers are never blocked and keep seeing
 * the version they opened. An interrupted append leaves the file readable at its previous version.
 *
 * <p>{@code options} gives the key or password of an encrypted file, and the codec, level and
 * chunking of the new sections; its columns, sort order and indexes come from the file.
 *
 * <p>Shared (access-controlled) files are appended to, and rows deleted, by their owner only
 * ({@code options} holds the owner key): new rows go to their partitions, new ones included, and
 * every key reads its grant of them. Access settings in {@code options} may add or widen grants in
 * an append; narrowing or revoking one is refused (it needs {@link #grantAccess} or
 * {@link #revokeAccess}, which rewrite the file with fresh secrets).
 *
 * <p>With {@link WriteOptions#withAutoCompact} an append, delete or upsert that brings the file to
 * a threshold (deleted rows, appends or dead bytes, as the reference libraries' {@code autoCompact})
 * compacts it right after, in the same call and under the same writer lock, so no other writer
 * comes between; {@link ChangeResult#compacted()} says so. The append is committed first: were the
 * compaction to fail, the file stays at the appended version and the failure is thrown.
 */
public final class JazminFile {
    private JazminFile() {
    }

    /**
     * What a change did: the file's append count after it, rows added and deleted, visible rows,
     * whether {@link WriteOptions#autoCompact()} compacted the file after it (the append count is then
     * 0), and how it moved the file's bytes.
     */
    public record ChangeResult(long appendCount, long rowsAppended, long rowsDeleted, long rowCount, boolean compacted,
                               ChangedBytes bytes) {
    }

    /**
     * How an append moved a file's bytes: enough for a caller to keep count of the bytes a compaction
     * would drop ({@link io.jazmin.schema.Storage#deadBytes()}) from change to change, instead of
     * measuring the whole file after each one (which reads every directory appended since the last
     * full write). The count holds while each change starts where the one before ended.
     *
     * @param versionEnd where the version the change started from ends: the file's size then,
     *                   an interrupted append's tail not counted (it is cut off and rewritten)
     * @param fileBytes  the file's size after the change (after the compaction, when it compacted)
     * @param superseded the bytes of the earlier version that the new one no longer references: its
     *                   header, trailer and signature, a deleted-row list it replaced and, in a shared
     *                   file, its owner catalog and appended chunk map; 0 when the change compacted
     *                   the file, which then has no dead bytes; -1 when the change also wrote new
     *                   embedded-file directories or key slots (whose predecessors are not counted:
     *                   measure the file then)
     */
    public record ChangedBytes(long versionEnd, long fileBytes, long superseded) {
    }

    /** Appends rows (by column name) to the file's first table. */
    public static ChangeResult append(Path path, Iterator<? extends Map<String, ?>> rows, WriteOptions options) {
        return append(path, null, rows, options);
    }

    /** Appends rows to table {@code table}. */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options) {
        return result(Appender.append(path, options, table, rows, null));
    }

    /**
     * Appends rows to table {@code table} ({@code null} for the first), writing them with
     * {@code grownColumns}: the table's column definitions in which object columns (at any depth)
     * gained nullable fields at the end (spec §1.10, §1.24). The new header stores the grown
     * definitions; rows written before read the new fields as null.
     *
     * @throws JazminValidationException naming the column when {@code grownColumns} changes the
     *                                   columns in any other way; the file is then left unchanged
     */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options, List<Column> grownColumns) {
        return result(Appender.append(path, options, table, rows, null, grownColumns));
    }

    /**
     * Appends rows to table {@code table} ({@code null} for the first) and changes the embedded
     * files (spec §1.23) in the same new version: added files are stored, removed ones no longer
     * listed (their bytes stay until the file is compacted), the others listed by reference.
     *
     * @throws JazminValidationException when a file change is not valid; the file is left unchanged
     */
    public static ChangeResult append(Path path, String table, Iterator<? extends Map<String, ?>> rows,
                                      WriteOptions options, FileChanges files) {
        return result(Appender.append(path, options, table, rows, null, null, files));
    }

    /** Changes the embedded files and {@code package} only, by an append (see {@link #append(Path, String, Iterator, WriteOptions, FileChanges)}). */
    public static ChangeResult changeFiles(Path path, FileChanges files, WriteOptions options) {
        return append(path, null, List.<Map<String, ?>>of().iterator(), options, files);
    }

    /** Deletes the rows of the first table matching {@code filter}. */
    public static ChangeResult delete(Path path, Filter filter, WriteOptions options) {
        return delete(path, null, filter, options);
    }

    /** Deletes the rows of table {@code table} matching {@code filter}. */
    public static ChangeResult delete(Path path, String table, Filter filter, WriteOptions options) {
        return result(Appender.append(path, options, table, List.<Map<String, ?>>of().iterator(), filter));
    }

    /** Deletes the rows of table {@code table} ({@code null} for the first) with ids {@code rowIds}. */
    public static ChangeResult deleteRows(Path path, String table, long[] rowIds, WriteOptions options) {
        return result(Appender.deleteRows(path, options, table, rowIds));
    }

    /**
     * Deletes the rows of table {@code table} ({@code null} for the first) with ids {@code rowIds}
     * and appends {@code rows}, in one new version: how a batch of changes made elsewhere (a
     * transaction's working copy, say) lands as a single append.
     */
    public static ChangeResult replaceRows(Path path, String table, long[] rowIds,
                                           Iterator<? extends Map<String, ?>> rows, WriteOptions options) {
        return result(Appender.replaceRows(path, options, table, rowIds, rows));
    }

    /**
     * {@link #replaceRows(Path, String, long[], Iterator, WriteOptions)} under a writer lock the
     * caller holds and keeps (see {@link WriteLock}), so that what the caller read of the file
     * under that lock (the row ids of its keys, say) still describes the version changed.
     *
     * @throws IllegalStateException when {@code held} was released
     */
    public static ChangeResult replaceRows(WriteLock held, String table, long[] rowIds,
                                           Iterator<? extends Map<String, ?>> rows, WriteOptions options) {
        return result(Appender.replaceRows(held.engineLock(), options, table, rowIds, rows));
    }

    /**
     * Replaces the rows whose key columns equal those of {@code rows} and adds the others, in one
     * new version (delete + append, spec §1.17): the replaced rows get new row ids at the end.
     */
    public static ChangeResult upsert(Path path, String table, List<String> keyColumns,
                                      Collection<? extends Map<String, ?>> rows, WriteOptions options) {
        Filter matching = Updater.keyFilter(keyColumns, rows);
        return result(Appender.append(path, options, table, rows.iterator(), matching));
    }

    /**
     * Rewrites the file without its deleted rows and dead bytes, merging segments; the new version
     * replaces the old atomically and keeps columns, sort order, indexes and metadata. In a file that is
     * not shared, chunks without deleted rows and at least half full ({@code options}' chunk rows or
     * bytes) are carried as they are stored, after their checksums (and seals) are checked: they keep
     * their compression level and column flush points, and {@code options}' codec and chunking apply to
     * the chunks re-encoded (those with deleted rows, and the small chunks appends leave, merged).
     */
    public static void compact(Path path, WriteOptions options) {
        Rewriter.compact(path, options);
    }

    /**
     * {@link #compact(Path, WriteOptions)}; for a shared file ({@code options} holding its owner
     * key), which keeps its partitions, column groups and grants under fresh secrets, {@code regroup}
     * also writes each partition's rows contiguously, merging the small chunks appends leave (in
     * tables not sorted, or sorted by the partition column first; spec §1.24).
     */
    public static void compact(Path path, WriteOptions options, boolean regroup) {
        Rewriter.compact(path, options, regroup);
    }

    /**
     * Re-encrypts a key or password file under a new key or password without decoding its rows
     * (spec §1.18): each section is decrypted and sealed again as it is stored, under a fresh file
     * id, salt, keyring and nonces, so the old secret opens nothing in the new version. Everything
     * the version holds carries over (tables, deleted rows, indexes, embedded files, package,
     * shapes, metadata, append count); bytes earlier versions left are zeroed (compact to drop
     * them). All or nothing, under the writer lock: the new file replaces the old atomically.
     *
     * @param current the key or password that opens the file now
     * @param next    the new key, or the new password with its PBKDF2 iterations; its other
     *                settings are not used (the codec only for the rewritten directory and header)
     * @throws JazminKeyException        when {@code current} does not open the file
     * @throws JazminValidationException when {@code next} has no secret, or the file is plain or
     *                                   access-controlled
     */
    public static void rotateKey(Path path, ReadOptions current, WriteOptions next) {
        KeyRotation.rotate(path, current, next);
    }

    /** {@link #rotateKey(Path, ReadOptions, WriteOptions)} to the key {@code newKey}. */
    public static void rotateKey(Path path, ReadOptions current, JazminKey newKey) {
        rotateKey(path, current, WriteOptions.defaults().withKey(newKey));
    }

    /**
     * Grants access to the shared file at {@code path} (spec §1.19, §1.25): a full rewrite by the
     * owner in which each of {@code grants} is added, or replaces the key's grant when it has one.
     * Rows, partitions, column groups, sort order, indexes, metadata and the other grants (online
     * ones keep their unlock tokens) carry over; the new version has a fresh file id, salt and
     * secrets. All or nothing, under the writer lock: the new file replaces the old atomically.
     *
     * @param owner the file's owner key
     * @throws JazminKeyException        when {@code owner} does not open the file as its owner, or a
     *                                   grant's key was issued by another owner
     * @throws JazminValidationException when the file is not shared, no grant is given, a key is
     *                                   given twice or a grant names an unknown column group
     */
    public static void grantAccess(Path path, JazminKey owner, AccessGrant... grants) {
        SharedRewrite.grant(path, WriteOptions.defaults().withKey(owner), List.of(grants));
    }

    /**
     * Revokes the grants of the keys {@code keyIds} (see {@link AccessKeyText#keyId()}) of the
     * shared file at {@code path}: a full rewrite like {@link #grantAccess}, whose fresh secrets
     * leave a revoked key nothing to read in the new version (copies of older versions it has are
     * beyond reach, spec §4).
     *
     * @param owner the file's owner key
     * @throws JazminKeyException        when {@code owner} does not open the file as its owner
     * @throws JazminValidationException when the file is not shared, no key id is given, or a key has
     *                                   no grant; the file is then left unchanged
     */
    public static void revokeAccess(Path path, JazminKey owner, String... keyIds) {
        SharedRewrite.revoke(path, WriteOptions.defaults().withKey(owner), List.of(keyIds));
    }

    /**
     * The access key that replaces one grant's old key after {@link #rotateOwnerKey}: hand
     * {@code key} to the holder of the key {@code previousKeyId}. {@code toString} shows key ids only.
     *
     * @param previousKeyId the id of the access key it replaces
     * @param key           the new access key, issued by the new owner key (its text is the secret)
     * @param rows          the partitions granted, or {@code null} for all
     * @param columns       the column groups granted, or {@code null} for all
     * @param files         the file groups granted by name, or {@code null} for all
     * @param label         the grant's label, or {@code null}
     * @param expires       when it expires, or {@code null}
     * @param mode          offline or online (an online key needs a new unlock token from the new owner)
     */
    public record RotatedAccessKey(String previousKeyId, AccessKeyText key, List<String> rows, List<String> columns,
                                   List<String> files, String label, Instant expires, AccessGrant.Mode mode) {
    }

    /**
     * Moves the shared file at {@code path} to the owner key {@code newOwner} (spec §1.19, §1.25): a
     * full rewrite signed by the new owner, with a fresh file id, salt and secrets, in which each
     * grant not yet expired goes to a new access key of {@code newOwner}, keeping its rows, column
     * groups, label, expiry and mode (online grants get new shares: issue new unlock tokens). Rows,
     * partitions, column groups, sort order, indexes and metadata carry over. Afterwards neither
     * {@code currentOwner} nor any old access key opens the file; each new key opens exactly what
     * its old key did. All or nothing, under the writer lock: the new file replaces the old atomically.
     *
     * @return the new access keys, one per grant kept, in the owner directory's order (grants already
     *         expired are dropped, as every rewrite drops them)
     * @throws JazminKeyException        when {@code currentOwner} does not open the file as its owner
     * @throws JazminValidationException when the file is not shared, or {@code newOwner} is the current key
     */
    public static List<RotatedAccessKey> rotateOwnerKey(Path path, JazminKey currentOwner, JazminKey newOwner) {
        Map<String, AccessGrant> replaced = OwnerKeyRotation.rotate(path, WriteOptions.defaults().withKey(currentOwner),
                newOwner);
        return replaced.entrySet().stream().map(e -> {
            AccessGrant g = e.getValue();
            return new RotatedAccessKey(e.getKey(), g.key(), g.rows(), g.columns(), g.files(), g.label(), g.expires(),
                    g.mode());
        }).toList();
    }

    /**
     * One grant of a shared file as its owner sees it (spec §1.19): no secret.
     *
     * @param keyId   the access key's id
     * @param rows    the partitions granted, or {@code null} for all
     * @param columns the column groups granted, or {@code null} for all
     * @param files   the embedded-file groups granted by name (spec §1.23), or {@code null} for all
     * @param label   the grant's label, or {@code null}
     * @param expires when it expires, or {@code null}
     * @param mode    offline or online
     */
    public record GrantInfo(String keyId, List<String> rows, List<String> columns, List<String> files, String label,
                            Instant expires, AccessGrant.Mode mode) {
    }

    /** The grants of the shared file at {@code path}, in the owner directory's order (owner key only). */
    public static List<GrantInfo> listGrants(Path path, JazminKey owner) {
        return opened(path, ReadOptions.defaults().withKey(owner), JazminFile::grants);
    }

    /** The grants of the shared file {@code file}, opened with its owner key. */
    static List<GrantInfo> grants(OpenedFile file) {
        return ownerGrants(file).stream().map(g -> new GrantInfo(g.keyId(), g.rows(), g.columns(),
                g.files(), g.label(), g.expires(), g.online() ? AccessGrant.Mode.ONLINE : AccessGrant.Mode.OFFLINE)).toList();
    }

    /** The owner directory's grants of {@code file}, which must be shared and opened with its owner key. */
    private static List<OwnerDirectory.GrantEntry> ownerGrants(OpenedFile file) {
        if (file.grant() == null) {
            throw new io.jazmin.error.JazminValidationException("the file is not access-controlled: it has no grants");
        }
        if (!file.grant().owner()) {
            throw new io.jazmin.error.JazminKeyException("only the owner key of a shared file lists its grants");
        }
        return OwnerDirectory.grants(file);
    }

    /**
     * The access key of key {@code keyId}'s grant in the shared file at {@code path}, recovered by its
     * owner (the reference libraries' {@code accessKeyOf}): the owner directory, which only the owner
     * key opens, keeps each grant's key text ({@code "key": "jza1-…"}, spec §1.19) to seal its slot in
     * later versions, so a key lost by its holder can be handed out again without a new grant. A grant
     * past its expiry still listed gives its key too (it opens nothing); a revoked one is gone.
     *
     * @param owner the file's owner key
     * @param keyId the access key's id ({@link AccessKeyText#keyId()}, as {@link #listGrants} lists it)
     * @return the key text (a secret: {@link AccessKeyText#toString()} shows only its id)
     * @throws JazminKeyException        when {@code owner} does not open the file as its owner, or the
     *                                   key has no grant in the current version
     * @throws JazminValidationException when the file is not shared
     */
    public static AccessKeyText accessKeyOf(Path path, JazminKey owner, String keyId) {
        return opened(path, ReadOptions.defaults().withKey(owner), file -> ownerGrants(file).stream()
                .filter(g -> g.keyId().equals(keyId)).map(OwnerDirectory.GrantEntry::key).findFirst()
                .orElseThrow(() -> new io.jazmin.error.JazminKeyException("key " + keyId + " has no grant in this file")));
    }

    /** {@link #storage(Path, ReadOptions)} of a plain file. */
    public static Storage storage(Path path) {
        return storage(path, ReadOptions.defaults());
    }

    /**
     * How the file's bytes are used by its current version: file size, live and dead bytes,
     * deleted rows, chunks and directory segments per table, append count, so a caller can decide
     * when to {@link #compact compact}. Reads the catalog only, no chunk; takes no lock.
     *
     * @param options the key or password of an encrypted file ({@code null}: none, as
     *                {@link #storage(Path)}: a plain file's report; an encrypted file's
     *                {@link io.jazmin.error.JazminKeyException})
     */
    public static Storage storage(Path path, ReadOptions options) {
        return opened(path, options == null ? ReadOptions.defaults() : options,
                file -> StorageReport.of(file, file.source().size()));
    }

    /**
     * What the file at {@code path} shows without its key or password: format version, flags, how
     * it is encrypted, its size. Reads the preamble and finds the current version's trailer only;
     * decrypts nothing and takes no lock.
     *
     * @throws io.jazmin.error.JazminFormatException when the file is not a JAZMIN file or is damaged
     */
    public static FileFacts facts(Path path) {
        try (ByteSource source = ByteSource.open(path)) {
            FileVersion version = VersionLocator.locate(source);
            Preamble p = version.preamble();
            return new FileFacts(1, p.has(Preamble.ENCRYPTED), p.has(Preamble.PASSWORD), p.has(Preamble.ACCESS),
                    p.has(Preamble.APPENDED), version.recovered(), p.kdfIterations(), source.size());
        } catch (IOException e) {
            throw new JazminIoException("cannot read", path, e);
        }
    }

    /**
     * One online grant of a shared file and its unlock token (spec §1.20), as the owner's key
     * service hands it out.
     *
     * @param keyId   the access key's id
     * @param label   the grant's label, or {@code null}
     * @param expires when the grant expires, or {@code null}
     * @param token   the grant's unlock token ({@code toString} hides it)
     */
    public record UnlockTokenGrant(String keyId, String label, Instant expires, UnlockToken token) {
    }

    /**
     * The unlock token the holder of key {@code keyId} needs with its online grant of the shared file
     * at {@code path}: what the owner's key service hands out (the request needs only the file id and
     * the key id). Tokens survive appends and rewrites, until the grant is revoked or expires.
     *
     * @param owner the file's owner key
     * @throws JazminKeyException           when {@code owner} is not the file's owner key, or the key
     *                                      has no grant
     * @throws JazminValidationException    when the grant is offline, or the file not shared
     * @throws JazminAccessExpiredException when the grant has expired
     */
    public static UnlockToken issueUnlockToken(Path path, JazminKey owner, String keyId) {
        return opened(path, ReadOptions.defaults().withKey(owner),
                file -> UnlockTokens.issue(file, keyId, Instant.now()));
    }

    /** {@link #issueUnlockToken(Path, JazminKey, String)} for the holder of {@code accessKey}. */
    public static UnlockToken issueUnlockToken(Path path, JazminKey owner, AccessKeyText accessKey) {
        return issueUnlockToken(path, owner, accessKey.keyId());
    }

    /** Every online grant of the shared file at {@code path} with its unlock token (owner key only). */
    public static List<UnlockTokenGrant> listUnlockTokens(Path path, JazminKey owner) {
        return opened(path, ReadOptions.defaults().withKey(owner), file -> UnlockTokens.list(file).stream()
                .map(g -> new UnlockTokenGrant(g.keyId(), g.label(), g.expires(), g.token())).toList());
    }

    /** What {@code work} makes of the file's current version, opened with {@code options} and closed after. */
    private static <T> T opened(Path path, ReadOptions options, Function<OpenedFile, T> work) {
        try (ByteSource source = ByteSource.open(path)) {
            OpenedFile file = FileOpener.open(source, options);
            try {
                return work.apply(file);
            } finally {
                if (file.cipher() != null) {
                    file.cipher().close();
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read", path, e);
        }
    }

    /**
     * A full update (spec §1.25): deletes by filter, upserts by key columns, inserts and a metadata
     * merge, written as a complete new version that replaces the file atomically. Unlike an
     * upsert by append, a {@code sortedBy} table keeps its order (new rows are merged into place)
     * and the file is compacted on the way. Other tables, embedded files, package, saved shapes and
     * metadata carry over; {@link UpdateChanges#withLayout} re-declares the table's sort order and
     * indexes (its rows are sorted into the new order), else it keeps its own.
     *
     * <p>A shared file is updated by its owner only ({@code options} holds the owner key): it keeps
     * its partitions (new rows go to theirs, new ones included), column groups, indexes, embedded
     * files (in their file groups) and grants, under fresh secrets; the same access keys and unlock
     * tokens open the new version.
     *
     * @throws JazminKeyException           when a shared file is not opened with its owner key
     * @throws JazminValidationException    when a re-declared sort order or index names an unknown
     *                                      column, or a new order would sort more than
     *                                      {@link io.jazmin.data.RowQuery#SORT_BUDGET_ROWS} rows
     * @throws UnsupportedFeatureException  when the file needs writer features this library does not know
     */
    public static UpdateResult update(Path path, UpdateChanges changes, WriteOptions options) {
        return Updater.update(path, options, changes);
    }

    private static ChangeResult result(Appender.Result r) {
        return new ChangeResult(r.appendCount(), r.rowsAppended(), r.rowsDeleted(), r.rowCount(), r.compacted(),
                new ChangedBytes(r.versionEnd(), r.fileBytes(), r.superseded()));
    }
}
