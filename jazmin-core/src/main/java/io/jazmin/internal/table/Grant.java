package io.jazmin.internal.table;

import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.key.JazminKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the key that opened an access-controlled file may see (spec §1.19): the owner everything;
 * an access key the partitions and column groups of its bundle. Holds names and ids, and the
 * holder's submission key.
 *
 * @param owner          whether the file was opened with its owner key
 * @param keyId          the key id (16 hex digits)
 * @param partitionNames granted partition id text (base64url) → name; empty for the owner
 * @param groups         granted column-group names; empty for the owner
 * @param fileGroups     id texts of the embedded-file groups whose directories the key opens; empty for the owner
 * @param fileGroupNames id text → name of those groups the bundle names (files of this library's writers)
 * @param expires        when the grant expires, or {@code null}
 * @param submission     the access key's submission key from its bundle (spec §1.21), or {@code null}
 *                       (the owner, or a bundle without one); the only secret here, and
 *                       {@link JazminKey#toString()} shows only its id
 */
public record Grant(boolean owner, String keyId, Map<String, String> partitionNames, Set<String> groups,
                    Set<String> fileGroups, Map<String, String> fileGroupNames, Instant expires, JazminKey submission) {

    public Grant {
        partitionNames = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(partitionNames));
        groups = Set.copyOf(groups);
        fileGroups = Set.copyOf(fileGroups);
        fileGroupNames = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fileGroupNames));
    }

    /** The grant of a bundle (its expiry already parsed). */
    public static Grant of(AccessBundle bundle, String keyId, Instant expires) {
        Map<String, String> names = new LinkedHashMap<>();
        for (String id : bundle.partitions().keySet()) {
            names.put(id, bundle.partitionNames().getOrDefault(id, ""));
        }
        JazminKey submission = bundle.submission() == null ? null : JazminKey.of(bundle.submission());
        return new Grant(bundle.owner(), keyId, names, bundle.columns().keySet(), bundle.files().keySet(),
                bundle.fileGroupNames(), expires,
                submission);
    }

    /** Whether partition {@code idText} (base64url) may be read. */
    public boolean seesPartition(String idText) {
        return owner || partitionNames.containsKey(idText);
    }

    /** Whether column group {@code name} may be read. */
    public boolean seesGroup(String name) {
        return owner || groups.contains(name);
    }

    /** Whether the embedded-file directory of file group {@code idText} may be opened. */
    public boolean seesFileGroup(String idText) {
        return owner || fileGroups.contains(idText);
    }

    /** The granted partition names, in bundle order (an access key's). */
    public List<String> partitionList() {
        return List.copyOf(partitionNames.values());
    }
}
