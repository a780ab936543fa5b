package io.jazmin.internal.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import io.jazmin.key.AccessKeyText;
import io.jazmin.internal.keys.Hkdf;
import io.jazmin.key.JazminKey;

/**
 * The per-version secrets of a shared file being written (spec §1.19): fresh random H (header) and
 * O (owner) for every full write, and what the writer derives from them with the preamble salt:
 * partition and file-group ids, P(id), C(g), F(id), the cipher that seals every section under these keys, the sealed
 * key slots of the owner and of each grant, and the grants' submission keys (§1.21).
 * {@link #close()} clears H and O; {@link #toString()} shows nothing secret.
 */
public final class ShareSecrets implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String LABEL = "JAZMIN/1/";
    private static final Base64.Encoder B64 = Base64.getEncoder();
    private static final Base64.Encoder ID_TEXT = Base64.getUrlEncoder().withoutPadding();
    private static final int PARTITION_ID_SIZE = 12;

    private final byte[] header;
    private final byte[] owner;
    private final byte[] salt;
    private final byte[] fileId;
    private final byte[] partitionIdKey;

    /** New random H and O for the version with {@code fileId} and preamble {@code salt}. */
    public ShareSecrets(byte[] fileId, byte[] salt) {
        this(fileId, salt, random(), random());
    }

    /** The secrets H and O (copied) of an existing version, which an append reuses (spec §1.24). */
    ShareSecrets(byte[] fileId, byte[] salt, byte[] header, byte[] owner) {
        this.header = header.clone();
        this.owner = owner.clone();
        this.fileId = fileId.clone();
        this.salt = salt.clone();
        this.partitionIdKey = derive("partition-id");
    }

    /** The cipher sealing this version's sections (the owner's keys); closing it leaves these secrets. */
    public SectionCipher cipher(String ownerKeyId) {
        return SectionCipher.forAccess(fileId, salt, ownerBundle(), ownerKeyId);
    }

    private AccessBundle ownerBundle() {
        return new AccessBundle(header.clone(), owner.clone(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), null,
                false, null);
    }

    /** The 12-byte id of partition {@code name}: HMAC-SHA256(HKDF(O, salt, "…/partition-id"), name)[0..12). */
    public byte[] partitionId(String name) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(partitionIdKey, "HmacSHA256"));
            return Arrays.copyOf(mac.doFinal(name.getBytes(StandardCharsets.UTF_8)), PARTITION_ID_SIZE);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no HmacSHA256", e);
        }
    }

    /** The id text of partition or embedded-file group {@code name} (file groups use the partition-id derivation). */
    public String idText(String name) {
        return idText(partitionId(name));
    }

    /** A partition id's text in section ids and bundles: base64url without padding. */
    public static String idText(byte[] id) {
        return ID_TEXT.encodeToString(id);
    }

    /** The owner's slot: the bundle {@code {header, owner}} sealed with the owner key. */
    public KeySlots.Entry ownerSlot(JazminKey ownerKey) {
        ObjectNode bundle = JSON.createObjectNode();
        bundle.put("header", B64.encodeToString(header));
        bundle.put("owner", B64.encodeToString(owner));
        byte[] secret = ownerKey.bytes();
        try {
            return seal(bundle, secret, null, JazminKey.slotIdBytes(secret), false);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /**
     * An access key's slot: H, the secrets of its partitions (name by id text), column groups and
     * embedded-file groups, its expiry and mode, and its submission key.
     *
     * @param fileGroups the file groups the key sees, id text → name (none: no {@code files} member);
     *                   the names go to {@code fileGroupNames}, so the holder can list them by name
     * @param share      the online grant's 32-byte share, or {@code null} for an offline grant
     */
    public KeySlots.Entry accessSlot(AccessKeyText key, JazminKey ownerKey, Map<String, String> partitions,
                                     List<String> groups, Map<String, String> fileGroups, String expires,
                                     byte[] share) {
        ObjectNode bundle = JSON.createObjectNode();
        bundle.put("header", B64.encodeToString(header));
        ObjectNode secrets = bundle.putObject("partitions");
        partitions.keySet().forEach(id -> secrets.put(id, B64.encodeToString(derive("partition/" + id))));
        ObjectNode names = bundle.putObject("partitionNames");
        partitions.forEach(names::put);
        ObjectNode columns = bundle.putObject("columns");
        groups.forEach(g -> columns.put(g, B64.encodeToString(derive("column-group/" + g))));
        if (!fileGroups.isEmpty()) {
            ObjectNode files = bundle.putObject("files");
            fileGroups.keySet().forEach(id -> files.put(id, B64.encodeToString(derive("file-group/" + id))));
            // Not in the spec's bundle: the reference readers ignore unknown members (§1.19).
            fileGroups.forEach(bundle.putObject("fileGroupNames")::put);
        }
        if (expires != null) {
            bundle.put("expires", expires);
        }
        if (share != null) {
            bundle.put("online", true);
        }
        bundle.put("submission", B64.encodeToString(submissionKey(ownerKey, key.keyId())));
        byte[] secret = key.secret();
        try {
            return seal(bundle, secret, share, JazminKey.slotIdBytes(secret), share != null);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /** A new random 32-byte share for an online grant. */
    public static byte[] newShare() {
        return random();
    }

    /** The submission key of access key {@code keyId}: HKDF(owner key, "", "JAZMIN/1/submission/" + id, 32). */
    public static byte[] submissionKey(JazminKey ownerKey, String keyId) {
        byte[] secret = ownerKey.bytes();
        try {
            return Hkdf.derive(secret, new byte[0], (LABEL + "submission/" + keyId).getBytes(StandardCharsets.UTF_8),
                    Hkdf.HASH_SIZE);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    private KeySlots.Entry seal(ObjectNode bundle, byte[] secret, byte[] share, byte[] slotId, boolean online) {
        byte[] json = JSON.writeValueAsBytes(bundle);
        try {
            return new KeySlots.Entry(slotId, KeySlots.seal(json, secret, share, salt, fileId, slotId), online);
        } finally {
            Arrays.fill(json, (byte) 0);
        }
    }

    private byte[] derive(String what) {
        return Hkdf.derive(owner, salt, (LABEL + what).getBytes(StandardCharsets.UTF_8), Hkdf.HASH_SIZE);
    }

    private static byte[] random() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    /** Clears H, O and the partition-id key. */
    @Override
    public void close() {
        Arrays.fill(header, (byte) 0);
        Arrays.fill(owner, (byte) 0);
        Arrays.fill(partitionIdKey, (byte) 0);
    }

    @Override
    public String toString() {
        return "ShareSecrets[file=" + HexFormat.of().formatHex(fileId) + "]";
    }
}
