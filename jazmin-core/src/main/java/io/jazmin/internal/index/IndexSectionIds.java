package io.jazmin.internal.index;

/** Section ids of indexes (spec §1.6). */
public final class IndexSectionIds {
    private IndexSectionIds() {
    }

    /**
     * The id of an index's main section: {@code <t>/index/<column>/<kind>}, plus {@code /<s>} for
     * append {@code s}. Sorted: its {@code IndexDirectory}; trigram: the index itself.
     */
    public static String index(int table, String column, String kind, int segment) {
        String id = table + "/index/" + column + "/" + kind;
        return segment == 0 ? id : id + "/" + segment;
    }

    /** Page {@code n} of the sorted index whose directory has id {@code indexId}. */
    public static String page(String indexId, int n) {
        return indexId + "/page/" + n;
    }

    /** The null postings of the sorted index whose directory has id {@code indexId}. */
    public static String nulls(String indexId) {
        return indexId + "/nulls";
    }
}
