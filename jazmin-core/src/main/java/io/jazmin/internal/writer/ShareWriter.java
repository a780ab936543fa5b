package io.jazmin.internal.writer;

import io.jazmin.options.AccessGrant;
import io.jazmin.options.AccessSettings;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.AccessInfo;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.OwnerCatalog;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.internal.keys.OwnerSigning;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.crypto.ShareSecrets;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes what makes a file version shared (spec §1.19–1.20), around the tables the file writer
 * writes: the preamble (ENCRYPTED | ACCESS, fresh file id and salt), fresh secrets H and O sealing
 * every section, and at the end the owner catalog, the owner directory (codec 0), the key-slot
 * pages and list, the header and the owner's signature. Grants are checked before anything is
 * written: a key issued by another owner, a repeated key or an unknown column group is refused.
 */
final class ShareWriter implements AutoCloseable {
    /** Reference key-slot page size, raw bytes. */
    static final int SLOT_PAGE_BYTES = 16 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Expiry texts as the reference writes them (JavaScript {@code toISOString}). */
    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final AccessSettings settings;
    private final JazminKey owner;
    private final Preamble preamble;
    private final ShareSecrets secrets;
    private final SectionCipher cipher;
    /** Key id → the share an online grant keeps from the version rewritten (tokens stay valid, §1.20). */
    private final Map<String, byte[]> keptShares;

    private ShareWriter(AccessSettings settings, JazminKey owner, Preamble preamble, Map<String, byte[]> keptShares) {
        this.settings = settings;
        this.owner = owner;
        this.preamble = preamble;
        this.keptShares = keptShares;
        this.secrets = new ShareSecrets(preamble.fileId(), preamble.salt());
        this.cipher = secrets.cipher(owner.keyId());
    }

    /**
     * Checks the grants of {@code options} against its owner key and starts a version with file id
     * {@code fileId}; in a rewrite, the online grants of the keys in {@code keptShares} keep their
     * shares, so their unlock tokens stay valid (empty for a new file).
     *
     * @throws JazminKeyException        when a grant's access key was issued by another owner
     * @throws JazminValidationException when a key is granted twice or a grant names an unknown group
     */
    static ShareWriter start(WriteOptions options, byte[] fileId, Map<String, byte[]> keptShares) {
        AccessSettings settings = options.access();
        JazminKey owner = options.key();
        checkGrants(settings, owner);
        byte[] salt = new byte[32];
        RANDOM.nextBytes(salt);
        Map<String, byte[]> shares = new LinkedHashMap<>();
        keptShares.forEach((id, share) -> shares.put(id, share.clone()));
        return new ShareWriter(settings, owner, new Preamble(Preamble.ENCRYPTED | Preamble.ACCESS, fileId, salt, 0),
                shares);
    }

    /** Refuses grants of keys issued by another owner, keys granted twice and unknown column groups. */
    static void checkGrants(AccessSettings settings, JazminKey owner) {
        byte[] ownerKey = owner.bytes();
        byte[] fingerprint;
        try {
            fingerprint = OwnerSigning.fingerprint(OwnerSigning.publicKey(ownerKey));
        } finally {
            Arrays.fill(ownerKey, (byte) 0);
        }
        Set<String> groups = new HashSet<>(settings.columnGroups().keySet());
        groups.add(SectionIds.DEFAULT_GROUP);
        Set<String> keys = new HashSet<>(Set.of(owner.keyId()));
        for (AccessGrant g : settings.grants()) {
            String id = g.key().keyId();
            if (!MessageDigest.isEqual(fingerprint, g.key().ownerFingerprint())) {
                throw new JazminKeyException("access key " + id + " was issued by another owner: its owner "
                        + "fingerprint does not match the owner key " + owner.keyId() + " this file is written with");
            }
            if (!keys.add(id)) {
                throw new JazminValidationException("key " + id + " is granted twice (or is the owner key)");
            }
            if (!g.allColumns()) {
                for (String c : g.columns()) {
                    if (!groups.contains(c)) {
                        throw new JazminValidationException("the grant of key " + id + " names unknown column group '"
                                + c + "'");
                    }
                }
            }
        }
    }

    Preamble preamble() {
        return preamble;
    }

    SectionCipher cipher() {
        return cipher;
    }

    /** The grants being written. */
    List<AccessGrant> grants() {
        return settings.grants();
    }

    /** The id text of embedded-file group {@code name} in this version (the partition-id derivation, §1.19). */
    String fileGroupId(String name) {
        return secrets.idText(name);
    }

    /** How a new table with {@code columns} is divided. */
    SharedTable plan(List<Column> columns) {
        return plan(columns, settings);
    }

    /** How a new table with {@code columns} is divided by the partition column and groups of {@code division}. */
    SharedTable plan(List<Column> columns, AccessSettings division) {
        return SharedTable.plan(division, columns, secrets);
    }

    /**
     * Writes the owner catalog, owner directory, key slots, header and signature, and the trailer.
     *
     * @param tables     the tables written, in order
     * @param files      the embedded-file directories written, or {@code null}
     * @param fileGroups the names of their file groups, sorted (the owner directory lists them)
     */
    void finish(Output sink, SectionWriter sections, List<TableWriter.SharedEntry> tables, List<String> readerFeatures,
                long created, String metadata, FilesInfo files, List<String> fileGroups) {
        List<TableEntry> entries = new ArrayList<>();
        List<io.jazmin.internal.catalog.TableIndexes> catalogs = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (TableWriter.SharedEntry t : tables) {
            entries.add(t.entry());
            catalogs.add(t.ownerCatalog());
            names.addAll(t.partitionNames());
        }
        byte[] raw = new OwnerCatalog(catalogs).encode();
        byte[] section = sections.catalogSection(SectionIds.ownerCatalog(), raw, raw.length);
        SectionRef catalog = PartitionLog.ref(sink.write(section), section, true);
        Slots slots = writeGrants(sink, sections, secrets, owner, settings.grants(), names, allGroups(entries),
                fileGroups, Instant.ofEpochMilli(created), keptShares);
        Header header = new Header(readerFeatures, List.of(), created, 0, 0, metadata, entries, null, files,
                new AccessInfo(slots.ownerDirectory(), catalog), List.of());
        byte[] headerRaw = header.encode();
        byte[] headerSection = sections.section(SectionIds.header(), headerRaw, headerRaw.length);
        long headerAt = sink.write(headerSection);
        sink.write(signed(sink, owner, preamble.fileId(), slots, headerAt, headerSection));
    }

    /**
     * Where a version's key slots are: the owner directory listing its grants, and the key-slot
     * list section (its offset and whole bytes, as the signature covers them).
     */
    record Slots(SectionRef ownerDirectory, long listAt, byte[] list) {
    }

    /**
     * Writes the owner directory (codec 0) and the key-slot pages and list of {@code grants}
     * sealed with {@code secrets}: the owner's slot and one per grant not expired at {@code now}.
     *
     * @param names      the partition names present in the version
     * @param groups     every column group of the version
     * @param fileGroups the embedded-file group names of the version, sorted
     * @param keptShares key id → share an online grant keeps (else it gets a new one)
     */
    static Slots writeGrants(Output sink, SectionWriter sections, ShareSecrets secrets, JazminKey owner,
                             List<AccessGrant> grants, Set<String> names, List<String> groups,
                             List<String> fileGroups, Instant now, Map<String, byte[]> keptShares) {
        List<KeySlots.Entry> slots = new ArrayList<>();
        slots.add(secrets.ownerSlot(owner));
        ObjectNode directory = JSON.createObjectNode();
        ArrayNode partitions = directory.putArray("partitions");
        names.forEach(partitions::add);
        if (!fileGroups.isEmpty()) {
            fileGroups.forEach(directory.putArray("fileGroups")::add);
        }
        ArrayNode listed = directory.putArray("grants");
        for (AccessGrant g : grants) {
            Instant expires = g.expiresAt(now);
            if (expires != null && !expires.isAfter(now)) {
                continue; // grants already expired are left out (spec §1.20)
            }
            String expiresText = expires == null ? null : ISO_MILLIS.format(expires);
            byte[] kept = keptShares.get(g.key().keyId());
            byte[] share = g.mode() != AccessGrant.Mode.ONLINE ? null : kept != null ? kept : ShareSecrets.newShare();
            Map<String, String> visibleFiles = new LinkedHashMap<>();
            for (String f : fileGroups) {
                if (g.seesFileGroup(f, names)) {
                    visibleFiles.put(secrets.idText(f), f);
                }
            }
            slots.add(secrets.accessSlot(g.key(), owner, grantedPartitions(secrets, g, names),
                    g.allColumns() ? groups : g.columns(), visibleFiles, expiresText, share));
            listed.add(directoryEntry(g, expiresText, share));
        }
        byte[] dirRaw = JSON.writeValueAsBytes(directory);
        byte[] dirSection = sections.uncompressedSection("owner", dirRaw);
        SectionRef ownerDirectory = PartitionLog.ref(sink.write(dirSection), dirSection, true);

        SectionWriter plain = new SectionWriter(Codec.NONE, 0);
        List<byte[]> firstIds = new ArrayList<>();
        List<KeySlots.PageRef> pages = new ArrayList<>();
        List<byte[]> payloads = KeySlots.pages(slots, SLOT_PAGE_BYTES);
        for (int n = 0; n < payloads.size(); n++) {
            byte[] page = plain.section("keyslots/" + n, payloads.get(n), payloads.get(n).length);
            long at = sink.write(page);
            firstIds.add(KeySlots.firstSlotId(payloads.get(n)));
            pages.add(new KeySlots.PageRef(n, at, page.length, SectionReader.sha256(page)));
        }
        byte[] listRaw = KeySlots.list(firstIds, pages);
        byte[] list = plain.section("keyslots", listRaw, listRaw.length);
        return new Slots(ownerDirectory, sink.write(list), list);
    }

    /**
     * Writes the owner's signature over the key-slot list of {@code slots} and the header section
     * written at {@code headerAt}; returns the trailer pointing at all three.
     */
    static byte[] signed(Output sink, JazminKey owner, byte[] fileId, Slots slots, long headerAt,
                         byte[] headerSection) {
        byte[] signature = signature(owner, fileId, slots.list(), headerSection);
        byte[] signatureSection = new SectionWriter(Codec.NONE, 0).section("signature", signature, signature.length);
        long signatureAt = sink.write(signatureSection);
        return new Trailer(headerAt, headerSection.length, slots.listAt(), slots.list().length, signatureAt,
                signatureSection.length).encode();
    }

    /** Q ‖ the owner's signature over the key-slot list and the header. */
    private static byte[] signature(JazminKey owner, byte[] fileId, byte[] list, byte[] headerSection) {
        byte[] ownerKey = owner.bytes();
        try {
            byte[] q = OwnerSigning.publicKey(ownerKey);
            byte[] rs = OwnerSigning.sign(ownerKey, OwnerSigning.signedMessage(fileId, list, headerSection));
            byte[] out = Arrays.copyOf(q, q.length + rs.length);
            System.arraycopy(rs, 0, out, q.length, rs.length);
            return out;
        } finally {
            Arrays.fill(ownerKey, (byte) 0);
        }
    }

    /** Every column group of {@code tables}, in order of first appearance (what columns "*" grants). */
    static List<String> allGroups(List<TableEntry> tables) {
        Set<String> all = new LinkedHashSet<>();
        tables.forEach(t -> t.columnGroups().forEach(c -> all.add(c.name())));
        return List.copyOf(all);
    }

    /** Id text → name of the partitions present that {@code g} grants: all of them for rows "*". */
    private static Map<String, String> grantedPartitions(ShareSecrets secrets, AccessGrant g, Set<String> present) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : g.allRows() ? present : g.rows()) {
            if (present.contains(name)) {
                out.put(secrets.idText(name), name);
            }
        }
        return out;
    }

    /** The grant as the owner directory lists it: the string "*" or a list, as given. */
    private static ObjectNode directoryEntry(AccessGrant g, String expires, byte[] share) {
        ObjectNode e = JSON.createObjectNode();
        e.put("key", g.key().text());
        if (g.allRows()) {
            e.put("rows", "*");
        } else {
            g.rows().forEach(e.putArray("rows")::add);
        }
        if (g.allColumns()) {
            e.put("columns", "*");
        } else {
            g.columns().forEach(e.putArray("columns")::add);
        }
        if (g.label() != null) {
            e.put("label", g.label());
        }
        if (g.allFiles()) {
            e.put("files", "*");
        } else if (!g.files().isEmpty()) {
            g.files().forEach(e.putArray("files")::add);
        }
        if (expires != null) {
            e.put("expires", expires);
        }
        e.put("mode", g.mode().text());
        if (share != null) {
            e.put("share", Base64.getEncoder().encodeToString(share));
        }
        return e;
    }

    /** Clears the version's secrets and keys. */
    @Override
    public void close() {
        cipher.close();
        secrets.close();
        keptShares.values().forEach(share -> Arrays.fill(share, (byte) 0));
    }
}
