package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.UnlockToken;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner directory of an access-controlled file (section {@code owner}, UTF-8 JSON, owner
 * only; spec §1.19): the names of the file's partitions and embedded-file groups, and the grants
 * with their keys, file groups, labels, expiry, mode and (online grants) the key service's share.
 */
public final class OwnerDirectory {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    /** The owner directory's section id. */
    static final String ID = "owner";

    /**
     * One grant as the owner directory lists it.
     *
     * @param key     the access key (the owner keeps it to seal the key's slot in later versions)
     * @param keyId   the access key's id
     * @param rows    the partition names granted, or {@code null} for all ({@code "*"})
     * @param columns the column groups granted, or {@code null} for all ({@code "*"})
     * @param files   the embedded-file groups granted (empty when the grant lists none), or
     *                {@code null} for all ({@code "*"})
     * @param label   the grant's label, or {@code null}
     * @param expires when it expires, or {@code null}
     * @param online  whether its slot is sealed with a share too
     * @param token   the unlock token of an online grant's share, else {@code null}
     */
    public record GrantEntry(AccessKeyText key, String keyId, List<String> rows, List<String> columns,
                             List<String> files, String label, Instant expires, boolean online, UnlockToken token) {
        @Override
        public String toString() {
            return "GrantEntry[keyId=" + keyId + ", rows=" + rows + ", columns=" + columns + ", files=" + files
                    + ", online=" + online + "]";
        }
    }

    private OwnerDirectory() {
    }

    /** The partition names the owner directory lists, in its order. */
    public static List<String> partitions(OpenedFile file) {
        SectionRef ref = ref(file);
        JsonNode names = root(file, ref).get("partitions");
        if (names == null || !names.isArray()) {
            throw new JazminFormatException("the owner directory lists no partitions", ID, ref.offset());
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : names) {
            if (!n.isString()) {
                throw new JazminFormatException("the owner directory names a partition with a non-text value",
                        ID, ref.offset());
            }
            out.add(n.asString());
        }
        return List.copyOf(out);
    }

    /** The embedded-file group names the owner directory lists ({@code fileGroups}; empty when absent). */
    public static List<String> fileGroups(OpenedFile file) {
        SectionRef ref = ref(file);
        JsonNode names = root(file, ref).get("fileGroups");
        if (names == null) {
            return List.of();
        }
        List<String> out = null;
        try {
            out = names(names, "", "fileGroups");
        } catch (JazminFormatException e) {
            // Reported below, naming the section.
        }
        if (out == null) {
            throw new JazminFormatException("the owner directory's fileGroups are not a list of names", ID,
                    ref.offset());
        }
        return out;
    }

    /**
     * The grants the owner directory lists, in its order (the file must be open with its owner key).
     *
     * @throws JazminFormatException when a grant is malformed
     */
    public static List<GrantEntry> grants(OpenedFile file) {
        SectionRef ref = ref(file);
        JsonNode grants = root(file, ref).get("grants");
        List<GrantEntry> out = new ArrayList<>();
        if (grants == null) {
            return out;
        }
        if (!grants.isArray()) {
            throw new JazminFormatException("the owner directory's grants are not an array", ID, ref.offset());
        }
        for (JsonNode g : grants) {
            try {
                out.add(grant(g));
            } catch (JazminFormatException e) {
                throw e.inSection(ID, ref.offset());
            }
        }
        return List.copyOf(out);
    }

    private static GrantEntry grant(JsonNode g) {
        JsonNode key = g.get("key");
        if (key == null || !key.isString()) {
            throw new JazminFormatException("a grant of the owner directory has no access key");
        }
        AccessKeyText accessKey;
        try {
            accessKey = AccessKeyText.parse(key.asString());
        } catch (RuntimeException e) {
            throw new JazminFormatException("a grant of the owner directory holds an access key that does not parse");
        }
        String keyId = accessKey.keyId();
        JsonNode label = g.get("label");
        JsonNode mode = g.get("mode");
        boolean online = mode != null && "online".equals(mode.asString(""));
        UnlockToken token = null;
        JsonNode share = g.get("share");
        if (online) {
            if (share == null || !share.isString()) {
                throw new JazminFormatException("key " + keyId + "'s online grant has no share");
            }
            try {
                token = UnlockToken.of(Base64.getDecoder().decode(share.asString()));
            } catch (IllegalArgumentException e) {
                throw new JazminFormatException("key " + keyId + "'s online grant has a share that is not base64");
            }
        }
        JsonNode files = g.get("files");
        return new GrantEntry(accessKey, keyId, names(g.get("rows"), keyId, "rows"),
                names(g.get("columns"), keyId, "columns"), files == null ? List.of() : names(files, keyId, "files"),
                label != null && label.isString() ? label.asString() : null,
                expires(g.get("expires"), keyId), online, token);
    }

    /** A grant's rows, columns or files: the string "*" ({@code null}: all) or an array of names; anything else fails closed. */
    private static List<String> names(JsonNode node, String keyId, String member) {
        if (node != null && node.isString() && "*".equals(node.asString())) {
            return null;
        }
        if (node == null || !node.isArray()) {
            throw new JazminFormatException("key " + keyId + "'s grant has no '" + member + "' list");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isString()) {
                throw new JazminFormatException("key " + keyId + "'s grant names " + member + " with a non-text value");
            }
            out.add(n.asString());
        }
        return List.copyOf(out);
    }

    /** An expiry as ISO-8601 text or epoch milliseconds; anything else fails closed. */
    private static Instant expires(JsonNode node, String keyId) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return Instant.ofEpochMilli(node.asLong());
        }
        if (node.isString()) {
            try {
                return Instant.parse(node.asString());
            } catch (RuntimeException e) {
                // Falls through to the error below.
            }
        }
        throw new JazminFormatException("key " + keyId + "'s grant has an expiry that is not a date");
    }

    private static SectionRef ref(OpenedFile file) {
        SectionRef ref = file.header().access() == null ? null : file.header().access().ownerDirectory();
        if (ref == null) {
            throw new JazminFormatException("the access-controlled file has no owner directory");
        }
        return ref;
    }

    private static JsonNode root(OpenedFile file, SectionRef ref) {
        byte[] raw = file.sections().read(ID, ref);
        JsonNode root;
        try {
            root = JSON.readTree(raw);
        } catch (JacksonException e) {
            throw new JazminFormatException("the owner directory is not valid JSON", ID, ref.offset());
        }
        if (root == null || !root.isObject()) {
            throw new JazminFormatException("the owner directory is not a JSON object", ID, ref.offset());
        }
        return root;
    }
}
