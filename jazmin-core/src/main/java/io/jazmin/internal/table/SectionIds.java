package io.jazmin.internal.table;

/**
 * Builds the textual section ids of spec §1.6 (partition text {@code *} in plain files, the
 * base64url partition id in access-controlled ones).
 */
public final class SectionIds {
    /** The partition text of files that are not access-controlled. */
    public static final String PLAIN_PARTITION = "*";
    /**
     * The name of the partition of a row whose partition column holds {@code value} (spec §1.19):
     * the value's text (decimal digits for an int), empty for null.
     */
    public static String partitionName(Object value) {
        return value == null ? "" : value.toString();
    }

    /** The default column group. */
    public static final String DEFAULT_GROUP = "*";

    private SectionIds() {
    }

    public static String header() {
        return "header";
    }

    public static String chunkPart(int table, long ordinal, String group) {
        return table + "/chunk/" + ordinal + "/" + group;
    }

    /** Directory segment k of partition p; k = 0 has no suffix. */
    public static String directory(int table, String partition, int segment) {
        return table + "/dir/" + partition + suffix(segment);
    }

    /** Statistics block b of directory segment k. */
    public static String statistics(int table, String partition, int block, int segment) {
        return table + "/stats/" + partition + "/" + block + suffix(segment);
    }

    /** The definitions of restricted column group {@code group}. */
    public static String columnDefinitions(int table, String group) {
        return table + "/columns/" + group;
    }

    public static String ownerCatalog() {
        return "owner/catalog";
    }

    /** The owner's chunk map of the last full write. */
    public static String chunkMap(int table) {
        return table + "/chunkmap";
    }

    /** The owner's chunk map of the chunks appended since the last full write, written by append {@code segment}. */
    public static String chunkMap(int table, int segment) {
        return table + "/chunkmap/" + segment;
    }

    public static String partitionTable(int table) {
        return table + "/partitions";
    }

    public static String deletes(int table, long count) {
        return table + "/deletes/" + count;
    }

    public static String delta(int index) {
        return "delta/" + index;
    }

    private static String suffix(int segment) {
        return segment == 0 ? "" : "/" + segment;
    }
}
