package io.jazmin.internal.crypto;

import io.jazmin.error.JazminFormatException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON bundle sealed in a key slot (spec §1.19): the owner's {@code {header, owner}}, or an
 * access key's header secret, its partitions (id → secret, id → name), its column groups
 * (name → secret), file groups, and optional {@code expires}, {@code online} and {@code submission}.
 * Unknown members are ignored; repeated member names, wrong types and secrets that are not 32 bytes
 * are refused.
 * {@link #toString()} shows no secret.
 *
 * @param header         H, the header secret
 * @param ownerSecret    O for the owner, else {@code null}
 * @param partitions     partition id text (base64url) → P(id), in bundle order (empty for the owner)
 * @param partitionNames partition id text → partition name
 * @param columns        column-group name → C(g)
 * @param files          file-group id text → F(id)
 * @param fileGroupNames file-group id text → group name, for groups of {@code files} the writer named
 *                       ({@code fileGroupNames}: this library's writers add it, readers of the
 *                       reference libraries ignore it; empty in their files)
 * @param expires        the ISO-8601 expiry text, or {@code null}
 * @param online         whether the grant is online (its slot needs an unlock token)
 * @param submission     the holder's submission key (spec §1.21), or {@code null} when the bundle has none
 */
public record AccessBundle(byte[] header, byte[] ownerSecret, Map<String, byte[]> partitions,
                           Map<String, String> partitionNames, Map<String, byte[]> columns,
                           Map<String, byte[]> files, Map<String, String> fileGroupNames, String expires,
                           boolean online, byte[] submission) {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final int SECRET_SIZE = 32;
    private static final int ID_SIZE = 12;

    /** Whether this is the owner's bundle. */
    public boolean owner() {
        return ownerSecret != null;
    }

    /**
     * Parses a bundle's UTF-8 JSON text.
     *
     * @throws JazminFormatException when it is not a valid bundle
     */
    public static AccessBundle parse(byte[] json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new JazminFormatException("the key slot's bundle is not valid JSON");
        } finally {
            Arrays.fill(json, (byte) 0);
        }
        if (root == null || !root.isObject()) {
            throw new JazminFormatException("the key slot's bundle is not a JSON object");
        }
        byte[] header = secret(root.get("header"), "header");
        if (header == null) {
            throw new JazminFormatException("the key slot's bundle has no header secret");
        }
        byte[] owner = secret(root.get("owner"), "owner");
        JsonNode expires = root.get("expires");
        if (expires != null && !expires.isString()) {
            throw new JazminFormatException("the key slot's bundle has an expiry that is not a text");
        }
        JsonNode online = root.get("online");
        if (online != null && !online.isBoolean()) {
            throw new JazminFormatException("the key slot's bundle has an 'online' member that is not a boolean");
        }
        return new AccessBundle(header, owner, secrets(root.get("partitions"), "partitions", true),
                names(root.get("partitionNames"), "partitionNames"), secrets(root.get("columns"), "columns", false),
                secrets(root.get("files"), "files", true), names(root.get("fileGroupNames"), "fileGroupNames"),
                expires == null ? null : expires.asString(),
                online != null && online.asBoolean(), secret(root.get("submission"), "submission"));
    }

    private static byte[] secret(JsonNode node, String what) {
        if (node == null) {
            return null;
        }
        byte[] bytes = null;
        if (node.isString()) {
            try {
                bytes = Base64.getDecoder().decode(node.asString());
            } catch (IllegalArgumentException e) {
                bytes = null;
            }
        }
        if (bytes == null || bytes.length != SECRET_SIZE) {
            throw new JazminFormatException("the key slot's bundle has a '" + what + "' secret that is not 32 bytes "
                    + "of base64");
        }
        return bytes;
    }

    private static Map<String, byte[]> secrets(JsonNode node, String what, boolean ids) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        if (!node.isObject()) {
            throw new JazminFormatException("the key slot's bundle member '" + what + "' is not an object");
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (ids) {
                checkId(e.getKey(), what);
            }
            out.put(e.getKey(), secret(e.getValue(), what));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, String> names(JsonNode node, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        if (!node.isObject()) {
            throw new JazminFormatException("the key slot's bundle member '" + what + "' is not an object");
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!e.getValue().isString()) {
                throw new JazminFormatException("the key slot's bundle member '" + what + "' has a non-text name");
            }
            out.put(e.getKey(), e.getValue().asString());
        }
        return Collections.unmodifiableMap(out);
    }

    /** A partition or file-group id: base64url without padding of 12 bytes (16 characters). */
    private static void checkId(String id, String what) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(id);
        } catch (IllegalArgumentException e) {
            bytes = null;
        }
        if (id.length() != 16 || bytes == null || bytes.length != ID_SIZE) {
            throw new JazminFormatException("the key slot's bundle member '" + what + "' has an invalid id");
        }
    }

    /** Clears every secret held. */
    public void clear() {
        Arrays.fill(header, (byte) 0);
        if (ownerSecret != null) {
            Arrays.fill(ownerSecret, (byte) 0);
        }
        partitions.values().forEach(s -> Arrays.fill(s, (byte) 0));
        columns.values().forEach(s -> Arrays.fill(s, (byte) 0));
        files.values().forEach(s -> Arrays.fill(s, (byte) 0));
        if (submission != null) {
            Arrays.fill(submission, (byte) 0);
        }
    }

    /** Partitions and groups granted, never the secrets. */
    @Override
    public String toString() {
        return "AccessBundle[owner=" + owner() + ", partitions=" + partitionNames.values() + ", columns="
                + columns.keySet() + ", expires=" + expires + ", online=" + online + "]";
    }
}
