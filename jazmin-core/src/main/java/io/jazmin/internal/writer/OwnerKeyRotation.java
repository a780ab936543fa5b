package io.jazmin.internal.writer;

import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.files.FileChanges;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shared file moved to a new owner key (spec §1.19): a full rewrite signed by the new owner with a
 * fresh file id, salt, H and O, in which every grant not yet expired goes to a new access key of
 * the new owner (an access key names its owner's fingerprint, so old keys cannot carry over), with
 * the same rows, column groups, label, expiry and mode; online grants get new shares, so new
 * unlock tokens. Neither the old owner key nor any old access key opens the new version. All or
 * nothing, under the writer lock, like every shared rewrite ({@link SharedRewrite#write}).
 */
public final class OwnerKeyRotation {
    private OwnerKeyRotation() {
    }

    /**
     * Rotates the owner key of the shared file at {@code path} to {@code next}.
     *
     * @param options the current owner key, the codec and chunking of the new version, and optionally
     *                the time of the rewrite ({@link WriteOptions#now()}), which drops expired grants
     * @return previous key id → the grant that replaces it, in the owner directory's order (grants
     *         expired at the rewrite are dropped, as every writer drops them)
     * @throws JazminValidationException when {@code next} is missing or is the current owner key
     */
    public static Map<String, AccessGrant> rotate(Path path, WriteOptions options, JazminKey next) {
        if (next == null) {
            throw new JazminValidationException("no new owner key to rotate to");
        }
        if (options.key() != null && options.key().keyId().equals(next.keyId())) {
            throw new JazminValidationException("the new owner key " + next.keyId() + " is the current one: "
                    + "generate a new key to rotate to");
        }
        // One instant for the grants kept here and the expiry check of the written slots.
        Instant now = options.now() != null ? options.now() : Instant.ofEpochMilli(System.currentTimeMillis());
        WriteOptions write = options.withKey(next).withNow(now);
        Map<String, AccessGrant> replaced = new LinkedHashMap<>();
        try (WriterLock lock = WriterLock.acquire(path);
             RewriteSource source = RewriteSource.openShared(path, Rewriter.readOptions(options),
                     "given a new owner key")) {
            SharedRewrite.write(lock, source, write, source.metadata(), FileChanges.none(), current -> {
                for (AccessGrant g : current) {
                    Instant expires = g.expiresAt(now);
                    if (expires == null || expires.isAfter(now)) {
                        replaced.put(g.key().keyId(), new AccessGrant(AccessKeyText.generate(next), g.rows(),
                                g.columns(), g.files(), g.label(), expires, null, g.mode()));
                    }
                }
                return List.copyOf(replaced.values());
            }, SharedRewrite.COPY);
        }
        return replaced;
    }
}
