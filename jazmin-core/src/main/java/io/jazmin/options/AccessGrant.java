package io.jazmin.options;

import io.jazmin.key.AccessKeyText;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import io.jazmin.error.JazminValidationException;

/**
 * One grant of a shared (access-controlled) file (spec §1.19–1.20): which rows (partitions) and
 * which column groups (and embedded-file groups) an access key opens, with an optional label, expiry and mode. Immutable;
 * start from {@link #of(AccessKeyText)}, which grants everything:
 * <pre>{@code AccessGrant.of(bob).withRows(List.of("ZA")).withColumns(List.of("*")).withLabel("Bob")}</pre>
 *
 * <p>As in the reference, "all" (the text {@code "*"}) differs from a list: all rows or all
 * groups means everything present in the version written, while the list {@code ["*"]} names the
 * single partition {@code *} (tables without a partition column) or only the default column group
 * {@code *}. {@link #toString()} shows the key id, never the key.
 *
 * @param key       the access key (issued by this file's owner)
 * @param rows      the partition names granted, or {@code null} for all ({@code "*"})
 * @param columns   the column-group names granted, or {@code null} for all ({@code "*"})
 * @param files     the embedded-file groups granted besides those every key sees (group {@code *}
 *                  and the grant's partitions, spec §1.23), or {@code null} for all ({@code "*"})
 * @param label     a label for the owner's records, or {@code null}
 * @param expires   when the grant expires, or {@code null}
 * @param expiresIn the expiry relative to the write time ({@code 30d}, {@code 12h}, {@code 1y}, or
 *                  milliseconds), or {@code null}; give {@code expires} or this, not both
 * @param mode      offline (the reader enforces expiry) or online (opening needs an unlock token)
 */
public record AccessGrant(AccessKeyText key, List<String> rows, List<String> columns, List<String> files, String label,
                          Instant expires, String expiresIn, Mode mode) {

    /** How a grant is enforced (spec §1.20). */
    public enum Mode {
        /** The key opens the file by itself; the reader enforces any expiry. */
        OFFLINE,
        /** The key also needs an unlock token from the owner's key service. */
        ONLINE;

        /** The mode's name in access files: {@code offline} or {@code online}. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public AccessGrant {
        Objects.requireNonNull(key, "key");
        rows = rows == null ? null : List.copyOf(rows);
        columns = columns == null ? null : List.copyOf(columns);
        files = files == null ? null : List.copyOf(files);
        mode = mode == null ? Mode.OFFLINE : mode;
        if (expires != null && expiresIn != null) {
            throw new JazminValidationException("a grant takes 'expires' or 'expiresIn', not both (key "
                    + key.keyId() + ")");
        }
        if (expiresIn != null) {
            ExpiryText.duration(expiresIn, Instant.EPOCH);
        }
    }

    /**
     * A grant of every row and every column group to {@code key}, offline, without expiry, and no
     * embedded-file group beyond those every key sees.
     */
    public static AccessGrant of(AccessKeyText key) {
        return new AccessGrant(key, null, null, List.of(), null, null, null, Mode.OFFLINE);
    }

    /** Grants the partitions named {@code names} only ({@code null}: all rows). */
    public AccessGrant withRows(List<String> names) {
        return new AccessGrant(key, names, columns, files, label, expires, expiresIn, mode);
    }

    /** Grants the column groups named {@code names} only ({@code null}: every group). */
    public AccessGrant withColumns(List<String> names) {
        return new AccessGrant(key, rows, names, files, label, expires, expiresIn, mode);
    }

    /**
     * Grants the embedded-file groups named {@code names} too ({@code null}: every file group); a key
     * always sees group {@code *} and the groups named like its partitions.
     */
    public AccessGrant withFiles(List<String> names) {
        return new AccessGrant(key, rows, columns, names, label, expires, expiresIn, mode);
    }

    /** A label for the owner's records ({@code null}: none); holders never see it. */
    public AccessGrant withLabel(String value) {
        return new AccessGrant(key, rows, columns, files, value, expires, expiresIn, mode);
    }

    /** The grant expires at {@code value} ({@code null}: never). */
    public AccessGrant withExpires(Instant value) {
        return new AccessGrant(key, rows, columns, files, label, value, null, mode);
    }

    /**
     * The grant expires {@code value} after the write ({@code 90s}, {@code 15m}, {@code 12h},
     * {@code 30d}, {@code 2w}, {@code 1y} in calendar years, or a number of milliseconds).
     */
    public AccessGrant withExpiresIn(String value) {
        return new AccessGrant(key, rows, columns, files, label, null, value, mode);
    }

    /** Offline (default) or online, where opening also needs an unlock token. */
    public AccessGrant withMode(Mode value) {
        return new AccessGrant(key, rows, columns, files, label, expires, expiresIn, value);
    }

    /** Whether the grant covers every partition present. */
    public boolean allRows() {
        return rows == null;
    }

    /** Whether the grant covers every column group. */
    public boolean allColumns() {
        return columns == null;
    }

    /** Whether the grant covers every embedded-file group. */
    public boolean allFiles() {
        return files == null;
    }

    /**
     * Whether the key sees embedded-file group {@code group} (spec §1.23): group {@code *}, a group
     * granted by {@link #files()}, one of the grant's partitions, or, for all rows, a partition in
     * {@code partitions} (the names present in the version).
     */
    public boolean seesFileGroup(String group, java.util.Collection<String> partitions) {
        return group.equals("*") || files == null || files.contains(group)
                || (rows == null ? partitions.contains(group) : rows.contains(group));
    }

    /** When the grant expires for a file written at {@code writtenAt}, or {@code null} when never. */
    public Instant expiresAt(Instant writtenAt) {
        return expiresIn == null ? expires : ExpiryText.duration(expiresIn, writtenAt);
    }
}
