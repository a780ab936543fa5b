package io.jazmin.internal.crypto;

import io.jazmin.error.JazminKeyException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import io.jazmin.internal.keys.Hkdf;

/**
 * The section keys of one access-controlled file version (spec §1.19): HKDF(ikm, preamble salt,
 * "JAZMIN/1/" + section id), the ikm chosen by the section: H for the header, partition table,
 * deltas and deletes; P(p) for directory segments; P(p) ‖ C(g) for chunk parts and statistics;
 * C(g) for restricted groups' definitions; O for indexes, the owner catalog, chunk maps and the
 * owner directory; F(id) for file directories. The owner derives P, C and F from O; an access key
 * has only those of its bundle, so a section outside its grant has no key here at all.
 *
 * <p>A chunk part's id names its group but not its partition, and a statistics block's id names
 * its partition but not its group: the caller gives the missing one as the {@code scope}.
 */
final class AccessKeys implements SectionKeys {
    private static final String LABEL = "JAZMIN/1/";
    private final AccessBundle bundle;
    private final byte[] salt;
    private final String keyId;
    // Extracted PRKs per ikm (one HMAC per section key afterwards); owner-derived secrets too.
    private final Map<String, byte[]> prks = new HashMap<>();
    private final Map<String, byte[]> derived = new HashMap<>();
    private boolean closed;

    AccessKeys(AccessBundle bundle, byte[] salt, String keyId) {
        this.bundle = bundle;
        this.salt = salt.clone();
        this.keyId = keyId;
    }

    AccessBundle bundle() {
        return bundle;
    }

    @Override
    public byte[] sectionKey(String sectionId) {
        return sectionKey(sectionId, null);
    }

    @Override
    public synchronized byte[] sectionKey(String sectionId, String scope) {
        if (closed) {
            throw new IllegalStateException("the file's keys were cleared: its reader is closed");
        }
        byte[] prk = prks.computeIfAbsent(ikmName(sectionId, scope), this::extract);
        return Hkdf.expandKey(prk, LABEL, sectionId);
    }

    /** Which secret (or pair) locks a section: "H", "O", "P:p", "C:g", "PC:p/g" or "F:id". */
    private String ikmName(String id, String scope) {
        if (id.equals("header") || id.startsWith("delta/")) {
            return "H";
        }
        if (id.equals("owner") || id.startsWith("owner/")) {
            return "O";
        }
        if (id.startsWith("files/dir/")) {
            return "F:" + part(id, 2);
        }
        String kind = part(id, 1);
        switch (kind) {
            case "partitions", "deletes" -> {
                return "H";
            }
            case "index", "chunkmap" -> {
                return "O";
            }
            case "dir" -> {
                return "P:" + part(id, 2);
            }
            case "columns" -> {
                return "C:" + part(id, 2);
            }
            case "chunk" -> {
                return "PC:" + requireScope(scope, id) + "/" + part(id, 3);
            }
            case "stats" -> {
                return "PC:" + part(id, 2) + "/" + requireScope(scope, id);
            }
            default -> throw noKey(id);
        }
    }

    private static String requireScope(String scope, String id) {
        if (scope == null) {
            throw new IllegalStateException("section " + id + " needs its partition or group to find its key");
        }
        return scope;
    }

    private byte[] extract(String name) {
        byte[] ikm = switch (name.charAt(0)) {
            case 'H' -> bundle.header();
            case 'O' -> owner(name);
            case 'P' -> name.startsWith("PC:") ? pair(name) : partition(name.substring(2));
            case 'C' -> group(name.substring(2));
            case 'F' -> fileGroup(name.substring(2));
            default -> throw new IllegalStateException(name);
        };
        try {
            return Hkdf.extract(salt, ikm);
        } finally {
            if (name.startsWith("PC:")) {
                Arrays.fill(ikm, (byte) 0);
            }
        }
    }

    private byte[] pair(String name) {
        String rest = name.substring(3);
        int slash = rest.indexOf('/');
        byte[] p = partition(rest.substring(0, slash));
        byte[] c = group(rest.substring(slash + 1));
        byte[] both = Arrays.copyOf(p, p.length + c.length);
        System.arraycopy(c, 0, both, p.length, c.length);
        return both;
    }

    private byte[] partition(String id) {
        return secret(bundle.partitions(), "partition/", id);
    }

    private byte[] group(String name) {
        return secret(bundle.columns(), "column-group/", name);
    }

    private byte[] fileGroup(String id) {
        return secret(bundle.files(), "file-group/", id);
    }

    private byte[] owner(String what) {
        if (!bundle.owner()) {
            throw noKey(what);
        }
        return bundle.ownerSecret();
    }

    /** A granted secret, or for the owner HKDF(O, salt, "JAZMIN/1/" + label + name). */
    private byte[] secret(Map<String, byte[]> granted, String label, String name) {
        if (bundle.owner()) {
            return derived.computeIfAbsent(label + name, l -> Hkdf.derive(bundle.ownerSecret(), salt,
                    (LABEL + l).getBytes(StandardCharsets.UTF_8), Hkdf.HASH_SIZE));
        }
        byte[] s = granted.get(name);
        if (s == null) {
            throw noKey(label + name);
        }
        return s;
    }

    private JazminKeyException noKey(String what) {
        return new JazminKeyException("key " + keyId + " is not granted what opens " + what);
    }

    private static String part(String id, int n) {
        String[] parts = id.split("/", -1);
        return n < parts.length ? parts[n] : "";
    }

    /** Clears the bundle's secrets and every key derived from them. */
    @Override
    public synchronized void close() {
        closed = true;
        bundle.clear();
        prks.values().forEach(k -> Arrays.fill(k, (byte) 0));
        derived.values().forEach(k -> Arrays.fill(k, (byte) 0));
        prks.clear();
        derived.clear();
        Arrays.fill(salt, (byte) 0);
    }
}
