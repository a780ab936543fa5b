package io.jazmin.internal.writer;

import io.jazmin.error.JazminValidationException;
import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The grants an owner's append to a shared file may write (spec §1.24, review finding R2): the
 * append reuses the version's secrets, so a key keeps whatever its old slot gave it. New grants
 * and widened ones are allowed; a grant that would lose partitions, column groups or file groups, gain or
 * move forward an expiry, or go from offline to online, and a grant left out (a revocation), are
 * refused: they need a full rewrite ({@code grantAccess}, {@code revokeAccess}). The partition
 * column and column groups are fixed by the full write.
 */
final class GrantWidening {
    private GrantWidening() {
    }

    /**
     * The grants of {@code requested}, checked against the file's {@code current} grants and division.
     *
     * @param now when the append is written (for relative expiries)
     * @throws JazminValidationException naming the key and what would narrow
     */
    static List<AccessGrant> check(List<AccessGrant> current, AccessSettings division, AccessSettings requested,
                                   Instant now) {
        if (!Objects.equals(division.partitionBy(), requested.partitionBy())
                || !division.columnGroups().equals(requested.columnGroups())) {
            throw new JazminValidationException("an append cannot change the partition column or the column groups "
                    + "of a shared file (partitionBy '" + division.partitionBy() + "', groups "
                    + division.columnGroups().keySet() + "): write the file again");
        }
        Map<String, AccessGrant> next = new LinkedHashMap<>();
        requested.grants().forEach(g -> next.put(g.key().keyId(), g));
        for (AccessGrant old : current) {
            Instant oldExpires = old.expiresAt(now);
            if (oldExpires != null && !oldExpires.isAfter(now)) {
                continue; // an expired grant gives nothing any more
            }
            String id = old.key().keyId();
            AccessGrant g = next.get(id);
            if (g == null) {
                throw narrowing(id, "its grant would be revoked");
            }
            if (!covers(g.rows(), old.rows())) {
                throw narrowing(id, "it would lose partitions " + old.rows() + " → " + g.rows());
            }
            if (!covers(g.columns(), old.columns())) {
                throw narrowing(id, "it would lose column groups " + old.columns() + " → " + g.columns());
            }
            if (!covers(g.files(), old.files())) {
                throw narrowing(id, "it would lose file groups " + old.files() + " → " + g.files());
            }
            Instant expires = g.expiresAt(now);
            if (expires != null && (oldExpires == null || expires.isBefore(oldExpires))) {
                throw narrowing(id, "its grant would expire earlier");
            }
            if (old.mode() == AccessGrant.Mode.OFFLINE && g.mode() == AccessGrant.Mode.ONLINE) {
                throw narrowing(id, "its offline grant would become online");
            }
        }
        return requested.grants();
    }

    /** Whether the names {@code wider} ({@code null}: all) include all of {@code narrower}. */
    private static boolean covers(List<String> wider, List<String> narrower) {
        return wider == null || (narrower != null && new HashSet<>(wider).containsAll(narrower));
    }

    private static JazminValidationException narrowing(String keyId, String what) {
        return new JazminValidationException("an append cannot narrow key " + keyId + "'s access: " + what
                + "; narrowing and revocation need a full rewrite (grantAccess, revokeAccess)");
    }
}
