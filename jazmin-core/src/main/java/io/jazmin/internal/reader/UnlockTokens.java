package io.jazmin.internal.reader;

import io.jazmin.error.JazminAccessExpiredException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.key.UnlockToken;
import java.time.Instant;
import java.util.List;

/**
 * The owner's side of online grants (spec §1.20), what a key service does: hand out the unlock
 * token of a key's online grant (its share, from the owner directory) while the grant lasts, and
 * list the online grants with their tokens. Needs the file opened with its owner key.
 */
public final class UnlockTokens {
    private UnlockTokens() {
    }

    /**
     * The unlock token of key {@code keyId}'s online grant.
     *
     * @throws JazminKeyException           when the key has no grant in this version
     * @throws JazminValidationException    when its grant is offline (it needs no token)
     * @throws JazminAccessExpiredException when its grant expired before {@code now}
     */
    public static UnlockToken issue(OpenedFile file, String keyId, Instant now) {
        for (OwnerDirectory.GrantEntry g : online(file, true)) {
            if (g.keyId().equals(keyId)) {
                if (g.expires() != null && now.isAfter(g.expires())) {
                    throw new JazminAccessExpiredException(keyId, "key " + keyId + "'s grant expired at "
                            + g.expires() + ": no unlock token is issued for it");
                }
                return g.token();
            }
        }
        for (OwnerDirectory.GrantEntry g : online(file, false)) {
            if (g.keyId().equals(keyId)) {
                throw new JazminValidationException("key " + keyId + "'s grant is offline: it opens the file "
                        + "without an unlock token");
            }
        }
        throw new JazminKeyException("key " + keyId + " has no grant in this file");
    }

    /** The online grants of the file, each with its unlock token, in the owner directory's order. */
    public static List<OwnerDirectory.GrantEntry> list(OpenedFile file) {
        return online(file, true);
    }

    private static List<OwnerDirectory.GrantEntry> online(OpenedFile file, boolean online) {
        if (file.grant() == null) {
            throw new JazminValidationException("the file is not access-controlled: it has no online grants");
        }
        if (!file.grant().owner()) {
            throw new JazminKeyException("only the owner key issues and lists unlock tokens, not access key "
                    + file.grant().keyId());
        }
        return OwnerDirectory.grants(file).stream().filter(g -> g.online() == online).toList();
    }
}
